/**
 * The site API the storefront starts with (`/api/sites/getbydomain`, the routing look-up and
 * page content) is being built on the server. Until the server answers them, these routes
 * answer from the demo fixtures instead: each request first goes to the real server, and only
 * a 404 (the endpoint is missing) is replaced by the fixture's answer.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page, Route } from 'playwright-core';

const fixtures = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
const read = <T>(path: string): T => JSON.parse(readFileSync(`${fixtures}${path}`, 'utf8')) as T;

interface FixtureSite {
  siteId: number;
  domain: string;
  aliases?: string[];
  languages: number[];
  [field: string]: unknown;
}
interface FixtureLanguage {
  languageId: number;
  culture: string;
  localizedName: string;
}
interface FixturePage {
  siteId: number;
  pageId: number;
  path: Record<string, string>;
  title: Record<string, string>;
  body: Record<string, string>;
}

const sites = read<{ sites: FixtureSite[] }>('sites.json').sites;
const languages = read<{ languages: FixtureLanguage[] }>('languages.json').languages;
const pages = read<{ pages: FixturePage[] }>('content/pages.json').pages;

/** The demo site of a host name, in the API's shape (languages expanded). */
export function demoSite(hostname: string): Record<string, unknown> | undefined {
  const site = sites.find((candidate) => candidate.domain === hostname || candidate.aliases?.includes(hostname));
  if (!site) return undefined;
  return { ...site, languages: site.languages.map((id) => languages.find((language) => language.languageId === id)) };
}

async function fromServerOr(route: Route, fallback: () => unknown) {
  // Node cannot resolve every *.localhost name Chromium can: then only the fixtures answer.
  const response = await route.fetch().catch(() => null);
  if (response && response.status() !== 404) return route.fulfill({ response });
  const body = fallback();
  if (body === undefined) {
    return response ? route.fulfill({ response }) : route.fulfill({ status: 404, contentType: 'application/json', body: '{"status":404}' });
  }
  return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
}

/** Installs the fixture answers on a page, for the demo site of the page's host name. */
export async function useDemoSiteApi(page: Page): Promise<void> {
  await page.route('**/api/sites/getbydomain?**', (route) =>
    fromServerOr(route, () => demoSite(new URL(route.request().url()).searchParams.get('domain') ?? '')),
  );
  const homePage = (siteId: number) => pages.find((candidate) => candidate.siteId === siteId && candidate.path.nl === '/');
  await page.route('**/api/routing/getbyurl?**', (route) =>
    fromServerOr(route, () => {
      const url = new URL(route.request().url()).searchParams.get('url');
      const site = Number(route.request().headers().siteid);
      const home = homePage(site);
      return url === '/' && home ? { pageType: 'contentPage', contentPageId: home.pageId, siteId: site } : undefined;
    }),
  );
  await page.route('**/api/content/page?**', (route) =>
    fromServerOr(route, () => {
      const path = new URL(route.request().url()).searchParams.get('path');
      const home = homePage(Number(route.request().headers().siteid));
      return path === '/' && home ? { title: home.title.nl, body: home.body.nl } : undefined;
    }),
  );
}
