/**
 * A question before a change the visitor cannot simply take back (stopping deliveries, closing
 * a subscription): an inline alert dialog, named by its question and described by what will
 * happen. It opens with the focus on the safe answer, Escape is that answer too, and closing it
 * gives the focus back to the button that opened it (when that button is still there).
 */
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';

import { useReturnFocus } from './focus';
import { formStyles } from './Form';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  /** The question, e.g. "Pause this subscription?": the dialog's name. */
  question: string;
  /** What will happen when the visitor agrees: the dialog's description. */
  details?: ReactNode;
  /** The answer that makes the change (a verb: "Pause", "Cancel subscription"). */
  confirmLabel: string;
  /** The safe answer, which changes nothing. */
  cancelLabel: string;
  /** The change is on its way: both answers wait. */
  busy?: boolean;
  /**
   * What gets the focus back when the dialog closes: the button that opened it (not every
   * browser focuses a button it clicks). By default the element focused when the dialog opened.
   */
  opener?: HTMLElement | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

export function ConfirmDialog({ question, details, confirmLabel, cancelLabel, busy = false, opener, onConfirm, onCancel, testId }: ConfirmDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const safeAnswer = useRef<HTMLButtonElement>(null);
  useReturnFocus(opener);
  useEffect(() => {
    safeAnswer.current?.focus();
  }, []);
  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || busy || !dialog.current?.contains(event.target as Node)) return;
    event.stopPropagation();
    onCancel();
  });
  // Escape inside the dialog is the safe answer.
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onEscape(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  return (
    <div
      ref={dialog}
      className={styles.dialog}
      role="alertdialog"
      aria-labelledby={`${id}-question`}
      aria-describedby={details ? `${id}-details` : undefined}
      data-testid={testId}
    >
      <p id={`${id}-question`} className={styles.question}>
        {question}
      </p>
      {details && (
        <div id={`${id}-details`} className={styles.details}>
          {details}
        </div>
      )}
      <div className={styles.answers}>
        <button type="button" className={formStyles.button} disabled={busy} onClick={onConfirm} data-testid={testId ? `${testId}-yes` : undefined}>
          {confirmLabel}
        </button>
        <button
          ref={safeAnswer}
          type="button"
          className={formStyles.secondary}
          disabled={busy}
          onClick={onCancel}
          data-testid={testId ? `${testId}-no` : undefined}
        >
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
