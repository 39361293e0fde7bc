import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { initI18n } from '../i18n';
import { resetFirstScreen } from '../components/Page';
import { forgetSession } from '../lib/session';
import { mockApi, unexpectedRequests } from './api';

// `findBy…` and `waitFor` wait up to 5 s instead of 1 s: with every test file running at once
// on a two-core machine, an answer can take longer than a second to show.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no canvas; axe-core asks for one (to measure icon text) and does without it.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

beforeEach(async () => {
  // No test reaches a network: a request a test did not declare fails it.
  mockApi([]);
  localStorage.clear();
  forgetSession();
  resetFirstScreen();
  // Tests read English unless they switch.
  await initI18n('en');
});

// Without vitest globals, testing-library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const unexpected = unexpectedRequests.splice(0);
  if (unexpected.length > 0) throw new Error(`unexpected requests: ${unexpected.join(', ')}`);
});
