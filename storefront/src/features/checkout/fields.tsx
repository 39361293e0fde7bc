import type { ReactNode } from 'react';

import styles from '../../components/shop.module.css';

/** A labelled form field with its error beside it (the server's field errors included). */
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
  const id = `field-${name.replace(/\W/g, '-')}`;
  return (
    <div className={styles.field} data-field={name}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name, ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}) })}
      {error && (
        <span id={`${id}-error`} className={styles.fieldError} role="alert" data-testid={`error-${name}`}>
          {error}
        </span>
      )}
    </div>
  );
}
