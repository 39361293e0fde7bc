/**
 * A finger on a touch screen, through the DevTools protocol: Chromium emulates a touch screen
 * and receives touch events as a phone's would. Each event carries its own time, 50 ms after
 * the one before: however long a busy machine takes to deliver them, the page reads a quick
 * stroke, never a hold.
 */
import type { Locator, Page } from 'playwright-core';

export interface Finger {
  /** A swipe across the middle of `target`, from `fromX` to `toX` px of its left edge. */
  swipe(target: Locator, fromX: number, toX: number): Promise<void>;
  /** A tap 20 px below the top of `target`, in its middle. */
  tap(target: Locator): Promise<void>;
}

export async function touchScreen(page: Page): Promise<Finger> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  let at = Date.now() / 1000;
  const touch = async (points: { x: number; y: number }[], type: 'touchStart' | 'touchMove' | 'touchEnd') => {
    at += 0.05;
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points, timestamp: at });
  };
  return {
    async swipe(target, fromX, toX) {
      await target.scrollIntoViewIfNeeded();
      const box = (await target.boundingBox())!;
      const y = box.y + box.height / 2;
      await touch([{ x: box.x + fromX, y }], 'touchStart');
      await touch([{ x: box.x + (fromX + toX) / 2, y }], 'touchMove');
      await touch([{ x: box.x + toX, y }], 'touchMove');
      await touch([], 'touchEnd');
    },
    async tap(target) {
      const box = (await target.boundingBox())!;
      await touch([{ x: box.x + box.width / 2, y: box.y + 20 }], 'touchStart');
      await touch([], 'touchEnd');
    },
  };
}
