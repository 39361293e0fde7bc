/**
 * The one fetch function under the typed client of `client.ts` (import from there): cookies
 * are sent, the timeout is 20 seconds, every call carries the `siteid` and `languageid`
 * headers (once the site is known) and `datetime`, and any status
 * outside 2xx is raised as an `ApiError` carrying the status and body.
 */

export const API_TIMEOUT_MS = 20_000;

/** A response outside 2xx, or no response at all (status 503 for a time-out). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The `Retry-After` of a 429, in seconds. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: unknown, retryAfterSeconds: number | null = null) {
    super(`An unexpected server error occurred. (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface ApiContext {
  siteId?: number;
  languageId?: number;
}

/**
 * What one server-rendered request (entry-server.tsx) gives its API calls: the API's address on
 * loopback, the visitor's `Host` and cookies, its own site and language headers, its own client
 * cache (cache.ts), and the `Set-Cookie` headers the API answered, for the page's answer.
 */
export interface RequestScope {
  /** The API's origin, e.g. `http://127.0.0.1:8080`. */
  apiUrl: string;
  /** The visitor's `Host`. */
  host: string;
  /** The visitor's `Cookie` header ('' without cookies). */
  cookie: string;
  /**
   * The visitor's address and the renderer key host-server handed over with the page request,
   * sent back with every API call so that host-server's limits count the visitor, not the
   * renderer (host-server's `trust.rs`). Never part of the page.
   */
  visitor: { forwardedFor: string; rendererKey: string } | null;
  context: ApiContext;
  /** The cache of cache.ts for this request only. */
  cache: { entries: Map<string, unknown>; inFlight: Map<string, Promise<unknown>> };
  /**
   * The failed route look-ups of this page's render (routing.ts), by site, language and URL: a
   * failure (a 404 in one language, a time-out) is never shown to a later request.
   */
  routeFailures: Map<string, number>;
  /** `Set-Cookie` headers of the API's answers, passed on to the visitor. */
  setCookies: string[];
  /** The ids of the lazily loaded pages rendered (lib/lazyPage.tsx), which the browser loads before hydrating. */
  lazyPages: Set<string>;
  /** The fetch function to use: one that sends the `Host` header as given (Node's `fetch` does not). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

/**
 * The browser has one visitor, so module state serves it. The server renders many visitors at
 * once: entry-server.tsx installs a function returning the running request's scope
 * (AsyncLocalStorage), and everything here and in cache.ts reads that scope instead.
 */
let scopeOf: () => RequestScope | undefined = () => undefined;

/** Installs the server's per-request scope (entry-server.tsx; never in the browser). */
export function setRequestScopeProvider(provider: () => RequestScope | undefined): void {
  scopeOf = provider;
}

/** The server-rendered request being handled, if any (undefined in the browser). */
export function requestScope(): RequestScope | undefined {
  return scopeOf();
}

/** The site and language every call carries as headers once the site is known (browser). */
let browserContext: ApiContext = {};

/** Sets the `siteid` and `languageid` headers sent with every later call (of this request, on the server). */
export function setApiContext(next: ApiContext): void {
  const scope = scopeOf();
  if (scope) scope.context = { ...next };
  else browserContext = { ...next };
}

/** The site and language the running call is made for (this request's, on the server). */
export function apiContext(): ApiContext {
  return { ...(scopeOf()?.context ?? browserContext) };
}

/**
 * The site and language as part of a cache key: an answer given for one site or language is
 * never served for another (cache.ts, routing.ts).
 */
export function apiContextKey(): string {
  const { siteId, languageId } = apiContext();
  return `site=${siteId ?? ''}&language=${languageId ?? ''}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses that count as success; default: any 2xx. */
  acceptStatus?: readonly number[];
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Calls the API and returns the parsed JSON body. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const scope = scopeOf();
  const context = scope?.context ?? browserContext;
  if (scope) {
    headers.Host = scope.host;
    if (scope.cookie) headers.Cookie = scope.cookie;
    if (scope.visitor) {
      headers['X-Forwarded-For'] = scope.visitor.forwardedFor;
      headers['X-Renderer-Key'] = scope.visitor.rendererKey;
    }
  }
  if (context.siteId !== undefined) headers.siteid = String(context.siteId);
  if (context.languageId !== undefined) headers.languageid = String(context.languageId);
  // The moment of the call (ISO 8601); a caller that passes its own (the conversion) wins.
  headers.datetime = new Date().toISOString();
  Object.assign(headers, options.headers);
  // A FormData body (multipart, e.g. a return's photo) sets its own content type.
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    const send = scope ? (init: RequestInit) => scope.fetch(`${scope.apiUrl}${path}`, init) : (init: RequestInit) => fetch(path, init);
    response = await send({
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(503, 'timeout');
    throw error;
  }
  if (scope) scope.setCookies.push(...response.headers.getSetCookie());
  const body = await readBody(response);
  const accepted = options.acceptStatus ? options.acceptStatus.includes(response.status) : response.ok;
  if (!accepted) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(response.status, body, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
  }
  return body as T;
}
