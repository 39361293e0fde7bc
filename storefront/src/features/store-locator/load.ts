/** What the store locator loads: the dealers near the searched place, or all of them. */
import type { LoaderFunctionArgs } from 'react-router';

import { api, ApiError } from '../../api/client';
import { fetchLandingPage, type PageAlternates } from '../../api/content';
import type { SchemaDealers } from '../../api/generated/schema';
import { paths } from '../../lib/paths';
import { fetchSiteFacts } from '../../lib/siteFacts';

export type Dealers = SchemaDealers;

/** The locator's data: the search (`near`: a postcode, a city or `lat,lon`) and its outcome. */
export interface StoreLocatorData {
  near: string;
  /** The dealers, nearest first when a place was searched; null when the place is unknown. */
  dealers: Dealers | null;
  /** The page's title as the site names it (its `dealerPageTitle`), in the page's language; null: the shop's own. */
  title: string | null;
  /** The page's canonical address and its other languages, for search engines; null when unknown. */
  alternates: PageAlternates | null;
}

/** The dealers near a place, or every dealer of the site's brand; null for a place the server cannot locate. */
async function dealersNear(near: string): Promise<Dealers | null> {
  try {
    return await api.get('/api/dealers', { query: { near: near || undefined }, cached: true });
  } catch (error) {
    // An unknown place is an answer for the visitor, not a failed page.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** `/store-locator/?near=`: the dealers near a place (the server locates it), or every dealer of the site's brand. */
export async function storeLocatorLoader({ request }: LoaderFunctionArgs): Promise<StoreLocatorData> {
  const near = (new URL(request.url).searchParams.get('near') ?? '').trim();
  const [dealers, site, alternates] = await Promise.all([dealersNear(near), fetchSiteFacts(), fetchLandingPage(paths.dealer)]);
  return { near, dealers, title: site?.dealerPageTitle?.trim() || null, alternates };
}
