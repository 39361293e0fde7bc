/**
 * Ends the running task and resumes in a new one, so the browser can paint and answer a tap in
 * between: the start-up of a page (reading its state, the catalogs, the router, hydration) runs
 * as several short tasks instead of one long one (to keep the total blocking time low).
 */
export function yieldToBrowser(): Promise<void> {
  // `scheduler.yield` resumes ahead of other queued tasks; browsers without it get a timer.
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
