/** The loader of the catch-all route (routes/dynamic/DynamicRoute.tsx): the page as the server resolved it. */
import { data, redirect, redirectDocument, replace, type LoaderFunctionArgs } from 'react-router';

import { isAuthenticated } from '../../api/auth';
import { fetchProduct, type ProductDetail, type SearchResponse } from '../../api/catalog';
import { ApiError } from '../../api/client';
import {
  fetchAdviceArticle,
  fetchAdviceCategories,
  fetchAdviceVideo,
  fetchFaq,
  fetchNewsItem,
  type AdviceArticle,
  type AdviceCategories,
  type AdviceVideo,
  type Faq,
  type NewsArticle,
} from '../../api/content';
import { loadHome, type HomeData } from '../../features/home';
import { fetchScanResult, type ScanResult } from '../../api/results';
import { paths } from '../../lib/paths';
import { fetchPageContent, lookupRoute, RouteLookupError, type PageContent, type PageRoute } from '../../api/routing';
import { listingResults } from '../../features/catalog';

export interface DynamicPageData {
  path: string;
  route: PageRoute;
  content: PageContent;
  /** A product page's product, loaded with the page (so the server renders it); absent when it failed to load. */
  product?: ProductDetail;
  /** The FAQ page's questions. */
  faq?: Faq;
  /** A news item's page: the item. */
  news?: NewsArticle;
  /** A product overview's results for the URL's filters, sorting and page. */
  search?: SearchResponse;
  /** A result page's scan result (opening it marks it read). */
  scanResult?: ScanResult;
  /** The home page's parts (the site's root path), each loading on its own. */
  home?: HomeData;
  /** An advice category's page (or the overview): every category with its articles and videos. */
  advice?: AdviceCategories;
  adviceArticle?: AdviceArticle;
  adviceVideo?: AdviceVideo;
}

/**
 * A result page (`quickScanResult`, `rqsResult`, reached by its key from the result mail or the
 * account): the customer's result, or the login page first; another customer's key is a 404.
 */
