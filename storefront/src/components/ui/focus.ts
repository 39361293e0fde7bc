/**
 * Focus helpers of the dialogs: the elements a visitor can reach with Tab inside a container,
 * and giving the focus back to what opened a dialog when it closes.
 */
import { useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements inside `root` that Tab reaches, in document order (hidden ones left out). */
export function focusableIn(root: ParentNode | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[hidden], [inert]'));
}

/**
 * Gives the focus back to the opener (or what had it when the dialog opened) when the dialog
 * closes (when that element is still on the page).
 */
export function useReturnFocus(opener: HTMLElement | null | undefined) {
  const given = useRef(opener);
  useEffect(() => {
    const back = given.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    return () => {
      if (back?.isConnected) back.focus();
    };
  }, []);
}
