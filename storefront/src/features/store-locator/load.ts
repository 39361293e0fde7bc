/** What the store locator loads (issue 21, point 4): the dealers near the searched place, or all of them. */
import type { LoaderFunctionArgs } from 'react-router';

import { api, ApiError } from '../../api/client';
import type { SchemaDealers } from '../../api/generated/schema';

export type Dealers = SchemaDealers;

/** The locator's data: the search (`near`: a postcode, a city or `lat,lon`) and its outcome. */
export interface StoreLocatorData {
  near: string;
  /** The dealers, nearest first when a place was searched; null when the place is unknown. */
  dealers: Dealers | null;
}

/** `/store-locator/?near=`: the dealers near a place (the server locates it), or every dealer of the site's brand. */
export async function storeLocatorLoader({ request }: LoaderFunctionArgs): Promise<StoreLocatorData> {
  const near = (new URL(request.url).searchParams.get('near') ?? '').trim();
  try {
    const dealers = await api.get('/api/dealers', { query: { near: near || undefined }, cached: true });
    return { near, dealers };
  } catch (error) {
    // An unknown place is an answer for the visitor, not a failed page.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { near, dealers: null };
    throw error;
  }
}
