/**
 * The thin progress bar at the top during navigation.
 *
 * - `start()`: the bar shows and creeps toward completion over `duration` ms (3000 by
 *   default); once past 95 percent it finishes by itself.
 * - `finish()`: it goes to 100 percent, hides after 500 ms and resets 200 ms later.
 * - `fail()`: it turns the failure colour (and then finishes like `finish()`).
 */
export const PROGRESS_DURATION_MS = 3000;
export const PROGRESS_AUTO_FINISH_PERCENT = 95;
export const PROGRESS_HIDE_AFTER_MS = 500;
export const PROGRESS_RESET_AFTER_MS = 200;
/** How often the creeping bar moves. */
export const PROGRESS_TICK_MS = 50;

export interface ProgressState {
  visible: boolean;
  /** 0 to 100. */
  percent: number;
  failed: boolean;
}

const IDLE: ProgressState = { visible: false, percent: 0, failed: false };

export class ProgressController {
  private state: ProgressState = IDLE;
  private readonly listeners = new Set<() => void>();
  private tick: ReturnType<typeof setInterval> | undefined;
  private hide: ReturnType<typeof setTimeout> | undefined;
  private reset: ReturnType<typeof setTimeout> | undefined;

  getState = (): ProgressState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(duration: number = PROGRESS_DURATION_MS): void {
    this.clearTimers();
    const startedAt = Date.now();
    this.set({ visible: true, percent: 0, failed: false });
    this.tick = setInterval(() => {
      const percent = Math.min(100, ((Date.now() - startedAt) / duration) * 100);
      if (percent > PROGRESS_AUTO_FINISH_PERCENT) this.finish();
      else this.set({ ...this.state, percent });
    }, PROGRESS_TICK_MS);
  }

  finish(): void {
    if (!this.state.visible) return;
    this.clearTimers();
    this.set({ ...this.state, percent: 100 });
    this.hide = setTimeout(() => {
      this.set({ ...this.state, visible: false });
      this.reset = setTimeout(() => this.set(IDLE), PROGRESS_RESET_AFTER_MS);
    }, PROGRESS_HIDE_AFTER_MS);
  }

  fail(): void {
    if (!this.state.visible) this.set({ visible: true, percent: this.state.percent, failed: true });
    else this.set({ ...this.state, failed: true });
    this.finish();
  }

  private clearTimers(): void {
    clearInterval(this.tick);
    clearTimeout(this.hide);
    clearTimeout(this.reset);
    this.tick = this.hide = this.reset = undefined;
  }

  private set(next: ProgressState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** The storefront's one progress bar. */
export const progress = new ProgressController();
