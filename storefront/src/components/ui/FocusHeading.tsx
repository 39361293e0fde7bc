import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside its region (not on the first page shown), the focus moves to the
 * page's heading, so keyboard and screen-reader users start reading the new page. Renders nothing.
 */
export function FocusHeadingOnNavigate({ selector }: { selector: string }) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>(`${selector} h1`);
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname, selector]);
  return null;
}
