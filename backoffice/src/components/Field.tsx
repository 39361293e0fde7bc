/**
 * Labelled form controls. A field's help and error are tied to its control
 * (`aria-describedby`, `aria-invalid`); the error shows beneath it and is read with it.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

import styles from './Form.module.css';

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: string;
  help?: ReactNode;
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** A label, the control (given its id and descriptions), its help and its error. */
export function Field({ label, help, error, children }: FieldProps) {
  const id = useId();
  const described = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {help && (
        <span id={`${id}-help`} className={styles.help}>
          {help}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { ref?: Ref<HTMLInputElement> };

/** A text field: `<Field>` with an `<input>`. */
export function TextInput({ label, help, error, ...input }: Omit<FieldProps, 'children'> & InputProps) {
  return (
    <Field label={label} help={help} error={error}>
      {(control) => <input {...input} {...control} className={styles.input} />}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & { options: readonly SelectOption[] };

/** A choice from a list: `<Field>` with a native `<select>` (a phone shows its own picker). */
export function Select({ label, help, error, options, ...select }: Omit<FieldProps, 'children'> & SelectProps) {
  return (
    <Field label={label} help={help} error={error}>
      {(control) => (
        <select {...select} {...control} className={styles.input}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label beside it. */
export function Checkbox({ label, checked, onChange, name }: { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; name?: string }) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input id={id} name={name} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A group of checkboxes under one legend, with the group's error. */
export function CheckboxGroup({ legend, error, children }: { legend: string; error?: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices}>{children}</div>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

/**
 * A message about the whole form in a live region: an error as an alert. The region is
 * always there, so screen readers announce what appears in it.
 */
export function FormMessage({ kind, children }: { kind: 'success' | 'error'; children?: ReactNode }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'}>
      {children ? (
        <div className={styles.message} data-kind={kind}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
