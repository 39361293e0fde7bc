/**
 * What a failed route loader becomes: a route error with
 * the status it stands for, so the server answers a page that was not found with 404 and not
 * with 500, and with the content of the site's own not-found or internal-error page when the
 * site has one. A navigation that failed because the browser is offline shows the offline
 * notice instead of a server error.
 */
import { data, type LoaderFunction } from 'react-router';

import { api, ApiError } from '../api/client';
import { fetchPageContent, RouteLookupError } from '../api/routing';
import { fetchSiteFacts } from '../lib/siteFacts';

/** A content page of the site shown by an error page: its title and body. */
export interface SitePage {
  title: string;
  body?: string;
}

/** The data of a route error this module made (besides what the loader's own error carried). */
export interface RouteErrorData {
  /** The navigation failed because the browser is offline. */
  offline?: true;
  /** The site's own page for the error, when the site has one. */
  sitePage?: SitePage;
}

/** The statuses the error element shows as "page moved" rather than as an error. */
const MOVED_STATUSES = new Set([301, 302, 303, 307, 308, 410]);
const NOT_FOUND = 404;
const INTERNAL_ERROR = 500;
/** The status of a navigation that could not reach the server (also an API time-out's). */
const SERVICE_UNAVAILABLE = 503;
const GATEWAY_TIMEOUT = 504;
/** How long an error page waits for the site's own page before it shows the shop's words. */
const SITE_PAGE_WAIT_MS = 3000;

/** What `data()` throws; react-router recognises it by the same fields. */
interface ThrownData {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

function isThrownData(value: unknown): value is ThrownData {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit' && 'data' in value && 'init' in value;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The status an error stands for: a route response's, the API's, else 500 (an error of the shop itself). */
function statusOf(error: unknown): number {
  if (isThrownData(error)) return error.init?.status ?? INTERNAL_ERROR;
  if (error instanceof ApiError || error instanceof RouteLookupError) return error.status;
  return INTERNAL_ERROR;
}

/** The path and content of a content page of the site, by its id. */
async function fetchContentPage(contentPageId: number): Promise<SitePage> {
  const { url } = await api.post('/api/routing/geturl', { body: { type: 'contentPage', contentPageId } });
  const content = await fetchPageContent(url);
  return { title: content.title, ...(content.body !== undefined ? { body: content.body } : {}) };
}

/** The site's own page for an error status (not found, or any other error), if the site has one. */
async function sitePageOf(status: number): Promise<SitePage | null> {
  const site = await fetchSiteFacts();
  const pageId = status === NOT_FOUND ? site?.notFoundPageId : site?.internalErrorPageId;
  return pageId ? fetchContentPage(pageId) : null;
}

/**
 * The site's own page for an error, when it comes in time. Without it the error still shows, in
 * the shop's own words: when the API did not answer (503, 504) it is not asked again.
 */
function sitePageFor(status: number): Promise<SitePage | null> {
  if (status === SERVICE_UNAVAILABLE || status === GATEWAY_TIMEOUT) return Promise.resolve(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SITE_PAGE_WAIT_MS);
  });
  return Promise.race([sitePageOf(status).catch(() => null), late]).finally(() => clearTimeout(timer));
}

/** The route error a loader's error becomes; redirects and other responses stay as they are. */
export async function toRouteError(error: unknown): Promise<unknown> {
  if (error instanceof Response) return error;
  if (isOffline()) return data({ offline: true } satisfies RouteErrorData, { status: SERVICE_UNAVAILABLE });
  const status = statusOf(error);
  if (MOVED_STATUSES.has(status)) return error;
  // An error of the shop itself is logged here: the page shows only its status.
  if (!isThrownData(error) && !(error instanceof ApiError) && !(error instanceof RouteLookupError)) console.error(error);
  const own = isThrownData(error) && typeof error.data === 'object' && error.data !== null ? error.data : {};
  const sitePage = await sitePageFor(status);
  return data({ ...own, ...(sitePage ? { sitePage } : {}) }, { ...(isThrownData(error) ? error.init : {}), status });
}

/** A loader whose errors become route errors with their status and the site's own error page. */
export function withErrorPages(loader: LoaderFunction): LoaderFunction {
  return async (args, context) => {
    try {
      return await loader(args, context);
    } catch (error) {
      throw await toRouteError(error);
    }
  };
}
