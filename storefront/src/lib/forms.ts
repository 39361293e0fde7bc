/**
 * Form checks through the engine's validation rules (`validation.validateForm`): the screens
 * get one translated message per field, or none. No rule is written here; the engine owns them.
 */
import { loadEngine, validateForm, type FormInput } from '../engine';
import { translateMessage } from '../i18n';

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
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(result.errors ?? {})) {
    const first = (messages as { key: string; params?: { count?: number; amount?: number } }[])[0];
    if (first) errors[name] = translateMessage(first);
  }
  return errors;
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
