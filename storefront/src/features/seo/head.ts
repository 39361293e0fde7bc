/**
 * The head of a page for search engines and link previews: title, description,
 * canonical address, the same page in the brand's other sites and languages (`hreflang`),
 * whether it may be indexed, Open Graph and structured data. Built from the route loaders'
 * data, the same on the server renderer and in tests; `headTags` writes it as HTML.
 */
import type { ProductDetail } from '../../api/catalog';
import type { Faq, NewsArticle } from '../../api/content';
import type { PageContent, PageRoute } from '../../api/routing';
import type { Site } from '../../api/sites';
import { SITE_LINK } from '../../components/content/Markdown';
import { linkTitle } from '../../lib/navigation';
import { documentTitle, textOf } from '../../lib/text';
import type { PageAlternates } from '../../api/content';
import type { SchemaDealers } from '../../api/generated/schema';
import { breadcrumbList, faqPage, localBusiness, newsArticle, organization, product, webApplication, type JsonLd } from './jsonLd';

export interface AlternateLink {
  hreflang: string;
  href: string;
}

export interface PageHead {
  title: string;
  description: string | null;
  canonical: string | null;
  alternates: AlternateLink[];
  xDefault: string | null;
  /** False for pages no search engine needs (cart, checkout, account, errors). */
  indexable: boolean;
  openGraph: { type: 'website' | 'product' | 'article'; image: string | null; locale: string };
  jsonLd: JsonLd[];
}

/** What a dynamic page's loader brings (routes/dynamic/loader.ts). */
export interface DynamicPageFacts {
  route: PageRoute;
  content: PageContent;
  product?: ProductDetail;
  faq?: Faq;
  news?: NewsArticle;
}

export interface HeadInput {
  site: Site;
  /** The ISO 4217 code of the site's currency. */
  currency: string;
  culture: string;
  /** The culture's text of a page title key. */
  t: (key: TitleKey) => string;
  /** The deepest matched route's id (app/routes.tsx) and its loader data. */
  routeId: string | null;
  data: unknown;
  /** The page's HTTP status. */
  status: number;
}

/** The longest description search engines show in full. */
const DESCRIPTION_LENGTH = 160;

/** The first paragraph of a markdown body as plain text, cut at a word to fit a description. */
export function summaryOf(markdown: string | null | undefined, length = DESCRIPTION_LENGTH): string | null {
  if (!markdown) return null;
  const paragraph = markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => !/^\s*#/.test(line))
        .map((line) => line.replace(/^\s*[-*]\s+/, '').trim())
        .join(' ')
        .trim(),
    )
    .find((text) => text.length > 0);
  if (!paragraph) return null;
  const text = paragraph.replace(SITE_LINK, '$1').replace(/\s+/g, ' ');
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The title of the pages that are not dynamic, by route id. */
const ROUTE_TITLES = {
  cart: 'cart.title',
  compare: 'compare.title',
  dealer: 'storeLocator.title',
  feedCalculator: 'feedCalculator.title',
  media: 'news.title',
  mediaItem: 'news.title',
  search: 'search.title',
  'account.home': 'account.title',
  'account.information': 'account.personalData.title',
  'account.orders': 'account.orders.title',
  'account.invoices': 'account.invoices.title',
  'account.returns': 'account.returns.title',
  'account.rqsResults': 'account.results.title',
  'account.subscriptions': 'account.subscriptions.title',
  'account.register': 'auth.register.title',
  'account.login': 'auth.login.title',
  'account.reset': 'auth.reset.title',
  'account.forgot': 'auth.forgot.title',
  'account.resendConfirmation': 'auth.resend.title',
  'account.confirm': 'auth.activation.title',
  'newsletter.confirm': 'newsletterSignup.confirmTitle',
  'newsletter.unsubscribe': 'newsletterSignup.unsubscribeTitle',
  survey: 'customerSurvey.title',
} as const satisfies Record<string, string>;

/** The translation keys a head's title comes from. */
export type TitleKey =
  | (typeof ROUTE_TITLES)[keyof typeof ROUTE_TITLES]
  | (typeof LANDING_DESCRIPTIONS)[keyof typeof LANDING_DESCRIPTIONS]
  | 'checkout.title'
  | 'errors.pageNotFound'
  | 'errors.errorBoxTitle';

