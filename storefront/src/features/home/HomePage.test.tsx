import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { json, mockApi, type MockRoute } from '../../test/api';
import { HOOFBEAT_GROUP, renderApp } from '../../test/app';
import { toSite } from '../../api/sites';
import { resetAnalytics } from '../../lib/analytics';

const product = (productId: number, name: string, price: string) => ({
  productId,
  productVariantId: productId * 10,
  brand: 'Hoefslag',
  productGroup: 'muesli',
  name,
  price,
  unitPrice: [],
  image: null,
  rating: { average: null, count: 0 },
  stockState: 'inStock',
  url: `/muesli/${productId}`,
});

const HOME = {
  hero: {
    title: 'Voer en advies van paardenkenners',
    text: 'Getest in eigen stal.',
    image: 'hs-sport-muesli.svg',
    link: { title: 'Bekijk het assortiment', url: '/muesli/', target: '_self' },
  },
  tiles: [
    { title: 'Muesli', image: null, url: '/muesli/' },
    { title: 'Brokken', image: null, url: '/brokken/' },
  ],
  featured: [product(1, 'Hoefslag Sport Muesli', '24.95'), product(26, 'Hoefslag Balancer', '39.50')],
  newest: [product(9, 'Hoefslag Performance Muesli', '27.95')],
  sale: [],
};

const NEWS = {
  totalCount: 1,
  page: 1,
  pageSize: 10,
  pageCount: 1,
  items: [{ newsItemId: 4, date: '2026-01-15', title: 'Nieuwe Sport Muesli', summary: 'Met meer vezels.', image: null, url: '/media/4/nieuwe-sport-muesli/' }],
};

const ADVICE = {
  url: '/advies/',
  categories: [
    {
      adviceCategoryId: 1,
      title: 'Voeding',
      url: '/advies/voeding/',
      articles: [
        { adviceArticleId: 2, adviceCategoryId: 1, date: '2026-02-01', title: 'Hoeveel ruwvoer?', summary: null, url: '/advies/voeding/hoeveel-ruwvoer/' },
      ],
      videos: [],
    },
  ],
};

const routes = (overrides: Partial<Record<'home' | 'news' | 'advice', MockRoute['respond']>> = {}): MockRoute[] => [
  { url: '/api/routing/getbyurl?url=%2F', respond: { contentPageId: 101, siteId: 1, languageId: 1 } },
  { url: '/api/content/page?path=%2F', respond: { page: { pageKey: 'home', title: 'Hoefslag', body: 'Welkom bij Hoefslag.' } } },
  { url: '/api/content/home', respond: overrides.home ?? HOME },
  { url: '/api/news', respond: overrides.news ?? NEWS },
  { url: '/api/advice/categories', respond: overrides.advice ?? ADVICE },
];

beforeEach(() => {
  window.dataLayer = [];
  resetAnalytics();
});

