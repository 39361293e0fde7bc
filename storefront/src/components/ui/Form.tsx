/**
 * Form parts shared by the account pages: a labelled field whose error is tied to it
 * (`aria-describedby`, `aria-invalid`), optionally with its character count, a form message in
 * a live region, and the focus on the error summary (or the first failing field) after a submit.
 */
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

import { fieldId } from '../../lib/forms';
import { CharacterCount, characterLimitId } from './CharacterCount';
import styles from './Form.module.css';

export const formStyles = styles;

/** The warning sign before a field's error (decorative: the message says it). */
export function ErrorIcon() {
  return <TriangleAlert className={styles.errorIcon} aria-hidden="true" focusable="false" />;
}

export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A labelled field; `help` is read with the field; the error shows (and is read) beneath it.
 * `count` shows how many characters are left of the field's limit while the visitor types.
 * `errorKeys` are the keys of the errors shown here when they are not (only) its name, for the
 * error summary (a form named per product, an address field the server calls `address.street`).
 */
export function FormField({
  name,
  label,
  error,
  help,
  count,
  errorKeys,
  children,
}: {
  name: string;
  label: string;
  error?: string | undefined;
  help?: string;
  count?: { value: string; max: number | null; threshold?: number };
  errorKeys?: readonly string[];
  children: (props: ControlProps) => ReactNode;
}) {
  const id = fieldId(name);
  const limit = count && count.max !== null ? count.max : null;
  const described = [help ? `${id}-help` : null, limit !== null ? characterLimitId(id) : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field} data-field={name} data-error-keys={errorKeys?.join(' ')}>
      <label htmlFor={id}>{label}</label>
      {help && (
        <span id={`${id}-help`} className={styles.help}>
          {help}
        </span>
      )}
      {children({ id, name, ...(error ? { 'aria-invalid': true } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {count && limit !== null && <CharacterCount fieldId={id} value={count.value} max={limit} threshold={count.threshold} />}
      {error && (
        <span id={`${id}-error`} className={styles.error} data-testid={`error-${name}`}>
          <ErrorIcon />
          {error}
        </span>
      )}
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckField({ name, label, checked, onChange }: { name: string; label: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = `field-${name}`;
  return (
    <div className={styles.check} data-field={name}>
      <input id={id} name={name} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * A message about the whole form in a live region: `success` politely, `error` as an alert.
 * The region is always present, so screen readers announce what appears in it.
 */
export function FormMessage({ kind, children, testId }: { kind: 'success' | 'error'; children?: ReactNode; testId?: string }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} aria-live={kind === 'error' ? 'assertive' : 'polite'}>
      {children ? (
        <div className={styles.message} data-kind={kind} data-testid={testId}>
          {children}
        </div>
      ) : null}
    </div>
  );
}

/**
 * After a submit with errors the focus moves: to the form's error summary when it shows one (the
 * summary takes it itself), else to the first failing field (in form order), else to the form's
 * own message.
 */
export function useFocusFirstError(errors: Record<string, string>, attempt: number) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    if (!form || form.querySelector('[data-error-summary]')) return;
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else if (errors._) form.querySelector<HTMLElement>('[data-form-error]')?.focus();
  }, [errors, attempt]);
  return formRef;
}
