/**
 * A modal dialog, named by its title. While it is open everything else on the page is inert
 * (no focus, no clicks, hidden from screen readers), the focus starts inside it (on
 * `initialFocus`, else its first field or button), Escape closes it, and closing gives the
 * focus back to what had it before (the button that opened it).
 */
import { X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

import { useTranslation } from '../i18n';
import { Button } from './Button';
import styles from './Dialog.module.css';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons beneath the content. */
  footer?: ReactNode;
  /** What gets the focus when the dialog opens. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The role: `alertdialog` for a question before a change. */
  role?: 'dialog' | 'alertdialog';
  tone?: 'normal' | 'danger';
  /** While true, Escape and the close button do nothing (a change is on its way). */
  locked?: boolean;
  describedBy?: string;
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

export function Dialog({ title, onClose, children, footer, initialFocus, role = 'dialog', tone = 'normal', locked = false, describedBy }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const host = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useInertOutside(host);
  useReturnFocus();
  useEffect(() => {
    const target = initialFocus?.current ?? body.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current;
    target?.focus();
  }, [initialFocus]);
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || locked) return;
    event.stopPropagation();
    onClose();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  return createPortal(
    <div ref={host} className={styles.backdrop}>
      <div
        ref={panel}
        className={styles.dialog}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        data-tone={tone}
        tabIndex={-1}
      >
        <div className={styles.head}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className={styles.close} onClick={onClose} disabled={locked} aria-label={t('dialog.close')}>
            <X aria-hidden="true" />
          </button>
        </div>
        <div ref={body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/**
 * Makes every other child of the body inert while the dialog is open, except the toasts'
 * announcer (components/Toast.tsx); only the elements it changed get their state back.
 */
function useInertOutside(host: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const own = host.current?.parentElement === document.body ? host.current : null;
    const changed = [...document.body.children].filter(
      (element) => element !== own && !element.hasAttribute('inert') && !element.hasAttribute('data-announcer'),
    );
    for (const element of changed) element.setAttribute('inert', '');
    return () => {
      for (const element of changed) element.removeAttribute('inert');
    };
  }, [host]);
}

/** Gives the focus back to the element that had it when the dialog opened, when it is still there. */
function useReturnFocus() {
  useEffect(() => {
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (back?.isConnected) back.focus();
    };
  }, []);
}

export interface ConfirmDialogProps {
  /** The question, e.g. "Revoke the key Lab?": the dialog's name. */
  question: string;
  /** What will happen. */
  details?: ReactNode;
  /** The answer that makes the change (a verb: "Revoke"). */
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** An error of the change, shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A question before a change that cannot simply be taken back: it opens with the focus on the
 * safe answer, and Escape is that answer too.
 */
export function ConfirmDialog({ question, details, confirmLabel, cancelLabel, busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const safe = useRef<HTMLButtonElement>(null);
  const detailsId = useId();
  return (
    <Dialog
      title={question}
      onClose={onCancel}
      role="alertdialog"
      tone="danger"
      locked={busy}
      initialFocus={safe}
      describedBy={details ? detailsId : undefined}
      footer={
        <>
          <Button ref={safe} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {details && <div id={detailsId}>{details}</div>}
      <div role="alert">{error && <p className={styles.error}>{error}</p>}</div>
    </Dialog>
  );
}
