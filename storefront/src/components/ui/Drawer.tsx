/**
 * A panel that slides in over the page from the window's side: a modal dialog (WAI-ARIA's
 * dialog pattern). It is named by its title, takes the focus when it opens and keeps it inside
 * (Tab and Shift+Tab go round; the page behind it is inert), closes with Escape, its close
 * button or a click beside it, and gives the focus back to what opened it when it closes.
 */
import { X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { useTranslation } from '../../i18n/useTranslation';
import styles from './Drawer.module.css';
import { focusableIn } from './focus';

export interface DrawerProps {
  /** The dialog's name, shown as its heading. */
  title: ReactNode;
  /** Asked to close (Escape, the close button, a click beside the panel). */
  onClose: () => void;
  /**
   * What gets the focus back when the drawer closes: the control that opened it (a button that
   * was disabled while it worked has lost the focus). By default what had the focus when it opened.
   */
  opener?: HTMLElement | null;
  children?: ReactNode;
  testId?: string;
}

/** The drawer, open while it is rendered (in a layer of its own at the end of the page). */
export function Drawer(props: DrawerProps) {
  // Only ever opened in the browser, after a visitor's action: never rendered on the server.
  if (typeof document === 'undefined') return null;
  return createPortal(<DrawerPanel {...props} />, document.body);
}

function DrawerPanel({ title, onClose, opener, children, testId }: DrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const openedBy = useRef(opener);
  const close = useEffectEvent(() => onClose());
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    // The focus goes round inside the panel.
    const reachable = focusableIn(panel.current);
    const first = reachable[0];
    const last = reachable[reachable.length - 1];
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      panel.current.focus();
    } else if (event.shiftKey && (active === first || active === panel.current || !panel.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panel.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  });
  useEffect(() => {
    const back = openedBy.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    // The page behind the drawer: inert (no focus, no clicks, not read) and not scrolled.
    const behind = Array.from(document.body.children).filter((element) => element !== layer.current && !element.hasAttribute('inert'));
    for (const element of behind) element.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    const clickBeside = (event: MouseEvent) => {
      if (event.target === backdrop.current) close();
    };
    document.addEventListener('keydown', listener);
    document.addEventListener('click', clickBeside);
    return () => {
      document.removeEventListener('keydown', listener);
      document.removeEventListener('click', clickBeside);
      for (const element of behind) element.removeAttribute('inert');
      document.body.style.overflow = overflow;
      if (back?.isConnected) back.focus();
    };
  }, []);
  return (
    <div ref={layer} className={styles.layer}>
      <div ref={backdrop} className={styles.backdrop} data-testid={testId ? `${testId}-backdrop` : undefined} />
      <div ref={panel} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-testid={testId}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} data-testid={testId ? `${testId}-close` : undefined}>
            <X className={styles.closeIcon} aria-hidden="true" focusable="false" />
            <span className="visually-hidden">{t('common.close')}</span>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </div>
  );
}
