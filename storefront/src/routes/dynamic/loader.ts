/** The loader of the catch-all route (routes/dynamic/DynamicRoute.tsx): the page as the server resolved it. */
import { data, redirectDocument, replace, type LoaderFunctionArgs } from 'react-router';

import { fetchProduct, type ProductDetail } from '../../api/catalog';
import { fetchPageContent, lookupRoute, RouteLookupError, type PageContent, type PageRoute } from '../../api/routing';

export interface DynamicPageData {
  path: string;
  route: PageRoute;
  content: PageContent;
  /** A product page's product, loaded with the page (so the server renders it); absent when it failed to load. */
  product?: ProductDetail;
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
  const variantId = productVariantOf(route);
  // A product that fails to load here is loaded (and its error shown) by the page itself.
  const [content, product] = await Promise.all([fetchPageContent(url.pathname), variantId === null ? null : fetchProduct(variantId).catch(() => null)]);
  return product ? { path, route, content, product } : { path, route, content };
}
