import { describe, expect, it } from 'vitest';

import type { ProductDetail } from '../../api/catalog';
import type { Faq, NewsArticle } from '../../api/content';
import { toSite } from '../../api/sites';
import { HOEFSLAG_NL } from '../../test/app';
import { dealer as aDealer } from '../../test/dealers';
import { headTags, pageHead, summaryOf, type DynamicPageFacts, type HeadInput } from './head';

const site = toSite(HOEFSLAG_NL);
const t = (key: string) => `«${key}»`;
const ALTERNATES = {
  canonical: 'http://hoefslag.localhost:8080/muesli/hoefslag-senior-muesli/',
  alternates: [
    { hreflang: 'nl-NL', href: 'http://hoefslag.localhost:8080/muesli/hoefslag-senior-muesli/' },
    { hreflang: 'en-NL', href: 'http://hoefslag.localhost:8080/muesli/hoefslag-senior-muesli/?lang=en' },
    { hreflang: 'de-DE', href: 'http://de.hoefslag.localhost:8080/musli/hoefslag-senior-musli/' },
  ],
  xDefault: 'http://hoefslag.localhost:8080/muesli/hoefslag-senior-muesli/',
};

const input = (data: unknown, overrides: Partial<HeadInput> = {}): HeadInput => ({
  site,
  currency: 'EUR',
  culture: 'nl',
  t,
  routeId: 'dynamic',
  data,
  status: 200,
  ...overrides,
});

const product = {
  productId: 7,
  productVariantId: 71,
  productKey: 'senior-muesli',
  name: 'Hoefslag Senior Muesli',
  brand: 'Hoefslag',
  articleNumber: 'HS-1001',
  ean: '8712345000017',
  image: '/images/senior-muesli.webp',
  price: '31.95',
  stock: { state: 'inStock', orderable: true, enableStockReminderFeature: false, stockReminderAvailable: false },
  rating: { average: '4.5', count: 12 },
  shortDescription: 'Muesli for older horses.\n\nWith extra fibre.',
} as unknown as ProductDetail;

const page = (overrides: Partial<DynamicPageFacts> = {}): DynamicPageFacts => ({
  route: { pageType: 'productDetail', parameters: { productVariantId: 71 } },
  content: { title: '', indexable: true, alternates: ALTERNATES, data: { path: '/muesli/hoefslag-senior-muesli/' } },
  product,
  ...overrides,
});

describe('summaryOf', () => {
  it('takes the first paragraph of a markdown body as plain text', () => {
    expect(summaryOf('## Welkom bij Hoefslag\n\nPaardenvoer voor elk paard.\nVoor 22:00 besteld.\n\nMeer tekst.')).toBe(
      'Paardenvoer voor elk paard. Voor 22:00 besteld.',
    );
    expect(summaryOf('- een\n- twee')).toBe('een twee');
    expect(summaryOf('')).toBeNull();
    expect(summaryOf('# Only a heading')).toBeNull();
    expect(summaryOf('Bekijk [onze vacatures](/werken-bij/) hier.')).toBe('Bekijk onze vacatures hier.');
  });

  it('cuts a long text at a word, with an ellipsis, within 160 characters', () => {
    const long = 'woord '.repeat(40).trim();
    const summary = summaryOf(long) ?? '';
    expect(summary).toBe(`${'woord '.repeat(26).trim()}…`);
    expect(summary.length).toBeLessThanOrEqual(160);
  });
});

