/**
 * Data a screen loads when it opens: its state (loading, failed, loaded), the answer, and a
 * `reload` for the retry button. It loads again when one of `dependencies` (plain values)
 * changes; an answer that arrives after the screen asked again (or closed) is dropped.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

type Settled<T> = { status: 'failed'; error: unknown } | { status: 'loaded'; data: T };
/** While loading again, `previous` is the data loaded before (a table keeps showing its last page). */
export type AsyncState<T> = { status: 'loading'; previous?: T | undefined } | Settled<T>;

export interface Async<T> {
  state: AsyncState<T>;
  reload: () => void;
  /** Replaces the loaded data without asking the server (after a change it answered). */
  update: (change: (data: T) => T) => void;
}

export type Dependency = string | number | boolean | null | undefined;

export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, dependencies: readonly Dependency[] = []): Async<T> {
  const [attempt, setAttempt] = useState(0);
  // What is asked for: an answer counts only for the request it was given to.
  const key = JSON.stringify([attempt, ...dependencies]);
  const [settled, setSettled] = useState<{ key: string; state: Settled<T> } | null>(null);
  const run = useEffectEvent((signal: AbortSignal) => load(signal));
  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, state: { status: 'loaded', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key, state: { status: 'failed', error } });
      },
    );
    return () => controller.abort();
  }, [key]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setSettled((current) =>
        current?.state.status === 'loaded' ? { key: current.key, state: { status: 'loaded', data: change(current.state.data) } } : current,
      ),
    [],
  );
  if (settled?.key === key) return { state: settled.state, reload, update };
  const previous = settled?.state.status === 'loaded' ? settled.state.data : undefined;
  return { state: { status: 'loading', previous }, reload, update };
}
