/** Longest wait for the first paint (a page in a background tab paints only when it is shown). */
export const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Calls `start` once the browser has put the page's first content on the screen (its
 * `first-contentful-paint` entry, which arrives after the frame is shown), or after
 * `FIRST_PAINT_WAIT_MS` at the latest; at once in a browser that reports no paints.
 */
export function afterFirstContentfulPaint(start: () => void): void {
  let started = false;
  let observer: PerformanceObserver | null = null;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    once();
    return;
  }
  observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) once();
  });
  // `buffered`: a paint that happened before this script ran counts too.
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(once, FIRST_PAINT_WAIT_MS);
}