describe('pageHead', () => {
  it('describes a product page: title, description, canonical, alternates, Open Graph and Product JSON-LD', () => {
    const head = pageHead(input(page()));
    expect(head.title).toBe('Hoefslag Senior Muesli | Hoefslag');
    expect(head.description).toBe('Muesli for older horses.');
    expect(head.canonical).toBe(ALTERNATES.canonical);
    expect(head.alternates).toEqual(ALTERNATES.alternates);
    expect(head.xDefault).toBe(ALTERNATES.xDefault);
    expect(head.indexable).toBe(true);
    expect(head.openGraph).toEqual({ type: 'product', image: 'http://hoefslag.localhost:8080/images/senior-muesli.webp', locale: 'nl' });
    expect(head.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Hoefslag Senior Muesli',
      sku: 'HS-1001',
      gtin13: '8712345000017',
      description: 'Muesli for older horses.',
      image: 'http://hoefslag.localhost:8080/images/senior-muesli.webp',
      brand: { '@type': 'Brand', name: 'Hoefslag' },
      offers: {
        '@type': 'Offer',
        url: ALTERNATES.canonical,
        price: '31.95',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.5', reviewCount: 12, bestRating: '5', worstRating: '1' },
    });
    expect(head.jsonLd[1]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Hoefslag', item: 'http://hoefslag.localhost:8080/' },
        { '@type': 'ListItem', position: 2, name: 'Hoefslag Senior Muesli', item: ALTERNATES.canonical },
      ],
    });
  });

  it('leaves the rating out of a product without reviews and marks it out of stock', () => {
    const unrated = { ...product, rating: { average: null, count: 0 }, stock: { ...product.stock, state: 'outOfStock' } } as ProductDetail;
    const [json] = pageHead(input(page({ product: unrated }))).jsonLd;
    expect(json).not.toHaveProperty('aggregateRating');
    expect((json?.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
  });

  it('gives the home page the brand as title and the Organization', () => {
    const home = page({
      route: { pageType: 'contentPage', parameters: { contentPageId: 101 } },
      content: {
        title: 'Hoefslag',
        body: '## Welkom bij Hoefslag\n\nPaardenvoer, supplementen en ruwvoeranalyse voor elk paard.',
        indexable: true,
        alternates: { ...ALTERNATES, canonical: 'http://hoefslag.localhost:8080/' },
        data: { path: '/' },
      },
    });
    delete home.product;
    const head = pageHead(input(home));
    expect(head.title).toBe('Hoefslag');
    expect(head.description).toBe('Paardenvoer, supplementen en ruwvoeranalyse voor elk paard.');
    expect(head.jsonLd).toEqual([{ '@context': 'https://schema.org', '@type': 'Organization', name: 'Hoefslag', url: 'http://hoefslag.localhost:8080/' }]);
  });

  it('lists an FAQ page’s questions as FAQPage', () => {
    const faq = {
      faqId: 1,
      categories: [
        {
          faqCategoryId: 1,
          title: 'Bestellen',
          items: [{ faqItemId: 11, question: 'Wanneer wordt mijn bestelling bezorgd?', answer: 'Voor 22:00 besteld, morgen in huis.' }],
        },
        { faqCategoryId: 2, title: 'Leeg', items: [{ faqItemId: 12, question: 'Zonder antwoord?', answer: null }] },
      ],
    } as Faq;
    const withoutProduct = { ...page({ route: { pageType: 'faq', parameters: { faqId: 1 } }, faq }) };
    delete withoutProduct.product;
    const faqHead = pageHead(input({ ...withoutProduct, content: { ...withoutProduct.content, title: 'Veelgestelde vragen' } }));
    expect(faqHead.title).toBe('Veelgestelde vragen | Hoefslag');
    expect(faqHead.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Wanneer wordt mijn bestelling bezorgd?',
          acceptedAnswer: { '@type': 'Answer', text: 'Voor 22:00 besteld, morgen in huis.' },
        },
      ],
    });
  });

  it('describes a news item as NewsArticle', () => {
    const news = {
      newsItemId: 1,
      date: '2026-01-12',
      title: "Nieuwe verpakking voor onze muesli's",
      summary: 'Onze muesli’s zitten voortaan in een recyclebare zak.',
      image: null,
      body: 'Tekst.',
    } as NewsArticle;
    const facts = page({ route: { pageType: 'newsItem', parameters: { newsItemId: 1 } }, news });
    delete facts.product;
    const head = pageHead(input(facts, { routeId: 'mediaItem' }));
    expect(head.title).toBe("Nieuwe verpakking voor onze muesli's | Hoefslag");
    expect(head.description).toBe('Onze muesli’s zitten voortaan in een recyclebare zak.');
    expect(head.openGraph.type).toBe('article');
    expect(head.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: "Nieuwe verpakking voor onze muesli's",
      datePublished: '2026-01-12',
      mainEntityOfPage: ALTERNATES.canonical,
      publisher: { '@type': 'Organization', name: 'Hoefslag' },
    });
  });

  it('keeps private and failed pages out of the index', () => {
    expect(pageHead(input(null, { routeId: 'cart' }))).toMatchObject({ title: '«cart.title» | Hoefslag', indexable: false, canonical: null });
    expect(pageHead(input(null, { routeId: 'checkout.payment' }))).toMatchObject({ title: '«checkout.title» | Hoefslag', indexable: false });
    expect(pageHead(input(null, { routeId: 'dealer' }))).toMatchObject({ title: '«storeLocator.title» | Hoefslag', indexable: true });
    // The store locator's loader brings the site's dealer page title.
    expect(pageHead(input({ near: '', dealers: null, title: 'Find a stockist' }, { routeId: 'dealer' }))).toMatchObject({
      title: 'Find a stockist | Hoefslag',
      indexable: true,
    });
    expect(pageHead(input(page(), { status: 404 }))).toMatchObject({ title: '«errors.pageNotFound» | Hoefslag', indexable: false, jsonLd: [] });
    expect(pageHead(input(page({ content: { ...page().content, indexable: false } }))).indexable).toBe(false);
  });
});

