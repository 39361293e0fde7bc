/**
 * The dynamic route's look-ups (specification sections 2, 4, 7 and 8).
 *
 * A URL is looked up once (`GET /api/routing/getbyurl?url=`) and the result is kept for the
 * session: the route, or the error status of a failed look-up (500 when the status is unknown,
 * 503 for a time-out), which the page then shows. Simultaneous look-ups of one URL share one
 * request. The page content is then loaded with `GET /api/content/page?path=`.
 */
import { shareInFlight } from './cache';
import { api, ApiError } from './client';
import type { SchemaPageAlternates, SchemaPageContent, SchemaRoute } from './generated/schema';

/** The page types the server resolves a dynamic URL into. */
export type PageType =
  | 'contentPage'
  | 'productSearch'
  | 'productDetail'
  | 'faq'
  | 'redirect'
  | 'adviceCategory'
  | 'adviceArticle'
  | 'adviceVideo'
  | 'newsItem'
  | 'quickScanResult'
  | 'rqsResult';

export const PAGE_TYPES: readonly PageType[] = [
  'contentPage',
  'productSearch',
  'productDetail',
  'faq',
  'redirect',
  'adviceCategory',
  'adviceArticle',
  'adviceVideo',
  'newsItem',
  'quickScanResult',
  'rqsResult',
];

/** The route parameters of a dynamic URL: the page type and the raw parameters of its variant. */
export interface PageRoute {
  pageType: PageType;
  /** Every parameter the server sent (siteId, languageId, contentPageId, key, url, ...). */
  parameters: Record<string, unknown>;
  /** For `redirect`: where the page moved to. */
  redirectUrl?: string;
}

/** A failed look-up: the status to show for the URL. */
export class RouteLookupError extends Error {
  readonly status: number;

  constructor(url: string, status: number) {
    super(`route look-up of ${url} failed with ${status}`);
    this.name = 'RouteLookupError';
    this.status = status;
  }
}

type Raw = Record<string, unknown>;

const TYPE_NAMES: Record<string, PageType> = Object.fromEntries(
  PAGE_TYPES.map((type): [string, PageType] => [type.toLowerCase(), type]).concat([
    ['content', 'contentPage'],
    ['productvariant', 'productDetail'],
    ['product', 'productDetail'],
    ['search', 'productSearch'],
    ['quickscan', 'quickScanResult'],
    ['rqs', 'rqsResult'],
  ]),
);

/**
 * Which page type a route-parameter variant is (specification section 3): an explicit
 * `pageType` or `type` name wins; otherwise the variant's own fields tell.
 */
export function toPageRoute(raw: SchemaRoute | Raw): PageRoute {
  const parameters: Raw = { ...raw };
  const named = parameters.pageType ?? parameters.type;
  let pageType: PageType | undefined = typeof named === 'string' ? TYPE_NAMES[named.toLowerCase()] : undefined;
  if (!pageType) {
    const has = (field: string) => parameters[field] !== undefined && parameters[field] !== null;
    if (has('url')) pageType = 'redirect';
    else if (has('productVariantId')) pageType = 'productDetail';
    else if (has('searchType') || has('parameters')) pageType = 'productSearch';
    else if (has('faqId') || has('faqItemId')) pageType = 'faq';
    else if (has('newsItemId')) pageType = 'newsItem';
    else if (has('adviceVideoId')) pageType = 'adviceVideo';
    else if (has('adviceArticleId')) pageType = 'adviceArticle';
    else if (has('blogCategoryId')) pageType = 'adviceCategory';
    else if (has('key')) pageType = 'quickScanResult';
    else pageType = 'contentPage';
  }
  const redirectUrl = typeof parameters.url === 'string' ? parameters.url : undefined;
  return { pageType, parameters, ...(redirectUrl ? { redirectUrl } : {}) };
}

const routes = new Map<string, PageRoute>();
const failures = new Map<string, number>();

/** Forgets every look-up (tests). */
export function clearRouteCache(): void {
  routes.clear();
  failures.clear();
}

/** The stored status of a failed look-up of this URL, if any. */
export function failedStatus(url: string): number | undefined {
  return failures.get(url);
}

/** Looks a URL up once; later calls answer from memory, a failure included. */
export function lookupRoute(url: string): Promise<PageRoute> {
  const known = routes.get(url);
  if (known) return Promise.resolve(known);
  const failed = failures.get(url);
  if (failed !== undefined) return Promise.reject(new RouteLookupError(url, failed));
  return shareInFlight(`route:${url}`, async () => {
    try {
      const route = toPageRoute(await api.get('/api/routing/getbyurl', { query: { url } }));
      routes.set(url, route);
      return route;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 500;
      failures.set(url, status);
      throw new RouteLookupError(url, status);
    }
  });
}

/** Generic page content: what every page type has. Specific page types add their own later. */
export interface PageContent {
  title: string;
  /** The body as markdown (content pages); absent for page types without a text body. */
  body?: string;
  /** False for a content page marked not to be indexed by search engines. */
  indexable: boolean;
  /** The page's canonical address and the same page on the brand's other sites and languages. */
  alternates?: SchemaPageAlternates;
  /** Everything else the server sent, for the page type's own view. */
  data: Record<string, unknown>;
}

/**
 * The server answers `{path, route, page, layout}`: `page` holds the title and body of a
 * content page and is null for page types that bring their own data.
 */
export function toPageContent(raw: SchemaPageContent): PageContent {
  const title = raw.page?.title ?? '';
  const body = raw.page?.body ?? undefined;
  const indexable = raw.page?.indexable ?? true;
  return { title, ...(body !== undefined ? { body } : {}), indexable, ...(raw.alternates ? { alternates: raw.alternates } : {}), data: { ...raw } };
}

/** `GET /api/content/page?path=`: the content of a dynamic page (site and language from headers). */
export async function fetchPageContent(path: string): Promise<PageContent> {
  return toPageContent(await api.get('/api/content/page', { query: { path }, cached: true }));
}
