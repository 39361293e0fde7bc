import type { ReactNode } from 'react';

import { fieldId } from '../../lib/forms';
import styles from '../../components/shop.module.css';

/**
 * A labelled form field with its error beside it (the server's field errors included). The
 * error is read with the field; the form's error summary announces the errors of a submit.
 */
export function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error?: string | undefined;
  children: (props: { id: string; name: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = fieldId(name);
  return (
    <div className={styles.field} data-field={name}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name, ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}) })}
      {error && (
        <span id={`${id}-error`} className={styles.fieldError} data-testid={`error-${name}`}>
          {error}
        </span>
      )}
    </div>
  );
}