describe('the home page', () => {
  it("shows the brand's hero, tiles, product lists, USPs, news and the two teasers", async () => {
    await renderApp('/');
    const page = await screen.findByTestId('page-home', {}, { timeout: 5000 });
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Hoefslag');
    const hero = await screen.findByTestId('home-hero');
    expect(hero).toHaveTextContent('Voer en advies van paardenkenners');
    expect(within(hero).getByRole('link', { name: 'Bekijk het assortiment' })).toHaveAttribute('href', '/muesli/');
    expect(screen.getByText('Welkom bij Hoefslag.')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('home-categories'))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/muesli/', '/brokken/']);
    const featured = screen.getByTestId('home-featured');
    expect(
      within(featured)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Hoefslag Sport Muesli', 'Hoefslag Balancer']);
    expect(featured).toHaveTextContent('€ 24,95');
    expect(within(screen.getByTestId('home-new')).getAllByTestId('home-product')).toHaveLength(1);
    expect(screen.getByTestId('home-sale')).toHaveTextContent('Hier staan nu geen producten.');
    expect(within(screen.getByTestId('home-usps')).getAllByRole('listitem')).toHaveLength(2);
    const news = await screen.findByTestId('home-news');
    expect(within(news).getByRole('link', { name: 'Nieuwe Sport Muesli' })).toHaveAttribute('href', '/media/4/nieuwe-sport-muesli/');
    expect(news).toHaveTextContent('15-01-2026');
    const advice = screen.getByTestId('home-advice');
    expect(within(advice).getByRole('link', { name: 'Hoeveel ruwvoer?' })).toHaveAttribute('href', '/advies/voeding/hoeveel-ruwvoer/');
    expect(within(advice).getByRole('link', { name: 'Naar het advies' })).toHaveAttribute('href', '/advies/');
    expect(within(screen.getByTestId('home-calculator')).getByRole('link', { name: 'Start de voercalculator' })).toHaveAttribute('href', '/feed-calculator/');
  });

  it('sends the impressions of its product lists in one batch', async () => {
    await renderApp('/');
    await screen.findByTestId('home-featured', {}, { timeout: 5000 });
    await waitFor(() => expect(window.dataLayer?.some((entry) => (entry as { event?: string }).event === 'view_item_list')).toBe(true), { timeout: 3000 });
    const lists = (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'view_item_list') as { ecommerce: { items: unknown[] } }[];
    expect(lists).toHaveLength(1);
    expect(lists[0]!.ecommerce.items).toEqual([
      {
        item_id: '1',
        item_name: 'Hoefslag Sport Muesli',
        price: '24.95',
        item_brand: 'Hoefslag',
        item_category: 'muesli',
        item_category2: 'muesli',
        item_variant: '10',
        item_list_name: 'home-featured',
        index: 1,
        quantity: 1,
      },
      {
        item_id: '26',
        item_name: 'Hoefslag Balancer',
        price: '39.50',
        item_brand: 'Hoefslag',
        item_category: 'muesli',
        item_category2: 'muesli',
        item_variant: '260',
        item_list_name: 'home-featured',
        index: 2,
        quantity: 1,
      },
      {
        item_id: '9',
        item_name: 'Hoefslag Performance Muesli',
        price: '27.95',
        item_brand: 'Hoefslag',
        item_category: 'muesli',
        item_category2: 'muesli',
        item_variant: '90',
        item_list_name: 'home-new',
        index: 1,
        quantity: 1,
      },
    ]);
  });

  it('keeps the rest of the page when a part fails, and shows the body alone on a site without a home page', async () => {
    mockApi(routes({ news: () => json({ message: 'down' }, 500), home: () => json({ status: 404 }, 404) }));
    await renderApp('/');
    await screen.findByTestId('page-home', {}, { timeout: 5000 });
    expect(await screen.findByTestId('home-part-failed')).toHaveTextContent('Dit deel van de pagina kon niet worden geladen.');
    expect(await screen.findByText('Welkom bij Hoefslag.')).toBeInTheDocument();
    expect(screen.queryByTestId('home-hero')).toBeNull();
    expect(screen.getByTestId('home-advice')).toBeInTheDocument();
    expect(screen.getByTestId('home-calculator')).toBeInTheDocument();
  });
});

describe('the corporate site’s home page', () => {
  it('shows the group’s hero, its story, its brands linking to their shops and its news; no products, no shop teasers, no cart or search', async () => {
    mockApi(
      routes({
        home: {
          hero: {
            title: 'Paardenvoer met kennis van zaken, sinds 1987',
            text: null,
            image: null,
            link: { title: 'Over de groep', url: '/over-ons/', target: '_self' },
          },
          tiles: [
            { title: 'Hoefslag', image: 'brand-hoefslag.svg', url: 'http://hoefslag.localhost:8080/' },
            { title: 'Weidegroen', image: 'brand-weidegroen.svg', url: 'http://weidegroen.localhost:8080/' },
          ],
          featured: [],
          newest: [],
          sale: [],
        },
      }),
    );
    await renderApp('/', { site: toSite(HOOFBEAT_GROUP) });
    const page = await screen.findByTestId('page-home', {}, { timeout: 5000 });
    expect(await within(page).findByTestId('home-hero')).toHaveTextContent('Paardenvoer met kennis van zaken, sinds 1987');
    expect(screen.getByText('Welkom bij Hoefslag.')).toBeInTheDocument();
    const brands = screen.getByTestId('home-categories');
    expect(within(brands).getByRole('heading', { level: 2 })).toHaveTextContent('Onze merken');
    expect(within(brands).getByRole('link', { name: 'Hoefslag' })).toHaveAttribute('href', 'http://hoefslag.localhost:8080/');
    expect(within(brands).getByRole('link', { name: 'Weidegroen' })).toHaveAttribute('href', 'http://weidegroen.localhost:8080/');
    expect(await screen.findByTestId('home-news')).toHaveTextContent('Nieuwe Sport Muesli');
    for (const shopPart of ['home-featured', 'home-new', 'home-sale', 'home-advice', 'home-calculator', 'cart-link', 'header-login', 'nav-feed-calculator']) {
      expect(screen.queryByTestId(shopPart), shopPart).toBeNull();
    }
    expect(screen.queryByRole('search')).toBeNull();
    const footer = await screen.findByTestId('footer');
    expect(within(footer).queryByRole('link', { name: 'Verkooppunten' })).toBeNull();
    expect(within(footer).queryByRole('heading', { name: 'Nieuwsbrief' })).toBeNull();
  });
});

// Every test answers the home page's requests unless it declares its own.
beforeEach(() => {
  mockApi(routes());
});
