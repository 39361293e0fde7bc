/**
 * Form parts shared by the account pages: a labelled field whose error is tied to it
 * (`aria-describedby`, `aria-invalid`), a form message in a live region, and focus on the
 * first failing field after a submit.
 */
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

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

/** A labelled field; `help` is read with the field; the error shows (and is read) beneath it. */
export function FormField({
  name,
  label,
  error,
  help,
  children,
}: {
  name: string;
  label: string;
  error?: string | undefined;
  help?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = `field-${name.replace(/\W/g, '-')}`;
  const described = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field} data-field={name}>
      <label htmlFor={id}>{label}</label>
      {help && (
        <span id={`${id}-help`} className={styles.help}>
          {help}
        </span>
      )}
      {children({ id, name, ...(error ? { 'aria-invalid': true } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
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

/** After a submit with errors, the first failing field (in form order) gets the focus. */
export function useFocusFirstError(errors: Record<string, string>, attempt: number) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    if (!form) return;
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else if (errors._) form.querySelector<HTMLElement>('[data-form-error]')?.focus();
  }, [errors, attempt]);
  return formRef;
}
