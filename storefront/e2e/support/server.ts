/**
 * Starts the real host-server (the debug binary the test command builds) on a free port with a
 * fresh SQLite database, serving the built storefront from storefront/dist, and the server
 * renderer (storefront/dist-server, Node) on another, to which host-server forwards the pages:
 * the browser tests run against the server-rendered shop.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  /** The folder the server writes its mail to (`.eml` files), in the scratch folder. */
  outboxDir: string;
  /** Stops the renderer only: host-server then answers the client-rendered index.html. */
  stopRenderer(): Promise<void>;
  /** Makes an integration key with these permissions (`host-server create-integration-key`) and answers its secret. */
  integrationKey(permissions: string[]): string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/** Starts the server renderer on `port`, calling the API at `apiUrl`. */
async function startRenderer(port: number, apiUrl: string, staticDir: string): Promise<ChildProcess> {
  const entry = join(repoRoot, 'storefront/dist-server/index.js');
  if (!existsSync(entry)) throw new Error('storefront/dist-server is missing: run the build first');
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, RENDERER_PORT: String(port), RENDERER_HOST: '127.0.0.1', API_URL: apiUrl, STATIC_DIR: staticDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the renderer exited with ${child.exitCode}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (listening) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the renderer did not listen within 30 s');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`host-server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('host-server did not become healthy within 60 s');
}

/** Starts the shop; `env` adds or overrides host-server's variables (e.g. `MAP_TILE_URL`). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const binary = process.env.HOST_SERVER_BIN ?? join(repoRoot, 'target/debug/host-server');
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run cargo build -p host-server first`);
  const staticDir = join(repoRoot, 'storefront/dist');
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('storefront/dist is missing: run the build first');
  const scratch = mkdtempSync(join(tmpdir(), 'hoofbeat-e2e-'));
  const port = await freePort();
  const rendererPort = await freePort();
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: `sqlite://${join(scratch, 'shop.sqlite')}?mode=rwc`,
    STATIC_DIR: staticDir,
    RENDERER_URL: `http://127.0.0.1:${rendererPort}`,
    FIXTURES_DIR: join(repoRoot, 'fixtures'),
    // Mail and uploads stay in the scratch folder, not in the working tree.
    OUTBOX_DIR: join(scratch, 'outbox'),
    RETURN_PHOTOS_DIR: join(scratch, 'return-photos'),
    RUST_LOG: 'warn',
    // The key that seals the staff's secrets stays in the scratch folder too.
    STAFF_SECRETS_KEY_FILE: join(scratch, 'staff-secrets.key'),
    // The demo's explicit choice (SECURITY.md): the built-in test payment provider.
    PAYMENT_PROVIDER: 'test',
    ...env,
  };
  const child = spawn(binary, [], { env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(baseUrl, child);
  const renderer = await startRenderer(rendererPort, baseUrl, staticDir);
  return {
    baseUrl,
    outboxDir: join(scratch, 'outbox'),
    stopRenderer: () => stopChild(renderer),
    integrationKey(permissions: string[]): string {
      const options = ['create-integration-key', '--name', 'browser tests', '--permissions', permissions.join(',')];
      return execFileSync(binary, options, { env: serverEnv, encoding: 'utf8' }).trim();
    },
    async stop() {
      await stopChild(renderer);
      await stopChild(child);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
