/**
 * The server renderer's HTTP server: host-server forwards every page request here
 * (`RENDERER_URL`) and serves files and the API itself. Built by `vite build --ssr` into
 * `dist-server/index.js` and started with `node storefront/dist-server/index.js`.
 *
 * Environment: `RENDERER_PORT` (8081), `RENDERER_HOST` (127.0.0.1), `API_URL`
 * (http://127.0.0.1:8080, host-server on loopback), `STATIC_DIR` (storefront/dist: the client
 * build, whose index.html is the page frame and whose assets hold the engine's .wasm),
 * `RENDERER_WORKERS` (one per core: rendering is JavaScript on one thread, so one process per
 * core renders that many pages at once; the processes share the port) and `RENDERER_HEAP_MB`.
 * This first process only supervises: it starts the rendering processes (`render.ts`) with
 * their heap limits and starts another when one dies.
 */

import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { answerFigureAsks } from './metrics';

// React and its server renderer choose their production build by NODE_ENV when they are first
// loaded; the development build renders several times slower. So the renderer runs React's
// production build unless told `NODE_ENV=development`, and its rendering code is loaded only
// after this line (a dynamic import), never by the supervising process.
if (process.env.NODE_ENV !== 'development') process.env.NODE_ENV = 'production';

/** A worker that dies within this time after its start is not started again: it would only die again. */
const QUICK_DEATH_MS = 5_000;

/**
 * The heap of a rendering process, in MB: its old generation at most `RENDERER_HEAP_MB` (160) and
 * its young generation's halves at 8 MB, which keeps a busy process near 240 MB in all (about 12 %
 * fewer renders than an unbounded heap, which grows past 400 MB). A process starts at about 90 MB.
 */
function heapLimits(): string[] {
  const heapMb = Math.max(64, Number(process.env.RENDERER_HEAP_MB ?? 160) || 160);
  return [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8'];
}

/** The first process: starts the rendering processes and restarts one that dies. */
function supervise(count: number): void {
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...heapLimits()] });
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  answerFigureAsks();
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
if (cluster.isPrimary) {
  supervise(workers);
} else {
  const storefrontDir = fileURLToPath(new URL('..', import.meta.url));
  const { serve } = await import('./render');
  await serve(resolve(process.env.STATIC_DIR ?? join(storefrontDir, 'dist')));
}
