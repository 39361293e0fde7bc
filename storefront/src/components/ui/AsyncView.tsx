import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Await, useAsyncError } from 'react-router';

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
 * An asynchronous view: a pending view (delayed 200 ms by default),
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

/** Shows its children only after `delay` ms: fast work does not flash a loading indicator. */
export function Pending({ delay = PENDING_DELAY_MS, children }: { delay?: number; children: ReactNode }) {
  const [shown, setShown] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return shown ? <>{children}</> : null;
}

/** The error element of an awaited view: the rejected view, and the progress bar marked failed. */
function AwaitRejected({ rejected }: { rejected: (error: unknown) => ReactNode }) {
  const error = useAsyncError();
  useEffect(() => progress.fail(), [error]);
  return <>{rejected(error)}</>;
}

export interface AwaitViewProps<T> {
  /** A loader's deferred promise (react-router's `Await`, so the server renders its result). */
  resolve: Promise<T>;
  pending?: ReactNode;
  rejected?: (error: unknown) => ReactNode;
  delay?: number;
  children: (value: T) => ReactNode;
}

/**
 * `AsyncView` for a loader's deferred data: the same delayed pending view and rejected view,
 * through `Suspense` and `Await`, so a server-rendered page already holds the result.
 */
export function AwaitView<T>({ resolve, pending = null, rejected = () => null, delay = PENDING_DELAY_MS, children }: AwaitViewProps<T>) {
  return (
    <Suspense fallback={<Pending delay={delay}>{pending}</Pending>}>
      <Await resolve={resolve} errorElement={<AwaitRejected rejected={rejected} />}>
        {(value: T) => children(value)}
      </Await>
    </Suspense>
  );
}
