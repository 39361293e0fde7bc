/**
 * One rendering process: the engine, the page frame and the catalogs loaded once, then every
 * page request host-server forwards rendered (see index.ts for the environment).
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';

import { createRenderer, FALLBACK_HEADER, type PageRequest } from '../src/entry-server';
import { apiAgent, loopbackFetch } from '../src/api/loopbackFetch';
import { allFigures, collectProcessFigures, FIGURES_CONTENT_TYPE, METRICS_PATH } from './metrics';

const port = Number(process.env.RENDERER_PORT ?? 8081);
const listenHost = process.env.RENDERER_HOST ?? '127.0.0.1';
const apiUrl = (process.env.API_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');

/** Where host-server asks whether this renderer answers (`platform/health.rs`). */
const HEALTH_PATH = '/api/renderer/health';

/** The engine's .wasm as the client build emitted it (`assets/engine_wasm_bg-<hash>.wasm`). */
function wasmBytes(assets: string): Uint8Array<ArrayBuffer> {
  const file = readdirSync(assets).find((name) => name.startsWith('engine_wasm_bg') && name.endsWith('.wasm'));
  if (!file) throw new Error(`no engine_wasm_bg*.wasm in ${assets}: build the storefront first`);
  return Uint8Array.from(readFileSync(join(assets, file)));
}

/** Renders the pages of the client build in `staticDir` (its `index.html` and `assets/`). */
export async function serve(staticDir: string): Promise<void> {
  const assets = join(staticDir, 'assets');
  const render = await createRenderer({
    template: readFileSync(join(staticDir, 'index.html'), 'utf8'),
    wasm: wasmBytes(assets),
    apiUrl,
    fetch: loopbackFetch(apiAgent()),
    assetFiles: readdirSync(assets),
  });

  collectProcessFigures();
  const server = http.createServer((incoming, outgoing) => {
    // host-server's readiness check and its metrics; host-server never forwards an /api/ path,
    // so visitors cannot reach them.
    if (incoming.url === HEALTH_PATH) {
      outgoing.setHeader('content-type', 'application/json');
      outgoing.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (incoming.url === METRICS_PATH) {
      allFigures().then(
        (text) => {
          outgoing.setHeader('content-type', FIGURES_CONTENT_TYPE);
          outgoing.end(text);
        },
        (error: unknown) => {
          console.error('renderer figures', error);
          outgoing.statusCode = 503;
          outgoing.end();
        },
      );
      return;
    }
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
}
