/**
 * The one fetch function under the typed client of `client.ts` (import from there): cookies
 * are sent, the timeout is 20 seconds, and any status outside 2xx is raised as an `ApiError`
 * carrying the status and body.
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

/** The site and language every call carries as headers once the site is known. */
let context: { siteId?: number; languageId?: number } = {};

/** Sets the `siteid` and `languageid` headers sent with every later call. */
export function setApiContext(next: { siteId?: number; languageId?: number }): void {
  context = { ...next };
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
  if (context.siteId !== undefined) headers.siteid = String(context.siteId);
  if (context.languageId !== undefined) headers.languageid = String(context.languageId);
  Object.assign(headers, options.headers);
  // A FormData body (multipart, e.g. a return's photo) sets its own content type.
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
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
  const body = await readBody(response);
  const accepted = options.acceptStatus ? options.acceptStatus.includes(response.status) : response.ok;
  if (!accepted) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(response.status, body, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
  }
  return body as T;
}
