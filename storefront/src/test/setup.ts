import '@testing-library/jest-dom/vitest';

import { readFileSync } from 'node:fs';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { clearCache } from '../api/cache';
import { setApiContext } from '../api/client';
import { clearRouteCache } from '../api/routing';
import { loadEngineFromBytes } from '../engine';
import { mockApi, unexpectedRequests } from './api';

// jsdom cannot fetch the .wasm file; hand the engine its bytes so it answers at once.
const wasmPath = process.env.ENGINE_WASM_PATH;
if (!wasmPath) throw new Error('ENGINE_WASM_PATH is not set (vite.config.ts sets it)');
loadEngineFromBytes(readFileSync(wasmPath));

// `findBy…` and `waitFor` wait up to 5 s instead of 1 s: with every test file running at once
// on a two-core machine, an answer can take longer than a second to show (a passing test does
// not wait longer; only a failing one fails later).
configure({ asyncUtilTimeout: 5000 });

const inBrowser = typeof document !== 'undefined';

// jsdom has no PointerEvent: `fireEvent.pointerDown` would lose the pointer type and position.
if (inBrowser && typeof window.PointerEvent === 'undefined') {
  class PointerEvent extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEvent as unknown as typeof window.PointerEvent;
}

beforeEach(() => {
  if (!inBrowser) return;
  // No test reaches a network: a request a test did not declare fails it.
  mockApi([]);
  // jsdom does not scroll.
  vi.stubGlobal('scrollTo', vi.fn());
  Element.prototype.scrollIntoView = vi.fn();
  clearCache();
  clearRouteCache();
  setApiContext({});
  localStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

// Without vitest globals, testing-library cannot register its own clean-up.
afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const unexpected = unexpectedRequests.splice(0);
  if (unexpected.length > 0) throw new Error(`unexpected requests: ${unexpected.join(', ')}`);
});
