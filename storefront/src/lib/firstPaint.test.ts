import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstContentfulPaint, FIRST_PAINT_WAIT_MS } from './firstPaint';

type Listener = (list: { getEntries: () => { name: string }[] }) => void;

/** A stand-in for the browser's PerformanceObserver that reports the paints a test gives it. */
function fakePaintObserver() {
  const listeners: Listener[] = [];
  const observe = vi.fn();
  const disconnect = vi.fn();
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'navigation'];
    constructor(listener: Listener) {
      listeners.push(listener);
    }
    observe = observe;
    disconnect = disconnect;
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const paint = (...names: string[]) => listeners.forEach((listener) => listener({ getEntries: () => names.map((name) => ({ name })) }));
  return { paint, observe, disconnect };
}

describe('afterFirstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts when the first contentful paint is reported, not at the first (empty) paint, and once', () => {
    vi.useFakeTimers();
    const { paint, observe, disconnect } = fakePaintObserver();
    const start = vi.fn();
    afterFirstContentfulPaint(start);
    expect(observe).toHaveBeenCalledWith({ type: 'paint', buffered: true });
    paint('first-paint');
    expect(start).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it(`starts after ${FIRST_PAINT_WAIT_MS} ms when no paint comes (a background tab)`, () => {
    vi.useFakeTimers();
    fakePaintObserver();
    const start = vi.fn();
    afterFirstContentfulPaint(start);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a browser that reports no paints', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const start = vi.fn();
    afterFirstContentfulPaint(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
