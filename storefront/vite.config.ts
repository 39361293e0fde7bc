/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { defineConfig, type Plugin } from 'vite';

/** The client build's files a browser downloads that compress well (not source maps). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|wasm)$/;

/**
 * A Brotli (quality 11) and a gzip (level 9) copy beside each compressible file of the client
 * build, which host-server serves as they are to browsers that accept them: the highest levels
 * cost time once, at build, instead of on every answer.
 */
function precompress(): Plugin {
  let ssr = false;
  return {
    name: 'hoofbeat-precompress',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    writeBundle(options, bundle) {
      if (ssr || !options.dir) return;
      for (const fileName of Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name))) {
        const path = join(options.dir, fileName);
        const content = readFileSync(path);
        if (content.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// The dev server proxies the API to a host-server on :8080 (`cargo run -p host-server`).
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    target: 'es2022',
    // One stylesheet for every page (about 7 KB compressed), linked in the page's head: a
    // page's styles are there before its first paint, never after its chunk's JavaScript.
    cssCodeSplit: false,
    sourcemap: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A test's first render imports its route's modules, which Vite transforms on demand; on a
    // loaded 2-core CI machine that alone has taken over the default 5 s.
    testTimeout: 20_000,
    env: {
      // jsdom cannot fetch the .wasm file; the set-up reads it from here.
      ENGINE_WASM_PATH: fileURLToPath(new URL('../engine-wasm/pkg/engine_wasm_bg.wasm', import.meta.url)),
    },
  },
});
