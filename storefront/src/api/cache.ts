/**
 * The client cache of specification section 7.
 *
 * - Sites, reviews, footer, countries and the primary and secondary navigation: 15 minutes
 *   (the site's layout, `/api/content/layout`, is the footer and navigation in one answer).
 * - Every other GET: 2 seconds.
 * - Cart calls (`/api/cart…`, `/api/cartcalculation…`): never cached, never shared.
 * - At most 200 entries; the oldest entry is evicted first.
 * - A request that is in flight is shared: the same GET is never sent twice at once. Other
 *   calls that must not run twice at once (product search) use `shareInFlight`.
 *
 * Failed requests are not cached (the next call tries again).
 */
import { apiFetch, requestScope, type RequestOptions } from './fetch';

export const LONG_TTL_MS = 15 * 60 * 1000;
export const SHORT_TTL_MS = 2_000;
export const MAX_ENTRIES = 200;

const LONG_LIVED = /^\/api\/(sites|reviews|footer|countries|navigation|primarynavigation|secondarynavigation)(\/|\?|$)/i;
const NEVER_CACHED = /^\/api\/(cart|cartcalculation)(\/|\?|$)/i;

/** How long a GET of this path may be served from the cache; 0 means never. */
export function ttlFor(path: string): number {
  if (NEVER_CACHED.test(path)) return 0;
  if (LONG_LIVED.test(path) || /^\/api\/content\/(footer|navigation|layout)(\/|\?|$)/i.test(path)) return LONG_TTL_MS;
  return SHORT_TTL_MS;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
  settled: boolean;
}

const browserEntries = new Map<string, Entry>();
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
}

/** The number of cached entries (tests). */
export function cacheSize(): number {
  return maps().entries.size;
}

function store(key: string, entry: Entry): void {
  const { entries } = maps();
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
}

/** A GET through the cache rules above. */
export function cachedGet<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
  const ttl = ttlFor(path);
  if (ttl === 0) return apiFetch<T>(path, options);
  const key = path;
  const { entries } = maps();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && (!hit.settled || hit.expires > now)) return hit.value as Promise<T>;
  if (hit) entries.delete(key);
  const entry: Entry = { expires: Number.POSITIVE_INFINITY, value: Promise.resolve(), settled: false };
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
  store(key, entry);
  return entry.value as Promise<T>;
}

/**
 * Runs `request` unless a request with the same key is still in flight, in which case its
 * promise is shared. Nothing is kept after it settles.
 */
export function shareInFlight<T>(key: string, request: () => Promise<T>): Promise<T> {
  const { inFlight } = maps();
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const promise = request().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}