/** The shop's own landing pages (not content pages) and the text that describes each to search engines. */
const LANDING_DESCRIPTIONS = {
  dealer: 'storeLocator.description',
  feedCalculator: 'feedCalculator.intro',
} as const satisfies Record<string, string>;

/** How many dealers a store locator page describes as local businesses: the nearest, or the first by name. */
const DESCRIBED_DEALERS = 20;

const routeTitle = (routeId: string | null): TitleKey | undefined =>
  routeId !== null && routeId in ROUTE_TITLES ? ROUTE_TITLES[routeId as keyof typeof ROUTE_TITLES] : undefined;

/** The pages that are not dynamic but are worth finding. */
const INDEXABLE_ROUTES = new Set(['media', 'mediaItem']);

const isDynamic = (data: unknown): data is DynamicPageFacts => typeof data === 'object' && data !== null && 'route' in data && 'content' in data;

/** The site's origin, from an address the server built on it (`https://de.hoefslag.nl/...`). */
const originOf = (address: string | null): string | null => {
  if (!address) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
};

const absolute = (origin: string | null, path: string | null | undefined): string | null => {
  if (!origin || !path) return null;
  try {
    return new URL(path, origin).href;
  } catch {
    return null;
  }
};

function plainHead(input: HeadInput, title: string, indexable: boolean): PageHead {
  return {
    title: documentTitle(title, input.site.brandName),
    description: indexable && title ? `${title} – ${input.site.brandName}` : null,
    canonical: null,
    alternates: [],
    xDefault: null,
    indexable,
    openGraph: { type: 'website', image: null, locale: input.culture },
    jsonLd: [],
  };
}

/** The head of the page a request rendered. */
export function pageHead(input: HeadInput): PageHead {
  const { t, data, routeId } = input;
  if (input.status >= 400) return plainHead(input, input.status === 404 ? t('errors.pageNotFound') : t('errors.errorBoxTitle'), false);
  if (isDynamic(data)) return dynamicHead(input, data);
  const key = routeTitle(routeId);
  if (routeId?.startsWith('checkout.')) return plainHead(input, t('checkout.title'), false);
  if (routeId === 'dealer' || routeId === 'feedCalculator') return landingHead(input, routeId);
  const title = key ? t(key) : '';
  return plainHead(input, title, routeId !== null && INDEXABLE_ROUTES.has(routeId));
}

/** What a landing page's loader brings: its addresses and, on the store locator, the dealers shown. */
interface LandingFacts {
  alternates?: PageAlternates | null;
  dealers?: SchemaDealers | null;
}

/**
 * A landing page of the shop's own (the store locator, the feed calculator): indexable, with its
 * addresses as the server names them, a description, and its structured data (the calculator as
 * a web application, the dealers shown as local businesses).
 */
function landingHead(input: HeadInput, routeId: keyof typeof LANDING_DESCRIPTIONS): PageHead {
  const { t, site } = input;
  const facts = (typeof input.data === 'object' && input.data !== null ? input.data : {}) as LandingFacts;
  const name = (routeId === 'dealer' ? ownTitleOf(input.data) : null) ?? t(ROUTE_TITLES[routeId]);
  const description = summaryOf(t(LANDING_DESCRIPTIONS[routeId]));
  const alternates = facts.alternates ?? null;
  const canonical = alternates?.canonical ?? null;
  const head: PageHead = {
    ...plainHead(input, name, true),
    description,
    canonical,
    alternates: alternates?.alternates ?? [],
    xDefault: alternates?.xDefault ?? null,
  };
  const origin = originOf(canonical);
  if (!canonical || !origin) return head;
  if (routeId === 'feedCalculator') {
    head.jsonLd.push(webApplication({ name, url: canonical, description, inLanguage: input.culture, currency: input.currency }));
  } else {
    head.jsonLd.push(...(facts.dealers?.dealers ?? []).slice(0, DESCRIBED_DEALERS).map(localBusiness));
  }
  head.jsonLd.push(
    breadcrumbList([
      { name: site.brandName, url: `${origin}/` },
      { name, url: canonical },
    ]),
  );
  return head;
}

