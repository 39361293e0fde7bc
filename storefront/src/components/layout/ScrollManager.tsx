import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

import { applyScroll, decideScroll, keepsScroll, ScrollMemory, sessionStore, type ScrollLocation } from '../../lib/scroll';

/**
 * Applies the scroll rules after every navigation and remembers each page's position, so back
 * and forward restore it. The browser's own restoration is off while the app runs (it would
 * restore before the page is rendered) and on again when the page is left, for a reload.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<ScrollLocation | null>(null);
  const shownKey = useRef(location.key);
  const [memory] = useState(() => new ScrollMemory());

  useEffect(() => {
    const session = sessionStore();
    if (session) memory.load(session);
    const manual = () => {
      window.history.scrollRestoration = 'manual';
    };
    manual();
    // A position belongs to the page that is shown: `shownKey` changes as soon as the next one is.
    const onScroll = () => memory.remember(shownKey.current, { top: window.scrollY, left: window.scrollX });
    const onPageHide = () => {
      if (session) memory.save(session);
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    // Back from the browser's page cache: the app runs on, so its own restoration does too.
    window.addEventListener('pageshow', manual);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', manual);
    };
  }, [memory]);

  // A layout effect: the new page's key is in place before the browser reports a scroll of it.
  useLayoutEffect(() => {
    shownKey.current = location.key;
    const next = { pathname: location.pathname, hash: location.hash, keepScroll: keepsScroll(location.state) };
    applyScroll(decideScroll(previous.current, next, navigationType, memory.positionOf(location.key)));
    previous.current = next;
  }, [location.pathname, location.hash, location.key, location.state, navigationType, memory]);
  return null;
}
