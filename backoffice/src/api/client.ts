/**
 * The back office's one fetch function. Every call sends the staff session cookie
 * (`credentials: 'same-origin'`) and asks for JSON; every call that changes state (POST, PUT,
 * DELETE) sends a JSON body, `{}` when there is nothing to send, with `Content-Type:
 * application/json`: the server refuses a state change without that content type (with the
 * `Origin` check, its defence against cross-site requests). Any status outside 2xx is raised as
 * an `ApiError` carrying the API's error body.
 */
import type { ApiErrorBody } from './contract';

/** A call that has not answered by then is given up (a warehouse's Wi-Fi drops). */
export const API_TIMEOUT_MS = 20_000;

/** A response outside 2xx, or none at all (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.status;
    this.body = body;
  }

  get code(): string {
    return this.body.code;
  }
}

/** The code of a session that has ended: the app sends the staff member to the sign-in page. */
export const SIGN_IN_REQUIRED = 'errors.staffSignInRequired';

type Listener = (error: ApiError) => void;
let onSignInRequired: Listener = () => undefined;

/** What the app does when a call finds the session ended (app/, once). */
export function setSignInRequiredHandler(listener: Listener): void {
  onSignInRequired = listener;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, string | number | undefined | null>;

/** A path with its query: empty values are left out, the rest encoded in the order given. */
export function withQuery(path: string, query: Query = {}): string {
  const pairs = Object.entries(query)
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined && pair[1] !== null && pair[1] !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).code === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The API's error body of a failed answer; one made up when the body is not one (a proxy's page). */
async function errorOf(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  if (isErrorBody(body)) return new ApiError({ ...body, status: response.status });
  return new ApiError({ status: response.status, code: 'errors.unexpected', message: response.statusText || `HTTP ${response.status}` });
}

function requestInit(method: Method, body: unknown, signal: AbortSignal): RequestInit {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json' }, signal };
  if (method === 'GET') return init;
  return { ...init, headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) };
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /**
   * A 401 is an answer here, not an ended session (asking whether anyone is signed in): the
   * app is not sent to the sign-in page.
   */
  quiet?: boolean;
}

/** One call: the answer's JSON (undefined for 204), or an `ApiError`. */
export async function request<T>(method: Method, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  const { signal, quiet = false } = options;
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, requestInit(method, body, combined));
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'errors.network', message: cause instanceof Error ? cause.message : String(cause) });
  }
  if (response.ok) return (await readJson(response)) as T;
  const error = await errorOf(response);
  if (!quiet && error.status === 401 && error.code === SIGN_IN_REQUIRED) onSignInRequired(error);
  throw error;
}

export const api = {
  get: <T>(path: string, query?: Query, options?: CallOptions) => request<T>('GET', withQuery(path, query), undefined, options),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T = undefined>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};
