/**
 * The running site's data as the API sends it in the current language (`GET /api/Sites/{id}`,
 * kept 15 minutes by the client cache): what route loaders need of the site and the started
 * `Site` leaves out or holds in the site's default language only, such as the dealer page's
 * title and the ids of the site's not-found and internal-error pages.
 */
import { api } from '../api/client';
import { apiContext } from '../api/fetch';
import type { SchemaSite } from '../api/generated/schema';

export type SiteFacts = SchemaSite;

/** The site's data; null before a site is started (no site to ask for) or when it cannot be loaded. */
export async function fetchSiteFacts(): Promise<SiteFacts | null> {
  const { siteId } = apiContext();
  if (siteId === undefined) return null;
  try {
    return await api.get('/api/Sites/{id}', { path: { id: siteId }, cached: true });
  } catch {
    return null;
  }
}
