/**
 * The error summary of a form (GOV.UK's pattern): after a submit with errors, a box at the top
 * of the form, headed "There is a problem", lists every error in the order of the form's fields,
 * each a link that moves the focus to its field; errors of the server for a field the page does
 * not show are listed too, without a link. The box takes the focus (and is an alert), so it is
 * read at once; the fields keep their own messages beside them.
 *
 * A form marks its fields with `data-field` (its name; `FormField` and the checkout's `Field` do)
 * and, where the errors shown at a field have other keys, `data-error-keys`. The order is read
 * from the page when the form is checked (`report`), so it follows whatever order the fields
 * are shown in; each line names its field by the field's label ("First name: This is a
 * required field"), as the engine's messages do not.
 */
import { TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent, type RefObject } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { orderedErrors, type ShownField } from '../../lib/forms';
import styles from './ErrorSummary.module.css';

/** The fields a form shows, in document order: name, the keys of their errors, the control to focus. */
export function shownFields(form: ParentNode | null): ShownField[] {
  if (!form) return [];
  return Array.from(form.querySelectorAll<HTMLElement>('[data-field]')).map((element) => {
    const name = element.dataset.field ?? '';
    const keys = element.dataset.errorKeys ? element.dataset.errorKeys.split(' ') : [name];
    const control = element.matches('input, select, textarea')
      ? element
      : element.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, [data-field-control]');
    return { name, keys, controlId: control?.id ? control.id : null, label: labelOf(element, control) };
  });
}

/** The text of a field's label (or of its group's legend), without extra spaces; null without one. */
function labelOf(field: HTMLElement, control: HTMLElement | null): string | null {
  const label =
    Array.from(field.querySelectorAll('label')).find((candidate) => control?.id && candidate.htmlFor === control.id) ??
    (field.matches('fieldset') ? field.querySelector(':scope > legend') : null) ??
    control?.closest('label') ??
    field.querySelector('label');
  const text = label?.textContent?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}

/** What an error summary shows besides the errors: the fields read at the last check, and how many checks there were. */
export interface SummaryState {
  fields: readonly ShownField[];
  attempt: number;
}

/**
 * The summary's state for a form. `report()`, called whenever the form's errors were set by a
 * check or a server answer, reads the form's fields (through `formRef`, which the form element
 * takes) and moves the focus to the summary when it lists anything. Take `formRef` and `report`
 * out of the result; the rest is the summary's props.
 */
export function useErrorSummary<T extends HTMLElement = HTMLFormElement>(given?: RefObject<T | null>) {
  const own = useRef<T>(null);
  const formRef = given ?? own;
  const [state, setState] = useState<SummaryState>({ fields: [], attempt: 0 });
  const report = useCallback(() => {
    const fields = shownFields(formRef.current);
    setState((current) => ({ fields, attempt: current.attempt + 1 }));
  }, [formRef]);
  return { formRef, report, fields: state.fields, attempt: state.attempt };
}

/** Moves the focus to a field's control, its label in view (the link's own jump would hide the label). */
function focusControl(event: MouseEvent<HTMLAnchorElement>, controlId: string) {
  const control = document.getElementById(controlId);
  if (!control) return;
  event.preventDefault();
  const field = control.closest<HTMLElement>('[data-field]') ?? control;
  field.scrollIntoView?.({ block: 'start' });
  control.focus({ preventScroll: true });
}

export function ErrorSummary({
  errors,
  fields,
  attempt,
  testId = 'error-summary',
}: SummaryState & { errors: Readonly<Record<string, string>>; testId?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  const items = orderedErrors(errors, fields);
  const shown = items.length > 0;
  // Each check that found errors (a submit, a server answer) moves the focus to the summary.
  useEffect(() => {
    if (attempt > 0 && shown) box.current?.focus();
  }, [attempt, shown]);
  if (!shown) return null;
  return (
    <div ref={box} className={styles.summary} role="alert" aria-labelledby={headingId} tabIndex={-1} data-error-summary data-testid={testId}>
      <h2 id={headingId} className={styles.title}>
        <TriangleAlert className={styles.icon} aria-hidden="true" focusable="false" />
        {t('errors.summaryTitle')}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key} data-error-key={item.key}>
            {item.controlId ? (
              <a href={`#${item.controlId}`} onClick={(event) => focusControl(event, item.controlId ?? '')}>
                {item.label ? t('errors.summaryItem', { field: item.label, message: item.message }) : item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
