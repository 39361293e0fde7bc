import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ProgressController } from './progress';

describe('progress bar timings', () => {
  let bar: ProgressController;
  beforeEach(() => {
    vi.useFakeTimers();
    bar = new ProgressController();
  });
  afterEach(() => vi.useRealTimers());

  it('shows on start and creeps toward completion over 3000 ms', () => {
    bar.start();
    expect(bar.getState()).toEqual({ visible: true, percent: 0, failed: false });
    vi.advanceTimersByTime(1500);
    expect(bar.getState().percent).toBeCloseTo(50, 0);
    vi.advanceTimersByTime(1300);
    expect(bar.getState().percent).toBeGreaterThan(90);
    expect(bar.getState().percent).toBeLessThan(100);
  });

  it('finishes by itself once past 95 percent, hides 500 ms later and resets 200 ms after that', () => {
    bar.start();
    vi.advanceTimersByTime(2900); // 96.7 percent at the tick after 2850 ms
    expect(bar.getState()).toEqual({ visible: true, percent: 100, failed: false });
    vi.advanceTimersByTime(499);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ visible: false, percent: 100, failed: false });
    vi.advanceTimersByTime(199);
    expect(bar.getState().percent).toBe(100);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ visible: false, percent: 0, failed: false });
  });

  it('creeps over a custom duration', () => {
    bar.start(1000);
    vi.advanceTimersByTime(500);
    expect(bar.getState().percent).toBeCloseTo(50, 0);
    vi.advanceTimersByTime(500);
    expect(bar.getState().percent).toBe(100);
  });

  it('finish goes to 100 at once, hides after 500 ms and resets 200 ms later', () => {
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    expect(bar.getState()).toEqual({ visible: true, percent: 100, failed: false });
    vi.advanceTimersByTime(500);
    expect(bar.getState().visible).toBe(false);
    vi.advanceTimersByTime(200);
    expect(bar.getState()).toEqual({ visible: false, percent: 0, failed: false });
  });

  it('failure turns the failure colour and then finishes', () => {
    bar.start();
    vi.advanceTimersByTime(200);
    bar.fail();
    expect(bar.getState()).toMatchObject({ visible: true, percent: 100, failed: true });
    vi.advanceTimersByTime(700);
    expect(bar.getState()).toEqual({ visible: false, percent: 0, failed: false });
  });

  it('a new start during the hide delay starts over and is not hidden by the old timer', () => {
    bar.start();
    bar.finish();
    vi.advanceTimersByTime(400);
    bar.start();
    vi.advanceTimersByTime(400);
    expect(bar.getState().visible).toBe(true);
    expect(bar.getState().percent).toBeGreaterThan(0);
  });

  it('tells its subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = bar.subscribe(listener);
    bar.start();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    bar.finish();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
