/**
 * Form checks through the engine's validation rules: the shop's named forms by their engine
 * definition (`validation.validateNamedForm`, the same the server checks a request with), other
 * fields by the rules given (`validation.validateForm`). The screens get one translated message
 * per field, or none. No rule is written here; the engine owns them.
 */
import { formDefinition, loadEngine, validateForm, validateNamedForm, type FormInput, type FormName, type FormResult } from '../engine';
import { translateMessage } from '../i18n';

export type { FormName } from '../engine';

export type FieldRules = Record<string, { value: string | null; rules: FormInput['fields'][string]['rules'] }>;

/**
 * The translated first message of every field that fails; empty when the form is valid. Waits
 * for the engine when a visitor submits before it has loaded (it loads after hydration).
 */
export async function checkForm(fields: FieldRules): Promise<Record<string, string>> {
  await loadEngine();
  const result = validateForm({
    fields: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, { value: field.value === '' ? null : field.value, rules: field.rules }])),
  });
  return firstMessages(result);
}

/** The translated first message of every failing field of an engine answer. */
function firstMessages(result: FormResult): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(result.errors ?? {})) {
    const first = (messages as { key: string; params?: { count?: number; amount?: number } }[])[0];
    if (first) errors[name] = translateMessage(first);
  }
  return errors;
}

/** A value as the engine takes it: a text, or `null` for an empty or absent field. */
function enteredText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Checks a named form of the shop with its engine definition, screen-only fields included
 * (the repeated password): the translated first message of every failing field. `values` may
 * hold more than the form's fields (a newsletter box); only the form's own are checked.
 */
export async function checkNamedForm(form: FormName, values: Record<string, unknown>): Promise<Record<string, string>> {
  await loadEngine();
  const { fields } = formDefinition({ form });
  const entered = Object.fromEntries(fields.map(({ field }) => [field, enteredText(values[field])]));
  return firstMessages(validateNamedForm({ form, values: entered, onScreen: true }));
}

let minWords: number | undefined;

/** The review minimum in words, as the engine's rule reports it (5 in the specification). */
export function reviewMinWords(): number {
  if (minWords === undefined) {
    const result = validateForm({ fields: { text: { value: 'x', rules: [{ rule: 'reviewText' }] } } });
    const message = (Object.values(result.errors ?? {})[0] as { params?: { count?: number } }[] | undefined)?.[0];
    minWords = Number(message?.params?.count ?? 0);
  }
  return minWords;
}
