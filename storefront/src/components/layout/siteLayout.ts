/**
 * The site's layout as the root route loaded it: once per site and language,
 * on the server for a server-rendered page, kept 15 minutes by the client cache. Every page, the
 * cart, checkout and account pages included, shows the same menu and footer.
 */
import { useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';

import { fetchLayout, type LayoutLink, type SiteLayout } from '../../api/layout';

/** The root route's data: the layout, or null when it could not be loaded (the frame then shows its fixed links). */
export interface RootData {
  layout: SiteLayout | null;
}

/** The last label of a host name: `localhost` of `hoefslag.localhost`, `nl` of `www.hoefslag.nl`. */
const topLevelOf = (hostname: string) => hostname.slice(hostname.lastIndexOf('.') + 1);

/**
 * A link to another site of the shop on the page's origin: every site of the shop is served
 * with one scheme and port (host-server's `trust.rs` builds its links so), so an absolute link
 * written without a port (the corporate site's links to the brands' sites,
 * `http://hoefslag.localhost/`) gets the page's, when the page has one and the link's host is
 * in the page's top-level domain. Paths and links to other domains stay as they are.
 */
export function onPageOrigin(href: string, page: URL): string {
  if (!page.port || !/^https?:\/\//i.test(href)) return href;
  let target: URL;
  try {
    target = new URL(href);
  } catch {
    return href;
  }
  if (target.port || target.host === page.host || topLevelOf(target.hostname) !== topLevelOf(page.hostname)) return href;
  target.protocol = page.protocol;
  target.port = page.port;
  return target.href;
}

function linkOnPageOrigin(link: LayoutLink, page: URL): LayoutLink {
  return { ...link, url: onPageOrigin(link.url, page), ...(link.children ? { children: link.children.map((child) => linkOnPageOrigin(child, page)) } : {}) };
}

/** The layout with its links to the shop's other sites on the page's origin (`onPageOrigin`). */
export function layoutOnPageOrigin(layout: SiteLayout, page: URL): SiteLayout {
  return {
    ...layout,
    navigation: { ...layout.navigation, items: layout.navigation.items.map((link) => linkOnPageOrigin(link, page)) },
    footer: {
      ...layout.footer,
      columns: layout.footer.columns.map((column) => ({ ...column, links: column.links.map((link) => linkOnPageOrigin(link, page)) })),
    },
  };
}

/**
 * The root route's loader, with the page's address (on the server, the visitor's `Host` with its
 * port). A failed layout never fails the page: the frame falls back to its own links.
 */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<RootData> {
  try {
    return { layout: layoutOnPageOrigin(await fetchLayout(), new URL(request.url)) };
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
