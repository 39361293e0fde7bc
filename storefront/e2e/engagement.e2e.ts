/**
 * The engagement mails in the browser against the real server: the footer's newsletter sign-up, the
 * opt-in mail read from the outbox, its link to the confirmed page and the unsubscribe page;
 * the customer survey opened from the order confirmation mail, answered once. axe-core on every
 * page (no serious or critical violation).
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { freshPage } from './support/browser';
import { readOutbox, waitForMailLink } from './support/mail';
import { placeTransferOrder, useShop } from './support/shop';

const nl = JSON.parse(readFileSync(new URL('../src/i18n/locales/nl.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;

const shop = useShop();

/** The path and query of the first link in `text` whose path starts with `path`. */
function linkTo(text: string, path: string): string {
  const link = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, '\\/')}[^\\s"<>]*`).exec(text)?.[0];
  if (!link) throw new Error(`no link to ${path} in ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

describe('the newsletter', () => {
  it('signs up in the footer, confirms with the mailed link and unsubscribes', async () => {
    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    await page.goto(`${shop.origin}/`);
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

    const { mail, path } = await waitForMailLink(shop.server.outboxDir, 'voetnoot@example.com');
    expect(mail.subject).toBe('Bevestig je aanmelding voor de nieuwsbrief van Hoefslag');
    expect(path).toMatch(/^\/newsletter\/confirm\/\?token=[0-9a-f]{64}$/);
    await page.goto(`${shop.origin}${path}`);
    await page.getByTestId('newsletter-confirmed').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(nl.newsletterSignup!.confirmTitle);
    expect(await page.getByTestId('newsletter-confirmed').textContent()).toBe(nl.newsletterSignup!.confirmed);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${shop.origin}${linkTo(mail.body, '/newsletter/unsubscribe/')}`);
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

describe('the customer survey', () => {
  it('is answered once from the order confirmation mail', async () => {
    const number = await placeTransferOrder(shop, {
      productVariantId: 1011,
      quantity: 1,
      firstName: 'Sanne',
      lastName: 'de Wit',
      emailAddress: 'enquete@example.com',
    });
    let body = '';
    for (let attempt = 0; attempt < 75 && !body; attempt++) {
      body = readOutbox(shop.server.outboxDir).find((mail) => mail.subject.includes(number))?.body ?? '';
      if (!body) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const path = linkTo(body, '/survey/');
    expect(path).toMatch(new RegExp(`^/survey/\\?order=${number}&token=[0-9a-f]{64}$`));

    const { page, errors } = await freshPage(shop.chromium, shop.origin);
    await page.goto(`${shop.origin}${path}`);
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
