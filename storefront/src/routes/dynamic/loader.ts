/** The loader of the catch-all route (routes/dynamic/DynamicRoute.tsx): the page as the server resolved it. */
import { data, redirect, redirectDocument, replace, type LoaderFunctionArgs } from 'react-router';

import { isAuthenticated } from '../../api/auth';
import { fetchProduct, type ProductDetail } from '../../api/catalog';
import { ApiError } from '../../api/client';
import { fetchScanResult, type ScanResult } from '../../api/results';
import { paths } from '../../lib/paths';
import { fetchPageContent, lookupRoute, RouteLookupError, type PageContent, type PageRoute } from '../../api/routing';

export interface DynamicPageData {
  path: string;
  route: PageRoute;
  content: PageContent;
  /** A product page's product, loaded with the page (so the server renders it); absent when it failed to load. */
  product?: ProductDetail;
  /** A result page's scan result (opening it marks it read). */
  scanResult?: ScanResult;
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

/** The variant a product page's route names, if any. */
export function productVariantOf(route: PageRoute): number | null {
  if (route.pageType !== 'productDetail') return null;
  const value = route.parameters.productVariantId;
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/**
 * The catch-all route: looks the URL up, follows a redirect, and loads the page content
 * before the page is entered. A failed look-up shows the error for its stored status.
 */
export async function dynamicPageLoader({ request, params }: LoaderFunctionArgs): Promise<DynamicPageData> {
  const url = new URL(request.url);
  const path = `/${params['*'] ?? ''}`;
  let route: PageRoute;
  try {
    route = await lookupRoute(`${url.pathname}${url.search}`);
  } catch (error) {
    if (error instanceof RouteLookupError) throw data({ lookupFailed: true }, { status: error.status });
    throw error;
  }
  if (route.pageType === 'redirect' && route.redirectUrl) {
    const target = new URL(route.redirectUrl, url);
    if (target.origin !== url.origin) throw redirectDocument(target.href);
    throw replace(`${target.pathname}${target.search}${target.hash}`);
  }
  if (route.pageType === 'quickScanResult' || route.pageType === 'rqsResult') {
    // A result's path has no content of its own: without it the page still shows the result.
    const noContent: PageContent = { title: '', data: {} };
    const [content, scanResult] = await Promise.all([fetchPageContent(url.pathname).catch(() => noContent), loadScanResult(route, url)]);
    return { path, route, content, scanResult };
  }
  const variantId = productVariantOf(route);
  // A product that fails to load here is loaded (and its error shown) by the page itself.
  const [content, product] = await Promise.all([fetchPageContent(url.pathname), variantId === null ? null : fetchProduct(variantId).catch(() => null)]);
  return product ? { path, route, content, product } : { path, route, content };
}
