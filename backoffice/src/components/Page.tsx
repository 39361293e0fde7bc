/**
 * A screen's title. After a navigation inside the app the focus moves to it, so a screen
 * reader starts reading the new screen and the next Tab starts from there; on the first page
 * of a visit the browser's own focus stays (nothing was clicked yet).
 */
import { useEffect, useRef, type ReactNode } from 'react';

let firstScreen = true;

export function PageTitle({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!firstScreen) heading.current?.focus();
    firstScreen = false;
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** Makes the next screen take the focus as after a navigation (tests, and the sign-in's second step). */
export function resetFirstScreen(first = true): void {
  firstScreen = first;
}
