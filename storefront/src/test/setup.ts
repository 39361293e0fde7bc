import '@testing-library/jest-dom/vitest';

import { readFileSync } from 'node:fs';

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { initSync } from '@hoofbeat/engine-wasm';

// jsdom cannot fetch the .wasm file; hand the engine its bytes so `loadEngine()` resolves at once.
const wasmPath = process.env.ENGINE_WASM_PATH;
if (!wasmPath) throw new Error('ENGINE_WASM_PATH is not set (vite.config.ts sets it)');
initSync({ module: readFileSync(wasmPath) });

// Without vitest globals, testing-library cannot register its own clean-up.
afterEach(() => cleanup());
