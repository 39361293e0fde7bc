import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

import { applyScroll, decideScroll, type ScrollLocation } from '../../lib/scroll';

/** Applies the scroll rules after every navigation. */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<ScrollLocation | null>(null);
  useEffect(() => {
    const next = { pathname: location.pathname, hash: location.hash };
    applyScroll(decideScroll(previous.current, next, navigationType));
    previous.current = next;
  }, [location.pathname, location.hash, location.key, navigationType]);
  return null;
}