/** The title a named page's loader brought, if any (the store locator: the site's dealer page title). */
function ownTitleOf(data: unknown): string | null {
  const title = typeof data === 'object' && data !== null ? (data as { title?: unknown }).title : null;
  return typeof title === 'string' && title !== '' ? title : null;
}

function dynamicHead(input: HeadInput, data: DynamicPageFacts): PageHead {
  const { site } = input;
  const alternates = data.content.alternates;
  const canonical = alternates?.canonical ?? null;
  const origin = originOf(canonical);
  // Landing pages have no page content: the site's navigation names them.
  const pageTitle = data.product?.name ?? data.news?.title ?? (data.content.title || linkTitle(data.content.data.layout, textOf(data.content.data.path)) || '');
  const isHome = data.content.data.path === '/';
  const head: PageHead = {
    title: isHome ? site.brandName : documentTitle(pageTitle, site.brandName),
    description: summaryOf(data.content.body),
    canonical,
    alternates: alternates?.alternates ?? [],
    xDefault: alternates?.xDefault ?? null,
    indexable: data.content.indexable && data.route.pageType !== 'quickScanResult' && data.route.pageType !== 'rqsResult',
    openGraph: { type: 'website', image: null, locale: input.culture },
    jsonLd: [],
  };
  const home = origin ? `${origin}/` : null;
  const trail = (name: string) =>
    home && canonical && !isHome
      ? [
          breadcrumbList([
            { name: site.brandName, url: home },
            { name, url: canonical },
          ]),
        ]
      : [];
  if (isHome && home) head.jsonLd.push(organization({ name: site.brandName, url: home }));
  if (data.product && canonical) {
    const found = data.product;
    const image = absolute(origin, found.image);
    const description = summaryOf(found.shortDescription) ?? summaryOf(found.longDescription);
    head.description = description;
    head.openGraph = { type: 'product', image, locale: input.culture };
    head.jsonLd.push(product({ product: found, url: canonical, currency: input.currency, image, description }), ...trail(pageTitle));
  } else if (data.faq) {
    const questions = data.faq.categories.flatMap((category) =>
      category.items.flatMap((item) =>
        item.question && item.answer ? [{ question: item.question, answer: summaryOf(item.answer, 5000) ?? item.answer }] : [],
      ),
    );
    if (questions.length > 0) head.jsonLd.push(faqPage(questions));
    head.jsonLd.push(...trail(pageTitle));
  } else if (data.news && canonical) {
    const image = absolute(origin, data.news.image);
    head.description = summaryOf(data.news.summary) ?? head.description;
    head.openGraph = { type: 'article', image, locale: input.culture };
    head.jsonLd.push(
      newsArticle({ headline: pageTitle, datePublished: data.news.date, image, url: canonical, publisher: site.brandName }),
      ...trail(pageTitle),
    );
  } else if (!isHome) {
    head.jsonLd.push(...trail(pageTitle));
  }
  head.description ??= pageTitle && pageTitle !== site.brandName ? `${pageTitle} – ${site.brandName}` : null;
  return head;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON in a `<script>` element: `<` escaped, so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The head's tags as HTML (the title is written by the caller, into the page's `<title>`). */
export function headTags(head: PageHead, siteName: string): string {
  const tags: string[] = [];
  const meta = (name: string, content: string | null) => content && tags.push(`<meta name="${name}" content="${escapeAttribute(content)}" />`);
  const property = (name: string, content: string | null) => content && tags.push(`<meta property="${name}" content="${escapeAttribute(content)}" />`);
  meta('description', head.description);
  if (!head.indexable) meta('robots', 'noindex, follow');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeAttribute(head.canonical)}" />`);
  if (head.indexable && head.alternates.length > 1) {
    for (const alternate of head.alternates) {
      tags.push(`<link rel="alternate" hreflang="${escapeAttribute(alternate.hreflang)}" href="${escapeAttribute(alternate.href)}" />`);
    }
    if (head.xDefault) tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeAttribute(head.xDefault)}" />`);
  }
  property('og:type', head.openGraph.type);
  property('og:title', head.title);
  property('og:description', head.description);
  property('og:url', head.canonical);
  property('og:image', head.openGraph.image);
  property('og:locale', head.openGraph.locale.replace('-', '_'));
  property('og:site_name', siteName);
  for (const item of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  return tags.join('');
}
