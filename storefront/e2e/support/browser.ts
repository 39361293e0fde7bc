/**
 * Debian's Chromium, headless, driven by playwright-core, with a fresh profile folder each run.
 * Never a downloaded browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface RunningBrowser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<RunningBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'hoofbeat-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    context,
    newPage: async () => liveNavigation(await context.newPage()),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once the page is live: a server-rendered page (it carries its state in `#hb-state`)
 * when it is hydrated, which the app marks on `<html data-hydrated>`; a page rendered in the
 * browser has no state and is live as soon as it shows.
 */
export async function waitUntilLive(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('hb-state') || document.documentElement.dataset.hydrated === 'true');
}

/**
 * `goto` and `reload` that return once the page is live. The browser shows a server-rendered
 * page before it fetches the app (storefront/src/boot.ts), so a test that clicked at once would
 * click the server's HTML, as a visitor's very first tap can.
 */
function liveNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitUntilLive(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitUntilLive(page);
    return response;
  };
  return page;
}

/** The consent cookie of a visitor who chose: necessary only. */
export const CONSENT = encodeURIComponent(JSON.stringify({ necessary: true, analytics: false, marketing: false, date: '2026-01-01' }));

/**
 * A new page on `origin` of a visitor who has made the consent and localization choices (so no
 * banner covers the page), without cookies, cart or comparison of earlier tests (the browser
 * profile is shared), and with the page's uncaught errors collected.
 */
export async function freshPage(browser: RunningBrowser, origin: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.context().clearCookies();
  await page.context().addCookies([
    { name: 'hoofbeat_consent', value: CONSENT, url: origin },
    { name: 'hoofbeat_localization', value: encodeURIComponent(new Date().toISOString()), url: origin },
  ]);
  await page.goto(`${origin}/engine-check/`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  return { page, errors };
}
