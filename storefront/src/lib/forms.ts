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

/** The id of a labelled field's control: `field-` and its name, other characters than letters and digits as `-`. */
export function fieldId(name: string): string {
  return `field-${name.replace(/\W/g, '-')}`;
}

/**
 * A field of a form as the page shows it, in the form's order: its name, the keys of the errors
 * shown at it (its name, or others: a review form named per product, an address field the
 * server calls `address.street`), the id of its control (null when it has none to focus) and
 * its label as shown (null without one).
 */
export interface ShownField {
  name: string;
  keys: readonly string[];
  controlId: string | null;
  label?: string | null;
}

/**
 * One line of an error summary: the field's error, the control it links to (null: no field on
 * the page shows it) and the field's label (the engine's messages do not name the field).
 */
export interface SummaryError {
  key: string;
  message: string;
  controlId: string | null;
  label: string | null;
}

/**
 * The errors of a form in the order of its fields on the page, for the error summary: first
 * the errors of the fields shown (each once, linked to its control), then the errors no shown
 * field carries (a field error of the server for a field this page has not) in the order they
 * came. `_`, the form's own message, is shown where the form puts it, not here.
 */
export function orderedErrors(errors: Readonly<Record<string, string>>, fields: readonly ShownField[]): SummaryError[] {
  const listed = new Set<string>();
  const items: SummaryError[] = [];
  for (const field of fields) {
    for (const key of field.keys) listed.add(key);
    const key = field.keys.find((candidate) => errors[candidate]);
    if (key !== undefined && !items.some((item) => item.key === key)) {
      items.push({ key, message: errors[key] ?? '', controlId: field.controlId, label: field.label ?? null });
    }
  }
  for (const [key, message] of Object.entries(errors)) {
    if (key === '_' || listed.has(key) || !message) continue;
    items.push({ key, message, controlId: null, label: null });
  }
  return items;
}

/** The most characters a field of a named form takes (its engine definition's `maxLength`), or null. */
export function fieldMaxLength(form: FormName, field: string): number | null {
  return formDefinition({ form }).fields.find((candidate) => candidate.field === field)?.maxLength ?? null;
}

/**
 * The length of a text as the engine's `maxLength` rule counts it: the characters (code points,
 * not UTF-16 units: an emoji is one) of the text without its leading and trailing spaces.
 */
export function characterCount(value: string): number {
  return Array.from(value.trim()).length;
}
