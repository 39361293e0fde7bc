/**
 * In Chromium against the real server and the demo data: the back-in-stock mail read from the
 * outbox, review moderation by the back office, the FAQ and the news.
 * axe-core on every page visited (no serious or critical violation), no console
 * error, nothing requested from a third party. Expected texts come from the fixtures.
 */
import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe';
import { readOutbox } from './support/mail';
import { recordingPage, useShop } from './support/shop';

const nl = JSON.parse(readFileSync(new URL('../src/i18n/locales/nl.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;

type Texts = Record<string, string>;
const faqFixture = JSON.parse(readFileSync(new URL('../../fixtures/content/faq.json', import.meta.url), 'utf8')) as {
  faqs: { faqId: number; categories: { faqCategoryId: number; title: Texts; items: { faqItemId: number; question: Texts; answer: Texts; slug: Texts }[] }[] }[];
};
const newsFixture = JSON.parse(readFileSync(new URL('../../fixtures/content/news.json', import.meta.url), 'utf8')) as {
  newsItems: { newsItemId: number; date: string; siteIds: number[]; slug: Texts; title: Texts; summary: Texts; body: Texts }[];
};

/** Hoefslag Luzerne Brok 20 kg: stock 0 in the fixtures. */
const OUT_OF_STOCK_VARIANT = 1191;
/** Hoefslag Sport Muesli 15 kg (product 1: one approved review of 5 stars in the fixtures). */
const MUESLI_VARIANT = 1011;
/** The FAQ page of Hoefslag NL (fixtures/content/pages.json, page 108). */
const FAQ_PATH = '/klantenservice/veelgestelde-vragen/';

const shop = useShop();

/** A fresh page recording uncaught errors, console errors and every request leaving the shop. */
async function freshPage(): Promise<{ page: Page; errors: string[]; foreign: string[] }> {
  const recorded = await recordingPage(shop);
  recorded.page.on('console', (message) => {
    if (message.type() === 'error') recorded.errors.push(`console: ${message.text()}`);
  });
  return recorded;
}

/** The path of a variant's product page on Hoefslag NL, in Dutch. */
async function productPathOf(variantId: number): Promise<string> {
  const response = await fetch(`${shop.server.baseUrl}/api/routing/geturl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', siteid: '1', languageid: '1' },
    body: JSON.stringify({ type: 'productDetail', siteId: 1, languageId: 1, productVariantId: variantId, omitArticleCode: false }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

let backofficeKey: string | undefined;

/** A call to the back-office API with an integration key of the owner's permissions. */
async function backoffice(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  backofficeKey ??= shop.server.integrationKey(['prices.edit', 'stock.edit', 'reviews.moderate', 'orders.fulfil', 'orders.refund']);
  const response = await fetch(`${shop.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': backofficeKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Opens `path`, live (`goto` waits until the page is hydrated: support/browser.ts), with the page `testId` shown. */
async function open(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(`${shop.origin}${path}`);
  await page.getByTestId(testId).waitFor();
}

/**
 * Reloads the page with the browser's HTTP cache emptied first: reviews may be cached for 15
 * minutes (`Cache-Control: max-age=900`), so this is what a visitor
 * sees who comes back later, or another visitor.
 */
async function reloadUncached(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.clearBrowserCache');
  await devtools.detach();
  await page.reload();
}

/** The ids of the FAQ page's open questions. */
const openQuestions = (page: Page) =>
  page
    .getByTestId('page-faq')
    .locator('details[open]')
    .evaluateAll((nodes) => nodes.map((node) => node.id));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const texts = (page: Page, selector: string) => page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() ?? ''));

describe('the back-in-stock mail', () => {
  it('is asked for on an out-of-stock product, sent once when the back office sets the stock, and links to the orderable product', async () => {
    const address = 'weer-voorradig@example.com';
    const path = await productPathOf(OUT_OF_STOCK_VARIANT);
    expect(path).toBe('/brokken/hoefslag-luzerne-brok/hs-019-1/');
    const { page, errors, foreign } = await freshPage();
    // The product's own stock state (not that of a related product's card).
    const stock = page.locator('[data-variant-id] [data-testid="stock-state"]');
    await open(page, path, 'page-productDetail');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hoefslag Luzerne Brok');
    expect(await stock.getAttribute('data-state')).toBe('outOfStock');
    expect(await stock.textContent()).toBe(nl.product!.outOfStock);
    expect(await page.getByTestId('add-to-cart').count()).toBe(0);
    const form = page.getByTestId('back-in-stock');
    await form.getByLabel(nl.product!.notifyEmail!).fill(address);
    await form.getByRole('button', { name: nl.product!.notifySubmit }).click();
    await page.getByTestId('back-in-stock-sent').waitFor();
    expect(await page.getByTestId('back-in-stock-sent').textContent()).toBe(nl.product!.notifyConfirmed);
    expect(await seriousViolations(page)).toEqual([]);
    // Still out of stock: nothing is sent.
    await sleep(500);
    expect(readOutbox(shop.server.outboxDir).filter((mail) => mail.to.includes(address))).toEqual([]);

    const stocked = await backoffice('PUT', `/api/backoffice/variants/${OUT_OF_STOCK_VARIANT}`, { stock: 3 });
    expect(stocked.status).toBe(200);
    const mailsTo = () => readOutbox(shop.server.outboxDir).filter((mail) => mail.to.includes(address));
    for (let attempt = 0; attempt < 75 && mailsTo().length === 0; attempt++) await sleep(200);
    // Once: a later look finds no second mail.
    await sleep(1000);
    const mails = mailsTo();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Hoefslag Luzerne Brok is weer op voorraad');
    expect(mail.body).toContain('Goed nieuws: Hoefslag Luzerne Brok is weer op voorraad.');
    const port = new URL(shop.server.baseUrl).port;
    const link = /https?:\/\/[^\s"<>]+/.exec(mail.body)?.[0];
    expect(link).toBe(`http://hoefslag.localhost:${port}${path}`);

    // The mail's link: the product, now orderable.
    await open(page, new URL(link!).pathname, 'page-productDetail');
    expect(await stock.getAttribute('data-state')).toBe('low');
    expect(await stock.textContent()).toBe(nl.product!.lowStock);
    expect(await page.getByTestId('back-in-stock').count()).toBe(0);
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('added-to-cart').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});

describe('review moderation', () => {
  it('keeps a written review back until the back office approves it; then it appears and the rating follows', async () => {
    const path = await productPathOf(MUESLI_VARIANT);
    const { page, errors, foreign } = await freshPage();
    await open(page, path, 'page-productDetail');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hoefslag Sport Muesli');
    const rating = page.locator('a[href="#reviews-title"]');
    expect(await rating.textContent()).toBe('5 van de 5 sterren' + 'Gebaseerd op 1 review');
    await page.getByTestId('review').first().waitFor();
    expect(await texts(page, '[data-testid="review"] h3')).toEqual(['Top voer']);

    const form = page.getByTestId('review-form');
    await form.getByLabel(nl.reviews!.titleLabel!).fill('Prima muesli');
    await form.getByLabel(nl.reviews!.ratingLabel!).selectOption('4');
    await form.getByLabel(nl.reviews!.textLabel!).fill('Mijn merrie eet het heel graag');
    await form.getByLabel(nl.reviews!.nameLabel!).fill('Testruiter');
    await form.getByRole('button', { name: nl.reviews!.submit }).click();
    await page.getByTestId('review-sent').waitFor();
    expect(await page.getByTestId('review-sent').textContent()).toBe(nl.reviews!.thanks);
    expect(await seriousViolations(page)).toEqual([]);

    // Not shown before it is approved.
    await reloadUncached(page);
    await page.getByTestId('review').first().waitFor();
    expect(await texts(page, '[data-testid="review"] h3')).toEqual(['Top voer']);
    expect(await rating.textContent()).toBe('5 van de 5 sterren' + 'Gebaseerd op 1 review');

    const pending = await backoffice('GET', '/api/backoffice/reviews?ps=100');
    expect(pending.status).toBe(200);
    expect(pending.json.total).toBe(9);
    const ours = (pending.json.reviews as Record<string, unknown>[]).find((review) => review.reviewerName === 'Testruiter')!;
    expect(ours).toMatchObject({
      productId: 1,
      rating: 4,
      title: 'Prima muesli',
      text: 'Mijn merrie eet het heel graag',
      status: 'pending',
      siteId: 1,
      languageId: 1,
    });
    const approved = await backoffice('POST', `/api/backoffice/reviews/${String(ours.reviewId)}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.json.status).toBe('approved');

    // After a reload: the review, newest first, and the product's rating of two reviews.
    let shown = '';
    for (let attempt = 0; attempt < 20 && shown !== '4,5 van de 5 sterren' + 'Gebaseerd op 2 reviews'; attempt++) {
      if (attempt > 0) await sleep(250);
      await reloadUncached(page);
      shown = (await rating.textContent()) ?? '';
    }
    expect(shown).toBe('4,5 van de 5 sterren' + 'Gebaseerd op 2 reviews');
    await page.getByTestId('review').nth(1).waitFor();
    expect(await texts(page, '[data-testid="review"] h3')).toEqual(['Prima muesli', 'Top voer']);
    const first = page.getByTestId('review').first();
    expect(await first.locator('p').first().textContent()).toBe('Mijn merrie eet het heel graag');
    expect(await first.getByTestId('star-rating').textContent()).toBe('4 van de 5 sterren');
    expect(await first.getByText('Testruiter').count()).toBe(1);
    expect(await page.getByTestId('reviews').locator('p').first().textContent()).toBe('4,5 van de 5 sterren' + 'Gebaseerd op 2 reviews');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});

describe('the FAQ', () => {
  const categories = faqFixture.faqs.find((faq) => faq.faqId === 1)!.categories;
  const questionPath = (slug: Texts) => `${FAQ_PATH}${slug.nl}/`;

  it('groups the questions, opens them with the keyboard and links to each', async () => {
    const { page, errors, foreign } = await freshPage();
    await open(page, FAQ_PATH, 'page-faq');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Veelgestelde vragen');
    expect(await texts(page, '[data-testid="page-faq"] section h2')).toEqual(['Bestellen en betalen', 'Bezorgen en retourneren', 'Voeren', 'Ruwvoeranalyse']);
    for (const category of categories) {
      const section = page.getByRole('region', { name: category.title.nl });
      expect(await section.locator('summary').evaluateAll((nodes) => nodes.map((node) => node.textContent))).toEqual(
        category.items.map((item) => item.question.nl),
      );
      // Each question links to its own path.
      expect(await section.getByTestId('faq-question-link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
        category.items.map((item) => questionPath(item.slug)),
      );
    }
    expect(await openQuestions(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The keyboard: Tab from the search to the first question, Enter opens and closes it.
    await page.getByLabel(nl.faq!.searchPlaceholder!).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Kan ik bestellen zonder account?');
    await page.keyboard.press('Enter');
    const first = page.locator('#faq-11');
    expect(await first.getAttribute('open')).toBe('');
    expect(await first.locator('p').first().textContent()).toBe(
      'Ja. Je kunt als gast bestellen. Kies je tijdens het afrekenen een wachtwoord, dan maken wij een account voor je aan dat je nog per e-mail activeert.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await first.getAttribute('open')).toBeNull();
    // Space opens another question; its link opens that question's own page.
    await page.locator('#faq-22 summary').focus();
    await page.keyboard.press('Space');
    expect(await page.locator('#faq-22').getAttribute('open')).toBe('');
    await page.locator('#faq-22').getByTestId('faq-question-link').click();
    await page.waitForURL(`${shop.origin}${FAQ_PATH}kan-ik-laten-bezorgen-bij-een-pakketpunt/`);
    expect(await openQuestions(page)).toEqual(['faq-22']);

    // A question's own path, rendered by the server: that question open, the others closed.
    await page.goto(`${shop.origin}${FAQ_PATH}hoe-neem-ik-een-goed-hooimonster/`);
    await page.getByTestId('page-faq').waitFor();
    expect(await openQuestions(page)).toEqual(['faq-41']);
    expect(await page.locator('#faq-41 p').first().textContent()).toBe(
      'Neem uit minstens tien balen een handvol uit het midden en meng dit. Stuur ongeveer 500 gram in de monsterzak.',
    );
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Veelgestelde vragen');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('filters the questions by the search', async () => {
    const { page, errors, foreign } = await freshPage();
    await open(page, FAQ_PATH, 'page-faq');
    const search = page.getByLabel(nl.faq!.searchPlaceholder!);
    await search.fill('pakketpunt');
    expect(await texts(page, '[data-testid="page-faq"] section h2')).toEqual(['Bezorgen en retourneren']);
    expect(await texts(page, '[data-testid="page-faq"] summary')).toEqual(['Kan ik laten bezorgen bij een pakketpunt?']);
    // Every word must match, in the question or the answer.
    await search.fill('Verschil BALANCER');
    expect(await texts(page, '[data-testid="page-faq"] summary')).toEqual(['Wat is het verschil tussen een brok en een balancer?']);
    await search.fill('verschil');
    expect(await texts(page, '[data-testid="page-faq"] section h2')).toEqual(['Voeren', 'Ruwvoeranalyse']);
    expect(await texts(page, '[data-testid="page-faq"] summary')).toEqual([
      'Wat is het verschil tussen een brok en een balancer?',
      'Wat is het verschil tussen de quick scan en de hygiënescan?',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await search.fill('paardenbak');
    expect(await page.getByTestId('page-faq').locator('summary').count()).toBe(0);
    expect(await page.getByTestId('page-faq').getByRole('status').textContent()).toBe(nl.faq!.notFound);
    expect(await seriousViolations(page)).toEqual([]);
    await search.fill('');
    expect(await page.getByTestId('page-faq').locator('summary').count()).toBe(10);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});

describe('the news', () => {
  const items = newsFixture.newsItems.filter((item) => item.siteIds.includes(1)).sort((a, b) => b.date.localeCompare(a.date) || b.newsItemId - a.newsItemId);
  const titles = items.map((item) => item.title.nl);

  it('pages through the overview and opens an item', async () => {
    expect(titles).toEqual([
      'Silolevering voor grote stallen',
      'Winterklaar: vitamine E en selenium',
      'Hooi van de nieuwe oogst',
      'Nieuw: Graanvrije Muesli',
      'Hoefslag op de Paardendagen',
      'Elektrolyten in de zomer',
      'Voorjaarsgras en suiker',
      'Ruwvoer analyseren: waarom nu?',
      "Nieuwe verpakking voor onze muesli's",
    ]);
    const { page, errors, foreign } = await freshPage();
    const headings = () => texts(page, '[data-testid="page-media"] article h2');
    // The default page size (24): all nine on one page, no paging.
    await page.goto(`${shop.origin}/media/`);
    await page.getByTestId('page-media').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(nl.news!.title);
    expect(await headings()).toEqual(titles);
    expect(await page.getByTestId('page-media').locator('[aria-current="page"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Four a page: three pages, each with the next items.
    await open(page, '/media/?ps=4', 'page-media');
    expect(await headings()).toEqual(titles.slice(0, 4));
    const paging = page.getByRole('navigation', { name: nl.news!.title, exact: true });
    expect(await paging.locator('[aria-current="page"]').textContent()).toBe('1 / 3');
    expect(await seriousViolations(page)).toEqual([]);
    await paging.getByRole('link', { name: 'Pagina 2 van 3' }).click();
    await page.waitForURL(`${shop.origin}/media/?p=2&ps=4`);
    await page.getByRole('heading', { name: titles[4] }).waitFor();
    expect(await headings()).toEqual(titles.slice(4, 8));
    expect(await paging.locator('[aria-current="page"]').textContent()).toBe('2 / 3');
    await paging.getByRole('link', { name: 'Pagina 3 van 3' }).click();
    await page.waitForURL(`${shop.origin}/media/?p=3&ps=4`);
    await page.getByRole('heading', { name: titles[8] }).waitFor();
    expect(await headings()).toEqual(titles.slice(8));
    expect(await paging.getByRole('link').evaluateAll((links) => links.map((link) => `${link.textContent} ${link.getAttribute('href')}`))).toEqual([
      '2 /media/?p=2&ps=4',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // The item's own page.
    const item = items[8]!;
    await page.getByRole('link', { name: item.title.nl, exact: true }).click();
    await page.waitForURL(`${shop.origin}/media/1/nieuwe-verpakking-voor-onze-mueslis/`);
    await page.getByTestId('page-media-item').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(item.title.nl);
    expect(await page.getByTestId('page-media-item').locator('time').getAttribute('datetime')).toBe('2026-01-12');
    const article = page.getByTestId('page-media-item');
    expect(await article.locator('strong').first().textContent()).toBe(item.summary.nl);
    expect(await article.getByText('Heb je vragen? Onze voerspecialisten helpen je graag via de klantenservice.').count()).toBe(1);
    expect(await article.getByRole('link', { name: nl.news!.backToOverview }).getAttribute('href')).toBe('/media/');
    expect(await seriousViolations(page)).toEqual([]);

    // Rendered by the server too, when opened directly.
    await page.goto(`${shop.origin}/media/10/silolevering-voor-grote-stallen/`);
    await page.getByTestId('page-media-item').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Silolevering voor grote stallen');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
