/**
 * Issue 21's mails in the browser against the real server: the footer's newsletter sign-up, the
 * opt-in mail read from the outbox, its link to the confirmed page and the unsubscribe page;
 * the customer survey opened from the order confirmation mail, answered once. axe-core on every
 * page (no serious or critical violation).
 */
import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { freshPage, launchBrowser, type RunningBrowser } from './support/browser';
import { readOutbox, waitForMailLink } from './support/mail';
import { startServer, type RunningServer } from './support/server';

const nl = JSON.parse(readFileSync(new URL('../src/i18n/locales/nl.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;

let server: RunningServer;
let chromium: RunningBrowser;
let origin: string;

beforeAll(async () => {
  server = await startServer();
  chromium = await launchBrowser();
  origin = server.baseUrl.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** The path and query of the first link in `text` whose path starts with `path`. */
function linkTo(text: string, path: string): string {
  const link = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, '\\/')}[^\\s"<>]*`).exec(text)?.[0];
  if (!link) throw new Error(`no link to ${path} in ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

describe('the newsletter', () => {
  it('signs up in the footer, confirms with the mailed link and unsubscribes', async () => {
    const { page, errors } = await freshPage(chromium, origin);
    await page.goto(`${origin}/`);
    const form = page.getByTestId('newsletter-signup');
    await form.waitFor();
    expect(await form.getByRole('heading', { name: nl.newsletter!.title! }).count()).toBe(1);
    await page.getByTestId('newsletter-email').fill('geen-adres');
    await page.getByTestId('newsletter-submit').click();
    await page.getByTestId('error-newsletter-email').waitFor();
    expect(await page.getByTestId('error-newsletter-email').textContent()).toBe(nl.validation!.invalidEmail);
    expect(await page.getByTestId('newsletter-email').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(nl.newsletterSignup!.label!).fill('voetnoot@example.com');
    await page.getByTestId('newsletter-submit').click();
    await page.getByTestId('newsletter-sent').waitFor();
    expect(await page.getByTestId('newsletter-sent').textContent()).toBe(nl.newsletterSignup!.sent);

    const { mail, path } = await waitForMailLink(server.outboxDir, 'voetnoot@example.com');
    expect(mail.subject).toBe('Bevestig je aanmelding voor de nieuwsbrief van Hoefslag');
    expect(path).toMatch(/^\/newsletter\/confirm\/\?token=[0-9a-f]{64}$/);
    await page.goto(`${origin}${path}`);
    await page.getByTestId('newsletter-confirmed').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(nl.newsletterSignup!.confirmTitle);
    expect(await page.getByTestId('newsletter-confirmed').textContent()).toBe(nl.newsletterSignup!.confirmed);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${origin}${linkTo(mail.body, '/newsletter/unsubscribe/')}`);
    await page.getByTestId('page-newsletter-unsubscribe').waitFor();
    expect(await page.getByText('voetnoot@example.com', { exact: false }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('newsletter-unsubscribe').click();
    await page.getByTestId('newsletter-unsubscribed').waitFor();
    expect(await page.getByTestId('newsletter-unsubscribed').textContent()).toBe(nl.newsletterSignup!.unsubscribed);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** A call to the API as the storefront of site 1 (Hoefslag NL, Dutch) makes it. */
async function api(path: string, method: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', siteid: '1', languageid: '1' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

describe('the customer survey', () => {
  it('is answered once from the order confirmation mail', async () => {
    const created = (await api('/api/cart', 'POST')) as { cart: { shoppingcartId: string } };
    const cart = created.cart.shoppingcartId;
    await api(`/api/cart/${cart}/products?productVariantId=1011&quantity=1`, 'POST');
    await api(`/api/cart/${cart}/billing`, 'POST', {
      firstName: 'Sanne',
      lastName: 'de Wit',
      emailAddress: 'enquete@example.com',
      phoneNumber: '0612345678',
      address: { street: 'Oudegracht', streetNumber: '12', zipcode: '3511 AP', city: 'Utrecht', countryId: 1 },
    });
    await api(`/api/cart/${cart}/payment`, 'POST', { paymentMethodId: 6 });
    const placed = (await api(`/api/cart/${cart}/order`, 'POST')) as { order: { orderNumber: string } };
    const number = placed.order.orderNumber;
    let body = '';
    for (let attempt = 0; attempt < 75 && !body; attempt++) {
      body = readOutbox(server.outboxDir).find((mail) => mail.subject.includes(number))?.body ?? '';
      if (!body) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const path = linkTo(body, '/survey/');
    expect(path).toMatch(new RegExp(`^/survey/\\?order=${number}&token=[0-9a-f]{64}$`));

    const { page, errors } = await freshPage(chromium, origin);
    await page.goto(`${origin}${path}`);
    await page.getByTestId('survey-form').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(nl.customerSurvey!.title);
    expect(await page.getByText(`Bestelling ${number}`, { exact: false }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('survey-submit').click();
    await page.getByTestId('error-rating').waitFor();
    expect(await page.getByTestId('error-rating').textContent()).toBe(nl.validation!.required);
    await page.getByLabel(`4 – ${nl.customerSurvey!.rating4}`).check();
    await page.getByLabel(nl.customerSurvey!.comment!).fill('Vlot geleverd');
    await page.getByTestId('survey-submit').click();
    await page.getByTestId('survey-thanks').waitFor();
    expect(await page.getByTestId('survey-thanks').textContent()).toBe(nl.customerSurvey!.thanks);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await page.getByTestId('survey-answered').waitFor();
    expect(await page.getByTestId('survey-answered').textContent()).toBe(nl.customerSurvey!.answered);
    expect(errors).toEqual([]);
    await page.close();
  });
});
