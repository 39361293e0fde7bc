/**
 * One form of the account area: its values, the engine's check before sending, the server's
 * field errors after, a busy flag, and the error summary's state (`summary`, for
 * `<ErrorSummary errors={form.errors} {...form.summary} />` at the top of the form), which takes
 * the focus after a submit with errors (else the first failing field or the form's message does).
 */
import { useState, type FormEvent } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { useErrorSummary } from '../../components/ui/ErrorSummary';
import { useFocusFirstError } from '../../components/ui/Form';
import { readProblem, serverErrors } from '../../lib/apiErrors';
import { isCaptchaProblem } from '../../lib/captcha';
import { checkForm, checkNamedForm, type FieldRules, type FormName } from '../../lib/forms';

export interface AccountFormOptions<V> {
  initial: V;
  /** The shop's form these values fill in (checked by its engine definition), or the engine rules of each field for these values. */
  rules: FormName | ((values: V) => FieldRules);
  /** Sends the form; a thrown API error becomes field errors or a form message. */
  submit: (values: V) => Promise<void>;
  /** Replaces the text of an error the page explains itself (e.g. the login failure). */
  onError?: (error: unknown) => Record<string, string> | null;
}

export function useAccountForm<V extends Record<string, unknown>>({ initial, rules, submit, onError }: AccountFormOptions<V>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstError(errors, attempt);
  const { report, fields, attempt: checks } = useErrorSummary(formRef);
  const set = <K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value }));
  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const found = typeof rules === 'string' ? await checkNamedForm(rules, values) : await checkForm(rules(values));
    setErrors(found);
    setAttempt((count) => count + 1);
    report();
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await submit(values);
    } catch (error) {
      // A captcha not (or no longer) solved: the widget says what to do, whichever form it is.
      const captcha = isCaptchaProblem(readProblem(error).code) ? { _: t('account.captcha.failed') } : null;
      setErrors(captcha ?? onError?.(error) ?? serverErrors(error, t));
      setAttempt((count) => count + 1);
      report();
    } finally {
      setBusy(false);
    }
  };
  // The ref apart from the render state: callers take it out (`const { formRef, ...form }`), so
  // reading the form's values and errors while rendering is never a read of a ref.
  return { values, set, setValues, errors, setErrors, busy, onSubmit, summary: { fields, attempt: checks }, formRef };
}

/** Props of a text input bound to one value of a form. */
export function bind<V extends Record<string, unknown>>(form: { values: V; set: <K extends keyof V>(name: K, value: V[K]) => void }, name: keyof V & string) {
  return {
    value: String(form.values[name] ?? ''),
    onChange: (event: { target: { value: string } }) => form.set(name, event.target.value as V[typeof name]),
  };
}
