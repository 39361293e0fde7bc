/**
 * The site's layout as the root route loaded it: once per site and language,
 * on the server for a server-rendered page, kept 15 minutes by the client cache. Every page, the
 * cart and account pages included, shows the same menu and footer; the checkout shows only the
 * layout's customer-service phone and e-mail (its focused frame, `CheckoutHeader`).
 */
import { useRouteLoaderData } from 'react-router';

import { fetchLayout, type SiteLayout } from '../../api/layout';

/** The root route's data: the layout, or null when it could not be loaded (the frame then shows its fixed links). */
export interface RootData {
  layout: SiteLayout | null;
}

/**
 * The root route's loader. The layout's links to the shop's other sites come from the server on
 * the scheme and port the shop is served on. A failed layout never fails the page: the frame
 * falls back to its own links.
 */
export async function rootLoader(): Promise<RootData> {
  try {
    return { layout: await fetchLayout() };
  } catch {
    return { layout: null };
  }
}

/** The layout is loaded once: navigating, or an action, never loads it again (a language change reloads the page). */
export const keepRootData = () => false;

/** The site's layout, or null before or without one. */
export function useSiteLayout(): SiteLayout | null {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  return data?.layout ?? null;
}
