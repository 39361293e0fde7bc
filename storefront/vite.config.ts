/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vite';

// The dev server proxies the API to a host-server on :8080 (`cargo run -p host-server`).
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    env: {
      // jsdom cannot fetch the .wasm file; the set-up reads it from here.
      ENGINE_WASM_PATH: fileURLToPath(new URL('../engine-wasm/pkg/engine_wasm_bg.wasm', import.meta.url)),
    },
  },
});
