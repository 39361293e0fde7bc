/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { defineConfig, type Plugin } from 'vite';

/** The build's files a browser downloads that compress well (not source maps). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * A Brotli (quality 11) and a gzip (level 9) copy beside each compressible file, as the
 * storefront's build writes them: host-server can serve them as they are to browsers that
 * accept them, and the highest levels cost time once, at build, instead of on every answer.
 */
function precompress(): Plugin {
  return {
    name: 'hoofbeat-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return;
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

// Served by host-server under /admin/ (a client-only app: no server rendering). The dev server
// proxies the API to a host-server on :8080.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    // The content security policy takes fonts only from the app's own address (font-src 'self'):
    // a font is never inlined as a data: URL, however small.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    sourcemap: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // findBy… waits up to 5 s (src/test/setup.ts); a test of several steps takes longer on two busy cores.
    testTimeout: 20_000,
  },
});
