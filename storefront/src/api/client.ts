/**
 * The one API client. `apiFetch` (in `fetch.ts`) is the one
 * fetch function: cookies are sent, the timeout is 20 seconds, the `siteid`/`languageid` and
 * `datetime` headers are added, and any status outside 2xx is raised as an `ApiError` carrying
 * the status and body. `api` is its typed face, typed by path and method from the generated
 * `paths`. Every GET goes through the client cache of `cache.ts` (whose rules never cache cart
 * calls) unless it says `cached: false` or brings its own abort signal; any other call forgets
 * the cache's 2-second answers of its area once it is done.
 */
import { cachedGet, forgetChangedArea } from './cache';
import { apiFetch, type RequestOptions } from './fetch';
import type { paths } from './generated/schema';

export { API_TIMEOUT_MS, ApiError, apiFetch, setApiContext, type RequestOptions } from './fetch';

/*
 * The typed face of `apiFetch`: `api.get('/api/faq', { query, headers })`, whose path,
 * parameters, body and answer types come from the generated `paths`. Path
 * parameters fill `{name}`; query values are URL-encoded in the order given, `undefined` left
 * out.
 */

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
/** The paths that have an operation for this method. */
export type PathsFor<M extends Method> = { [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P }[keyof paths];

type Parameters<O> = O extends { parameters: infer X } ? Omit<X, 'header' | 'cookie'> : object;
type JsonContent<C> = C extends { 'application/json': infer B } ? B : C extends { 'multipart/form-data': unknown } ? FormData : unknown;
/**
 * An operation without a request body may still be sent an empty JSON object: a state change
 * of a signed-in customer passes the server's cross-site check by its JSON content type
 * (host-server `cookie_requests_pass_cors`), also before the `siteid` header is known.
 */
export type EmptyBody = Record<string, never>;
type Body<O> = O extends { requestBody: { content: infer C } }
  ? { body: JsonContent<C> }
  : O extends { requestBody?: infer R }
    ? [NonNullable<R>] extends [never]
      ? { body?: EmptyBody }
      : NonNullable<R> extends { content: infer C }
        ? { body?: JsonContent<C> }
        : { body?: EmptyBody }
    : { body?: EmptyBody };
type SuccessStatus = 200 | 201 | 202 | 204;
type Answer<R> = R extends { content: { 'application/json': infer B } } ? B : R extends { content: { 'text/plain': infer B } } ? B : undefined;
/** The JSON answer of a 2xx of this operation. */
export type ResponseOf<O> = O extends { responses: infer R } ? Answer<R[Extract<keyof R, SuccessStatus>]> : never;
/** The JSON answer of `GET`/`POST`/... of this path. */
export type ApiAnswer<P extends keyof paths, M extends Method = 'get'> = ResponseOf<Operation<P, M>>;

/**
 * The options of a typed call: the operation's `path`/`query` parameters and body, and the
 * `apiFetch` ones. `cached: false` keeps a GET out of the client cache.
 */
export type TypedOptions<O> = Parameters<O> & Body<O> & Omit<RequestOptions, 'method' | 'body'> & { cached?: boolean };

type Values = Record<string, unknown> | undefined;

/** The URL of a path with its path and query parameters filled in. */
export function buildUrl(template: string, path: Values, query: Values): string {
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(path?.[name])));
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
  }
  return pairs.length > 0 ? `${filled}?${pairs.join('&')}` : filled;
}

type UntypedOptions = Omit<RequestOptions, 'method' | 'body'> & {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  cached?: boolean;
};

function send(method: Method, template: string, options: UntypedOptions = {}): Promise<unknown> {
  const { path, query, body, cached, ...rest } = options;
  const url = buildUrl(template, path, query);
  // A call with its own signal is not shared: its abort must not fail another caller's answer.
  if (method === 'get') return cached !== false && !rest.signal ? cachedGet(url, rest) : apiFetch(url, rest);
  const change = apiFetch(url, { ...rest, method: method.toUpperCase() as RequestOptions['method'], ...(body !== undefined ? { body } : {}) });
  // A read after a change must see it, also when the change failed halfway.
  return change.finally(() => forgetChangedArea(url));
}

function call<M extends Method>(method: M) {
  return <P extends PathsFor<M>>(path: P, ...args: CallArgs<Operation<P, M>>): Promise<ResponseOf<Operation<P, M>>> =>
    send(method, path, args[0]) as Promise<ResponseOf<Operation<P, M>>>;
}

/** Options are required when the operation has required parameters or a required body. */
type CallArgs<O> = object extends TypedOptions<O> ? [options?: TypedOptions<O>] : [options: TypedOptions<O>];

/** The one typed client: every call of the storefront goes through it. */
export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  delete: call('delete'),
};