async function loadScanResult(route: PageRoute, url: URL): Promise<ScanResult> {
  const key = route.parameters.key;
  if (typeof key !== 'string' || key === '') throw data({ notFound: true }, { status: 404 });
  if (!(await isAuthenticated())) throw redirect(`${paths.account.login}?i=1&returnUrl=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  try {
    return await fetchScanResult(key);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data({ notFound: true }, { status: 404 });
    throw error;
  }
}

/** The landing page a product overview's route names, if any. */
export function landingPageOf(route: PageRoute): number | null {
  const nested = route.parameters.parameters;
  const parameters = typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>) : {};
  return numberOf(parameters.landingPageId ?? route.parameters.landingPageId);
}

const numberOf = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** The variant a product page's route names, if any. */
export function productVariantOf(route: PageRoute): number | null {
  if (route.pageType !== 'productDetail') return null;
  const value = route.parameters.productVariantId;
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The status of an address that moved for good. */
const MOVED_PERMANENTLY = 301;

/** The key of the site's home page (fixtures/content/pages.json): its page shows the brand's home. */
export const HOME_PAGE_KEY = 'home';

/** The page key the content API sent, if any. */
function pageKeyOf(content: PageContent): string | null {
  const page = content.data.page as { pageKey?: unknown } | null | undefined;
  return typeof page?.pageKey === 'string' ? page.pageKey : null;
}

/** A configured redirect's status when it is one, else 301 (the page moved). */
function redirectStatus(status: unknown): number {
  return typeof status === 'number' && REDIRECT_STATUSES.has(status) ? status : 301;
}

/** A path segment that is an id: a whole number from 1, else null. */
function idOf(segment: string): number | null {
  return /^[1-9]\d*$/.test(segment) ? Number(segment) : null;
}

/** The news item of an id, or the not-found error when the site has none of that id. */
async function newsItemOf(id: number): Promise<NewsArticle> {
  try {
    return await fetchNewsItem(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data({ notFound: true }, { status: 404 });
    throw error;
  }
}

/**
 * `/media/:id?/:itemname/`: the news item comes from the id. The
 * name in the address only reads well: an address with the item's id and another name moves
 * for good (301) to the item's own address. Without an id the path is looked up as any
 * dynamic page.
 */
export async function newsItemLoader(args: LoaderFunctionArgs): Promise<DynamicPageData> {
  const segment = args.params.id;
  if (segment === undefined) return dynamicPageLoader(args);
  const newsItemId = idOf(segment);
  if (newsItemId === null) throw data({ notFound: true }, { status: 404 });
  const url = new URL(args.request.url);
  // The page's content (its canonical address and alternates) is asked for at once; an address
  // that moves does without it.
  const noContent: PageContent = { title: '', indexable: true, data: {} };
  const [news, content] = await Promise.all([newsItemOf(newsItemId), fetchPageContent(url.pathname).catch(() => noContent)]);
  if (news.url && news.url !== url.pathname) throw replace(`${news.url}${url.search}`, MOVED_PERMANENTLY);
  return { path: url.pathname, route: { pageType: 'newsItem', parameters: { newsItemId } }, content, news };
}

/**
 * The catch-all route: looks the URL up, follows a redirect, and loads the page content
 * before the page is entered. A failed look-up shows the error for its stored status.
 */
export async function dynamicPageLoader({ request, params }: LoaderFunctionArgs): Promise<DynamicPageData> {
  const url = new URL(request.url);
  // The catch-all's path, or the whole path of a route that shows a dynamic page (news items).
  const path = params['*'] !== undefined ? `/${params['*']}` : url.pathname;
  let route: PageRoute;
  try {
    route = await lookupRoute(`${url.pathname}${url.search}`);
  } catch (error) {
    if (error instanceof RouteLookupError) throw data({ lookupFailed: true }, { status: error.status });
    throw error;
  }
  if (route.pageType === 'redirect' && route.redirectUrl) {
    // The status the redirect was configured with (301 or 302), as the server renderer answers it.
    const status = redirectStatus(route.parameters.statusCode);
    const target = new URL(route.redirectUrl, url);
    if (target.origin !== url.origin) throw redirectDocument(target.href, status);
    throw replace(`${target.pathname}${target.search}${target.hash}`, status);
  }
  if (route.pageType === 'quickScanResult' || route.pageType === 'rqsResult') {
    // A result's path has no content of its own: without it the page still shows the result.
    const noContent: PageContent = { title: '', indexable: false, data: {} };
    const [content, scanResult] = await Promise.all([fetchPageContent(url.pathname).catch(() => noContent), loadScanResult(route, url)]);
    return { path, route, content, scanResult };
  }
  const variantId = productVariantOf(route);
  const faqId = route.pageType === 'faq' ? numberOf(route.parameters.faqId) : null;
  const newsItemId = route.pageType === 'newsItem' ? numberOf(route.parameters.newsItemId) : null;
  const articleId = route.pageType === 'adviceArticle' ? numberOf(route.parameters.adviceArticleId) : null;
  const videoId = route.pageType === 'adviceVideo' ? numberOf(route.parameters.adviceVideoId) : null;
  // A product that fails to load here is loaded (and its error shown) by the page itself.
  const [content, product, faq, news, search, advice, adviceArticle, adviceVideo] = await Promise.all([
    fetchPageContent(url.pathname),
    variantId === null ? null : fetchProduct(variantId).catch(() => null),
    faqId === null ? null : fetchFaq(faqId),
    newsItemId === null ? null : fetchNewsItem(newsItemId),
    route.pageType === 'productSearch' ? listingResults(`${url.pathname}${url.search}`, landingPageOf(route)) : null,
    route.pageType === 'adviceCategory' ? fetchAdviceCategories() : null,
    articleId === null ? null : fetchAdviceArticle(articleId),
    videoId === null ? null : fetchAdviceVideo(videoId),
  ]);
  return {
    path,
    route,
    content,
    ...(route.pageType === 'contentPage' && pageKeyOf(content) === HOME_PAGE_KEY ? { home: loadHome() } : {}),
    ...(product ? { product } : {}),
    ...(faq ? { faq } : {}),
    ...(news ? { news } : {}),
    ...(search ? { search } : {}),
    ...(advice ? { advice } : {}),
    ...(adviceArticle ? { adviceArticle } : {}),
    ...(adviceVideo ? { adviceVideo } : {}),
  };
}
