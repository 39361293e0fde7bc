/**
 * The server renderer's HTTP server: host-server forwards every page request here
 * (`RENDERER_URL`) and serves files and the API itself. Built by `vite build --ssr` into
 * `dist-server/index.js` and started with `node storefront/dist-server/index.js`.
 *
 * Environment: `RENDERER_PORT` (8081), `RENDERER_HOST` (127.0.0.1), `API_URL`
 * (http://127.0.0.1:8080, host-server on loopback), `STATIC_DIR` (storefront/dist: the client
 * build, whose index.html is the page frame and whose assets hold the engine's .wasm).
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createRenderer, FALLBACK_HEADER, type PageRequest } from '../src/entry-server';
import { apiAgent, loopbackFetch } from '../src/api/loopbackFetch';

const storefrontDir = fileURLToPath(new URL('..', import.meta.url));
const staticDir = resolve(process.env.STATIC_DIR ?? join(storefrontDir, 'dist'));
const port = Number(process.env.RENDERER_PORT ?? 8081);
const listenHost = process.env.RENDERER_HOST ?? '127.0.0.1';
const apiUrl = (process.env.API_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');

const assets = join(staticDir, 'assets');

/** The engine's .wasm as the client build emitted it (`assets/engine_wasm_bg-<hash>.wasm`). */
function wasmBytes(): Uint8Array<ArrayBuffer> {
  const file = readdirSync(assets).find((name) => name.startsWith('engine_wasm_bg') && name.endsWith('.wasm'));
  if (!file) throw new Error(`no engine_wasm_bg*.wasm in ${assets}: build the storefront first`);
  return Uint8Array.from(readFileSync(join(assets, file)));
}

const render = await createRenderer({
  template: readFileSync(join(staticDir, 'index.html'), 'utf8'),
  wasm: wasmBytes(),
  apiUrl,
  fetch: loopbackFetch(apiAgent()),
  assetFiles: readdirSync(assets),
});

const server = http.createServer((incoming, outgoing) => {
  const request: PageRequest = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers: incoming.headers };
  render(request).then(
    (page) => {
      for (const [name, value] of page.headers) outgoing.appendHeader(name, value);
      outgoing.statusCode = page.status;
      outgoing.end(request.method === 'HEAD' ? undefined : page.body);
    },
    (error: unknown) => {
      console.error(`rendering ${request.url} failed`, error);
      // host-server answers the client-rendered index.html instead.
      outgoing.statusCode = 500;
      outgoing.setHeader(FALLBACK_HEADER, 'client');
      outgoing.end();
    },
  );
});

server.listen(port, listenHost, () => console.log(`renderer listening on http://${listenHost}:${port}, API at ${apiUrl}`));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  // Pages still rendering get a moment to finish.
  setTimeout(() => process.exit(0), 1_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
