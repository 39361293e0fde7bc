import { afterEach, describe, expect, it, vi } from 'vitest';

import { yieldToBrowser } from './tasks';

describe('yieldToBrowser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resumes in a later task: what was queued before runs first', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued before'), 0);
    await yieldToBrowser();
    order.push('resumed');
    expect(order).toEqual(['queued before', 'resumed']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToBrowser();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
