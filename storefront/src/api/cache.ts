/**
 * The client cache.
 *
 * - Sites, product reviews, footer, countries and the primary and secondary navigation: 15
 *   minutes (the site's layout, `/api/content/layout`, is the footer and navigation in one
 *   answer).
 * - Every other GET: 2 seconds. The typed client (client.ts) sends every GET through here
 *   unless a call opts out (`cached: false`: the route look-ups, which keep their own memory).
 * - Cart calls (`/api/cart…`, `/api/cartcalculation…`): never cached, never shared.
 * - At most 200 entries; the oldest entry is evicted first.
 * - An answer is kept per site and language (the `siteid`/`languageid` headers it was asked
 *   with): after a change of language, or in a server render that looked at two languages,
 *   nothing of the other language is served.
 * - A request that is in flight is shared: the same GET is never sent twice at once. Other
 *   calls that must not run twice at once (product search) use `shareInFlight`.
 *
 * - In the server renderer each page request has a cache of its own; the long-lived answers
 *   above, which are the same for every visitor, are also shared by every request of the
 *   process for a minute (`SHARED_TTL_MS`), so that a page does not ask for the site and its
 *   layout again for every visitor. They are kept per host, site and language.
 *
 * Failed requests are not cached (the next call tries again). A change (any other method)
 * forgets the 2-second answers of its area (`/api/account/…` for `PUT /api/account`), so a page
 * that reads again after saving shows what it saved.
 */
import { apiContextKey, apiFetch, requestScope, type RequestOptions } from './fetch';

export const LONG_TTL_MS = 15 * 60 * 1000;
export const SHORT_TTL_MS = 2_000;
export const MAX_ENTRIES = 200;
/** How long the server renderer shares a long-lived answer between its requests. */
export const SHARED_TTL_MS = 60_000;

const LONG_LIVED = [
  /^\/api\/(sites|footer|countries|navigation|primarynavigation|secondarynavigation)(\/|\?|$)/i,
  /^\/api\/content\/(footer|navigation|layout)(\/|\?|$)/i,
  // A product's reviews; a new review goes online only after approval (up to 24 hours).
  /^\/api\/products\/[^/?]+\/reviews(\?|$)/i,
];
const NEVER_CACHED = /^\/api\/(cart|cartcalculation)(\/|\?|$)/i;

/** How long a GET of this path may be served from the cache; 0 means never. */
export function ttlFor(path: string): number {
  if (NEVER_CACHED.test(path)) return 0;
  if (LONG_LIVED.some((rule) => rule.test(path))) return LONG_TTL_MS;
  return SHORT_TTL_MS;
}

interface Entry {
  path: string;
  ttl: number;
  expires: number;
  value: Promise<unknown>;
  settled: boolean;
}

const browserEntries = new Map<string, Entry>();
/** The server renderer's answers that every visitor shares (see above). */
const sharedEntries = new Map<string, Entry>();
const browserInFlight = new Map<string, Promise<unknown>>();

/**
 * The browser's one cache, or on the server the running request's own (api/fetch.ts
 * `requestScope`): one visitor's answers are never served to another.
 */
function maps(): { entries: Map<string, Entry>; inFlight: Map<string, Promise<unknown>> } {
  const scope = requestScope();
  if (!scope) return { entries: browserEntries, inFlight: browserInFlight };
  return { entries: scope.cache.entries as Map<string, Entry>, inFlight: scope.cache.inFlight };
}

/** Empties the cache (tests; after signing in or out). */
export function clearCache(): void {
  const { entries, inFlight } = maps();
  entries.clear();
  inFlight.clear();
  if (!requestScope()) sharedEntries.clear();
}

/** The area of a path: its first segment after `/api/`, e.g. `account` of `/api/account/company`. */
function areaOf(path: string): string {
  return (path.split(/[/?]/)[2] ?? '').toLowerCase();
}

/** After a change of `path`: forgets the 2-second answers of its area, so the next read shows the change. */
export function forgetChangedArea(path: string): void {
  const area = areaOf(path);
  const { entries } = maps();
  for (const [key, entry] of entries) if (entry.ttl === SHORT_TTL_MS && areaOf(entry.path) === area) entries.delete(key);
}

/** The number of cached entries (tests). */
export function cacheSize(): number {
  return maps().entries.size;
}

function store(entries: Map<string, Entry>, key: string, entry: Entry): void {
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
}

/**
 * What an answer depends on besides the path: the site and language, and the options that
 * change the answer or whether it is an error (headers, accepted statuses).
 */
function keyOf(path: string, options: Omit<RequestOptions, 'method' | 'body'>): string {
  const extras = JSON.stringify([options.headers ?? null, options.acceptStatus ?? null]);
  return `${apiContextKey()}|${path}|${extras}`;
}

/** A GET through the cache rules above. */
export function cachedGet<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
  const scope = requestScope();
  const shared = scope !== undefined && ttlFor(path) === LONG_TTL_MS;
  const ttl = shared ? SHARED_TTL_MS : ttlFor(path);
  if (ttl === 0) return apiFetch<T>(path, options);
  const key = shared ? `${scope.host}|${keyOf(path, options)}` : keyOf(path, options);
  const entries = shared ? sharedEntries : maps().entries;
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && (!hit.settled || hit.expires > now)) return hit.value as Promise<T>;
  if (hit) entries.delete(key);
  const entry: Entry = { path, ttl, expires: Number.POSITIVE_INFINITY, value: Promise.resolve(), settled: false };
  entry.value = apiFetch<T>(path, options).then(
    (value) => {
      entry.settled = true;
      entry.expires = Date.now() + ttl;
      return value;
    },
    (error: unknown) => {
      if (entries.get(key) === entry) entries.delete(key);
      throw error;
    },
  );
  store(entries, key, entry);
  return entry.value as Promise<T>;
}

/**
 * Runs `request` unless a request with the same key is still in flight for the same site and
 * language, in which case its promise is shared. Nothing is kept after it settles.
 */
export function shareInFlight<T>(name: string, request: () => Promise<T>): Promise<T> {
  const key = `${apiContextKey()}|${name}`;
  const { inFlight } = maps();
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const promise = request().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}
