/**
 * The renderer's `fetch` to host-server: node:http, which sends the `Host` header as given (the
 * visitor's host, by which the API knows the site), over a pool of kept-alive connections.
 * Node's own `fetch` would replace that header.
 */
import http from 'node:http';

/** At most this many connections to the API at once; further calls wait for a free one. */
export const API_MAX_SOCKETS = 50;

/** The connection pool of one renderer process. */
export function apiAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: API_MAX_SOCKETS, maxFreeSockets: API_MAX_SOCKETS });
}

function headersOf(answer: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  return headers;
}

/** A `fetch` for the renderer's API calls through `agent`. */
export function loopbackFetch(agent: http.Agent): (url: string, init: RequestInit) => Promise<Response> {
  return (url, init) =>
    new Promise((resolvePromise, reject) => {
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const request = http.request(url, { method: init.method ?? 'GET', headers, agent, signal: init.signal ?? undefined }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const status = answer.statusCode ?? 502;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolvePromise(new Response(body, { status, headers: headersOf(answer) }));
        });
      });
      request.on('error', reject);
      if (typeof init.body === 'string') request.write(init.body);
      request.end();
    });
}
