/**
 * The dynamic route's look-ups.
 *
 * A URL is looked up (`GET /api/routing/getbyurl?url=`) once per site and language, and the
 * result is remembered: the route, or the error status of a failed look-up (500 when the status
 * is unknown, 503 for a time-out), which the page then shows. Simultaneous look-ups of one URL
 * share one request. The page content is then loaded with `GET /api/content/page?path=`.
 *
 * The memory is bounded (`ROUTE_CACHE_MAX_ENTRIES`, least recently used out first) and every
 * entry has a maximum age (`ROUTE_MAX_AGE_MS`), because the server renderer's one process
 * serves every site, language and visitor, and a bot may try any number of URLs. What a failed
 * look-up is remembered for:
 * - on the server, only for the page's own render (the request's scope): the next request asks
 *   again, so a 404 in one language or a passing time-out never reaches another visitor;
 * - in the browser (one visitor), a 4xx for as long as a route; a failure that may pass (5xx, a
 *   time-out, 429) only `TRANSIENT_FAILURE_MAX_AGE_MS`.
 */
import { shareInFlight } from './cache';
import { api, ApiError } from './client';
import { apiContextKey, requestScope } from './fetch';
import { LruCache } from './lru';
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
 * Which page type a route-parameter variant is: an explicit
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

/** How many look-ups are remembered, and for how long at most. */
export const ROUTE_CACHE_MAX_ENTRIES = 500;
export const ROUTE_MAX_AGE_MS = 10 * 60 * 1000;
/** How long the browser remembers a failure that may pass on a retry (5xx, time-out, 429). */
export const TRANSIENT_FAILURE_MAX_AGE_MS = 10_000;

type Outcome = { route: PageRoute } | { failed: number };

/** Routes (server and browser) and the browser's failures, by site, language and URL. */
const remembered = new LruCache<Outcome>(ROUTE_CACHE_MAX_ENTRIES);

/** The key of a URL for the running call's site and language. */
function keyOf(url: string): string {
  return `${apiContextKey()}|${url}`;
}

const isTransient = (status: number) => status >= 500 || status === 429;

function rememberFailure(key: string, status: number): void {
  const scope = requestScope();
  if (scope) scope.routeFailures.set(key, status);
  else remembered.set(key, { failed: status }, isTransient(status) ? TRANSIENT_FAILURE_MAX_AGE_MS : ROUTE_MAX_AGE_MS);
}

function recall(key: string): Outcome | undefined {
  const scope = requestScope();
  const failed = scope?.routeFailures.get(key);
  if (failed !== undefined) return { failed };
  return remembered.get(key);
}

/** Forgets every look-up (tests). */
export function clearRouteCache(): void {
  remembered.clear();
  requestScope()?.routeFailures.clear();
}

/** The number of remembered look-ups of every site and language (tests). */
export function routeCacheSize(): number {
  return remembered.size;
}

/** The stored status of a failed look-up of this URL for the current site and language, if any. */
export function failedStatus(url: string): number | undefined {
  const outcome = recall(keyOf(url));
  return outcome && 'failed' in outcome ? outcome.failed : undefined;
}

/** Looks a URL up once for the current site and language; later calls answer from memory (see above). */
export function lookupRoute(url: string): Promise<PageRoute> {
  const key = keyOf(url);
  const known = recall(key);
  if (known) return 'route' in known ? Promise.resolve(known.route) : Promise.reject(new RouteLookupError(url, known.failed));
  return shareInFlight(`route:${key}`, async () => {
    try {
      const route = toPageRoute(await api.get('/api/routing/getbyurl', { query: { url }, cached: false }));
      remembered.set(key, { route }, ROUTE_MAX_AGE_MS);
      return route;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 500;
      rememberFailure(key, status);
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
