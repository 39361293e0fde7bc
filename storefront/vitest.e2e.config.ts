import { defineConfig } from 'vitest/config';

// Browser tests: the real host-server and Debian's Chromium, driven by playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