describe('the landing pages of the shop', () => {
  const LANDING = {
    canonical: 'http://hoefslag.localhost:8080/feed-calculator/',
    alternates: [
      { hreflang: 'nl-NL', href: 'http://hoefslag.localhost:8080/feed-calculator/' },
      { hreflang: 'de-DE', href: 'http://de.hoefslag.localhost:8080/feed-calculator/' },
    ],
    xDefault: 'http://hoefslag.localhost:8080/feed-calculator/',
  };

  it('lets search engines index the feed calculator, described as a free web application', () => {
    const head = pageHead(input({ choices: {}, productId: null, alternates: LANDING }, { routeId: 'feedCalculator' }));
    expect(head).toMatchObject({
      title: '«feedCalculator.title» | Hoefslag',
      description: '«feedCalculator.intro»',
      indexable: true,
      canonical: LANDING.canonical,
      alternates: LANDING.alternates,
      xDefault: LANDING.xDefault,
    });
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'WebApplication',
        name: '«feedCalculator.title»',
        url: LANDING.canonical,
        description: '«feedCalculator.intro»',
        applicationCategory: 'UtilitiesApplication',
        operatingSystem: 'Any',
        browserRequirements: 'Requires JavaScript',
        inLanguage: 'nl',
        isAccessibleForFree: true,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR' },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Hoefslag', item: 'http://hoefslag.localhost:8080/' },
          { '@type': 'ListItem', position: 2, name: '«feedCalculator.title»', item: LANDING.canonical },
        ],
      },
    ]);
    expect(headTags(head, 'Hoefslag')).not.toContain('noindex');
  });

  it('describes the dealers a store locator shows as local businesses, with their opening hours', () => {
    const dealer = aDealer({ openingHours: { mon: ['09:00-12:00', '13:00-18:00'], sun: [] } });
    const locator = { ...LANDING, canonical: 'http://hoefslag.localhost:8080/store-locator/' };
    const data = { near: '', dealers: { dealers: Array.from({ length: 25 }, () => dealer) }, title: null, alternates: locator };
    const head = pageHead(input(data, { routeId: 'dealer' }));
    expect(head).toMatchObject({
      title: '«storeLocator.title» | Hoefslag',
      description: '«storeLocator.description»',
      indexable: true,
      canonical: locator.canonical,
    });
    const businesses = head.jsonLd.filter((entry) => entry['@type'] === 'LocalBusiness');
    expect(businesses).toHaveLength(20);
    expect(businesses[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Hoefslag Winkel Barneveld',
      address: { '@type': 'PostalAddress', streetAddress: 'Stationsweg 45', postalCode: '3771 EB', addressLocality: 'Barneveld' },
      geo: { '@type': 'GeoCoordinates', latitude: 52.1405, longitude: 5.5847 },
      telephone: '+31342400100',
      email: 'info1@dealer.example',
      openingHoursSpecification: [
        { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '12:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '13:00', closes: '18:00' },
      ],
    });
  });

  it('is still indexable, without an address, when the server named none', () => {
    expect(pageHead(input({ choices: {}, productId: null, alternates: null }, { routeId: 'feedCalculator' }))).toMatchObject({
      indexable: true,
      canonical: null,
      jsonLd: [],
    });
  });
});

describe('headTags', () => {
  it('writes the description, canonical, hreflang with x-default, Open Graph and JSON-LD, escaped', () => {
    const head = pageHead(input(page()));
    const html = headTags({ ...head, description: 'Paard & "pony" <voer>' }, 'Hoefslag');
    expect(html).toContain('<meta name="description" content="Paard &amp; &quot;pony&quot; &lt;voer&gt;" />');
    expect(html).toContain(`<link rel="canonical" href="${ALTERNATES.canonical}" />`);
    expect(html).toContain('<link rel="alternate" hreflang="en-NL" href="http://hoefslag.localhost:8080/muesli/hoefslag-senior-muesli/?lang=en" />');
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${ALTERNATES.xDefault}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta property="og:site_name" content="Hoefslag" />');
    expect(html).not.toContain('name="robots"');
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? '') as unknown);
    expect(scripts).toEqual(head.jsonLd);
  });

  it('keeps a closing script tag in a text from ending the JSON-LD', () => {
    const head = pageHead(input(page({ product: { ...product, name: '</script><script>alert(1)</script>' } })));
    const html = headTags(head, 'Hoefslag');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('asks search engines not to index a private page and lists no alternates for it', () => {
    const html = headTags(pageHead(input(null, { routeId: 'cart' })), 'Hoefslag');
    expect(html).toContain('<meta name="robots" content="noindex, follow" />');
    expect(html).not.toContain('hreflang');
  });
});
