import { Suspense, use, useEffect, useRef, useState, type ReactNode } from 'react';

export const DEFERRED_IDLE_TIMEOUT_MS = 2000;

const INTERACTIONS = ['pointerdown', 'click', 'keydown', 'touchstart', 'scroll', 'wheel', 'focusin'] as const;

/** True while the browser hydrates a page the server rendered (main.tsx). */
let hydrating = false;

/** main.tsx: the page the server rendered is about to be hydrated. */
export function startHydration(): void {
  hydrating = true;
}

/** Put at the root of a hydrated page: once it has committed, regions that mount are client renders. */
export function HydrationDone({ onDone }: { onDone?: () => void }) {
  useEffect(() => {
    hydrating = false;
    // The page is live: browser tests and monitoring can tell.
    document.documentElement.dataset.hydrated = 'true';
    onDone?.();
  }, [onDone]);
  return null;
}

export interface DeferredProps {
  children: ReactNode;
  /** Shown until the region goes live on a page rendered in the browser (keep it the same size to avoid layout shifts). */
  placeholder?: ReactNode;
  /** Goes live after this many ms without anything else happening. */
  timeout?: number;
}

/**
 * When the region may go live: a promise that React's `use` reads. Its `status` is set as
 * React's own thenables carry it, so a region mounted after it went live renders at once.
 */
interface Signal {
  promise: Promise<void>;
  resolve: () => void;
}

function newSignal(): Signal {
  let done: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    done = resolve;
  });
  const tracked = promise as Promise<void> & { status?: 'fulfilled'; value?: undefined };
  return {
    promise,
    resolve: () => {
      tracked.status = 'fulfilled';
      tracked.value = undefined;
      done();
    },
  };
}

/** Suspends until the region may go live. */
function Gate({ signal, children }: { signal: Signal | null; children: ReactNode }) {
  if (signal) use(signal.promise);
  return children;
}

/**
 * Deferred rendering for regions below the fold (reviews, nutrient
 * tables, the footer): live at once on the server, so the page's HTML has the content. In the
 * browser the region goes live after the first interaction, when it becomes visible, or after
 * an idle time-out (2000 ms by default).
 *
 * On a page the server rendered, the region is a suspense boundary that suspends until then:
 * React keeps the boundary's server HTML as it is (not hydrated, so its code costs nothing at
 * start-up) and hydrates it when it goes live; a click on it before that makes it live and React
 * hydrates it and replays the click. On a page rendered in the browser the region shows its
 * placeholder until it goes live.
 */
export function Deferred({ children, placeholder = null, timeout = DEFERRED_IDLE_TIMEOUT_MS }: DeferredProps) {
  // On the server nothing waits; while hydrating, the region waits in a suspense boundary that
  // keeps the server's HTML; on a page rendered in the browser it shows its placeholder.
  const [signal] = useState(() => (typeof window === 'undefined' ? null : newSignal()));
  const [mode] = useState<'server' | 'hydrating' | 'client'>(() => (typeof window === 'undefined' ? 'server' : hydrating ? 'hydrating' : 'client'));
  const [live, setLive] = useState(mode === 'server');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!signal || live) return;
    const goLive = () => {
      signal.resolve();
      setLive(true);
    };
    const timer = setTimeout(goLive, timeout);
    for (const event of INTERACTIONS) window.addEventListener(event, goLive, { once: true, passive: true, capture: true });
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver !== 'undefined' && anchor.current) {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) goLive();
      });
      observer.observe(anchor.current);
    }
    return () => {
      clearTimeout(timer);
      for (const event of INTERACTIONS) window.removeEventListener(event, goLive, { capture: true });
      observer?.disconnect();
    };
  }, [signal, live, timeout]);
  if (mode === 'client') {
    return (
      <div ref={anchor} data-deferred="">
        {live ? children : placeholder}
      </div>
    );
  }
  // The boundary's props never change: it goes live when the signal resolves.
  return (
    <div ref={anchor} data-deferred="">
      <Suspense fallback={placeholder}>
        <Gate signal={signal}>{children}</Gate>
      </Suspense>
    </div>
  );
}
