/**
 * A fetch stand-in for tests: only the requests a test declares are answered; any other
 * request is recorded and fails the test (src/test/setup.ts checks after each test).
 */
import { vi } from 'vitest';

import { LAYOUT_NL } from './layout';

export interface MockRequest {
  method: string;
  /** Path and query, e.g. `/api/sites/getbydomain?domain=localhost`. */
  url: string;
  headers: Record<string, string>;
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
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The site's layout, which the root route loads on every page: answered with `LAYOUT_NL` unless a
 * test declares its own route for it (only then is the request recorded).
 */
const DEFAULT_LAYOUT = /^\/api\/content\/layout$/;
/** The cart page's recommendations: none, unless a test declares them (only then recorded). */
const DEFAULT_RECOMMENDATIONS = /^\/api\/cart\/[^/]+\/recommendations$/;

/** A landing page's addresses for its head: none (404), unless a test declares them (only then recorded). */
const DEFAULT_LANDING_PAGE = /^\/api\/content\/landing-page\?/;

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
    const request = { method, url, headers, body };
    const route = routes.find(
      (candidate) =>
        (candidate.method ?? 'GET').toUpperCase() === method && (typeof candidate.url === 'string' ? candidate.url === url : candidate.url.test(url)),
    );
    if (!route && method === 'GET' && DEFAULT_LAYOUT.test(url)) return json(LAYOUT_NL);
    if (!route && method === 'GET' && DEFAULT_RECOMMENDATIONS.test(url)) return json([]);
    if (!route && method === 'GET' && DEFAULT_LANDING_PAGE.test(url)) return json({ status: 404 }, 404);
    requests.push(request);
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
