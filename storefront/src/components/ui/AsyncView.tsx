import { useEffect, useState, type ReactNode } from 'react';

import { progress } from './progress';

export const PENDING_DELAY_MS = 200;

type Outcome<T> = { kind: 'pending' } | { kind: 'done'; value: T } | { kind: 'failed'; error: unknown };

export interface AsyncViewProps<T> {
  /** The work to show; a new promise starts over. */
  promise: Promise<T>;
  /** Shown while the promise is pending, but only after `delay` ms (no flash for fast work). */
  pending?: ReactNode;
  /** Shown when the promise rejects; the progress bar is marked failed. */
  rejected?: (error: unknown) => ReactNode;
  delay?: number;
  children: (value: T) => ReactNode;
}

/**
 * An asynchronous view (specification section 4): a pending view (delayed 200 ms by default),
 * then the result view with the data or the rejected view with the error.
 */
export function AsyncView<T>({ promise, pending = null, rejected, delay = PENDING_DELAY_MS, children }: AsyncViewProps<T>) {
  const [outcome, setOutcome] = useState<Outcome<T>>({ kind: 'pending' });
  const [showPending, setShowPending] = useState(delay <= 0);
  // Another promise starts over (state adjusted while rendering).
  const [shownPromise, setShownPromise] = useState(promise);
  if (shownPromise !== promise) {
    setShownPromise(promise);
    setOutcome({ kind: 'pending' });
    setShowPending(delay <= 0);
  }
  useEffect(() => {
    let current = true;
    const timer = delay > 0 ? setTimeout(() => current && setShowPending(true), delay) : undefined;
    promise.then(
      (value) => current && setOutcome({ kind: 'done', value }),
      (error: unknown) => {
        if (!current) return;
        progress.fail();
        setOutcome({ kind: 'failed', error });
      },
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [promise, delay]);
  if (outcome.kind === 'done') return <>{children(outcome.value)}</>;
  if (outcome.kind === 'failed') return <>{rejected ? rejected(outcome.error) : null}</>;
  return showPending ? <>{pending}</> : null;
}
