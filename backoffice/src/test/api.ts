/**
 * A fetch stand-in for tests: only the requests a test declares are answered; any other
 * request is recorded and fails the test (setup.ts checks after each test).
 */
import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** Path and query, e.g. `/api/backoffice/audit?sort=-at&page=1&pageSize=50`. */
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** A Response as it is, or any other value: the JSON body of a 200 answer. */
type Answer = Response | object | string | number | boolean | null | undefined;
export type Responder = (request: MockRequest) => Answer | Promise<Answer>;

export interface MockRoute {
  method?: string;
  url: string | RegExp;
  respond: Responder | Answer;
}

export const unexpectedRequests: string[] = [];

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An answer of the API's error body. */
export function apiError(status: number, code: string, fieldErrors?: Record<string, { key: string }[]>): Response {
  return json({ status, code, message: code, ...(fieldErrors ? { fieldErrors } : {}) }, status);
}

/** An empty 204 answer. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

function matches(route: MockRoute, method: string, url: string): boolean {
  if ((route.method ?? 'GET').toUpperCase() !== method) return false;
  return typeof route.url === 'string' ? route.url === url : route.url.test(url);
}

/** What every screen test may meet without naming it: the home page's figures, none of them for the role. */
const ALWAYS: MockRoute[] = [{ url: '/api/backoffice/home', respond: { today: null, openReturns: null, samplesWaiting: null, lowStock: null } }];

/** Replaces fetch; returns the list of requests made, in order. */
export function mockApi(routes: MockRoute[]): MockRequest[] {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(raw, 'http://localhost');
    const url = `${parsed.pathname}${parsed.search}`;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: MockRequest = { method, url, headers, credentials: init.credentials, body };
    // A request cancelled at once (React's development double run of an effect) never reached a server.
    await Promise.resolve();
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const route = routes.find((candidate) => matches(candidate, method, url));
    const background = route ? undefined : ALWAYS.find((candidate) => matches(candidate, method, url));
    // Only the requests a test names are its record; the background ones are answered quietly.
    if (!background) requests.push(request);
    if (background) return json(background.respond);
    if (!route) {
      unexpectedRequests.push(`${method} ${url}`);
      throw new TypeError(`unexpected request: ${method} ${url}`);
    }
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const answer = typeof route.respond === 'function' ? await (route.respond as Responder)(request) : route.respond;
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}
