/**
 * The server renderer's HTTP server: host-server forwards every page request here
 * (`RENDERER_URL`) and serves files and the API itself. Built by `vite build --ssr` into
 * `dist-server/index.js` and started with `node storefront/dist-server/index.js`.
 *
 * Environment: `RENDERER_PORT` (8081), `RENDERER_HOST` (127.0.0.1), `API_URL`
 * (http://127.0.0.1:8080, host-server on loopback), `STATIC_DIR` (storefront/dist: the client
 * build, whose index.html is the page frame and whose assets hold the engine's .wasm),
 * `RENDERER_WORKERS` (one per core: rendering is JavaScript on one thread, so one process per
 * core renders that many pages at once; the processes share the port).
 */
import cluster from 'node:cluster';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
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

/** One rendering process: the engine, the page frame and the site data loaded once, then every request rendered. */
async function serve(): Promise<void> {
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
}

/** A worker that dies within this time after its start is not started again: it would only die again. */
const QUICK_DEATH_MS = 5_000;

/** The first process: starts one rendering process per core and restarts one that dies. */
function supervise(count: number): void {
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  for (let index = 0; index < count; index += 1) fork();
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) return;
    if (lived > QUICK_DEATH_MS) {
      console.error(`renderer process ${worker.process.pid} ended (${signal ?? code}); starting another`);
      fork();
    } else if (startedAt.size === 0) {
      console.error(`renderer process ${worker.process.pid} ended at its start (${signal ?? code}); stopping`);
      process.exit(1);
    }
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 1_500).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

const workers = Math.max(1, Number(process.env.RENDERER_WORKERS ?? availableParallelism()) || 1);
if (cluster.isPrimary && workers > 1) {
  supervise(workers);
} else {
  await serve();
}
