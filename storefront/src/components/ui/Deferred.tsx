import { useEffect, useRef, useState, type ReactNode } from 'react';

export const DEFERRED_IDLE_TIMEOUT_MS = 2000;

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

export interface DeferredProps {
  children: ReactNode;
  /** Shown until the region goes live (keep it the same size to avoid layout shifts). */
  placeholder?: ReactNode;
  /** Goes live after this many ms without anything else happening. */
  timeout?: number;
}

/**
 * Deferred rendering (specification section 4): the region goes live after the first
 * interaction, when it becomes visible, or after an idle time-out (2000 ms by default).
 */
export function Deferred({ children, placeholder = null, timeout = DEFERRED_IDLE_TIMEOUT_MS }: DeferredProps) {
  const [live, setLive] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (live) return;
    const goLive = () => setLive(true);
    const timer = setTimeout(goLive, timeout);
    for (const event of INTERACTIONS) window.addEventListener(event, goLive, { once: true, passive: true });
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver !== 'undefined' && anchor.current) {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) goLive();
      });
      observer.observe(anchor.current);
    }
    return () => {
      clearTimeout(timer);
      for (const event of INTERACTIONS) window.removeEventListener(event, goLive);
      observer?.disconnect();
    };
  }, [live, timeout]);
  if (live) return <>{children}</>;
  return (
    <div ref={anchor} data-deferred="waiting">
      {placeholder}
    </div>
  );
}
