/**
 * The server's error answers as text for the visitor: field errors by field (the message key
 * translated, else the server's text), otherwise one message under `_`. A 429 says when to try
 * again (its `Retry-After`).
 */
import type { TFunction } from 'i18next';

import { textOfKey } from '../i18n';
import { ApiError } from '../api/client';
import { CartCreationError } from './cartErrors';

export interface ServerProblem {
  status: number;
  code: string | null;
  message: string | null;
  fieldErrors: { field: string; key: string; message: string }[];
  retryAfterSeconds: number | null;
}

export function readProblem(error: unknown): ServerProblem {
  if (!(error instanceof ApiError)) return { status: 0, code: null, message: null, fieldErrors: [], retryAfterSeconds: null };
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<string, unknown>;
  const fieldErrors: ServerProblem['fieldErrors'] = [];
  const push = (field: string, entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return;
    const { key, message } = entry as Record<string, unknown>;
    fieldErrors.push({ field, key: typeof key === 'string' ? key : '', message: typeof message === 'string' ? message : '' });
  };
  const raw = body.fieldErrors;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    for (const [field, entries] of Object.entries(raw)) for (const entry of Array.isArray(entries) ? entries : [entries]) push(field, entry);
  }
  return {
    status: error.status,
    code: typeof body.code === 'string' ? body.code : null,
    message: typeof body.message === 'string' ? body.message : null,
    fieldErrors,
    retryAfterSeconds: error.retryAfterSeconds,
  };
}

/**
 * The catalog key shown for a field error of the server. A password the API refuses reads
 * 'Het wachtwoord voldoet niet aan de eisen' (the message for a password failing the
 * rule): the engine checked the rule before sending, and the field's help states it.
 */
export function shownFieldKey(key: string): string {
  return key === 'validation.passwordRequirements' ? 'validation.passwordNotValid' : key;
}

/** Field errors by field name, or `_` with one message for the whole form. */
export function serverErrors(error: unknown, t: TFunction): Record<string, string> {
  // A change that needed a new cart (add to cart, order again) and could not get one.
  if (error instanceof CartCreationError) return { _: t('errors.cartCreationFailed') };
  const problem = readProblem(error);
  const translated = (key: string | null, fallback: string) => {
    const text = textOfKey(t, key ?? '');
    return text !== '' ? text : fallback;
  };
  if (problem.status === 429) {
    const minutes = Math.max(1, Math.ceil((problem.retryAfterSeconds ?? 60) / 60));
    return { _: t('errors.tooManyAttempts', { count: minutes }) };
  }
  const errors: Record<string, string> = {};
  for (const field of problem.fieldErrors) errors[field.field] ??= translated(shownFieldKey(field.key), field.message || t('errors.generic'));
  if (Object.keys(errors).length === 0) errors._ = translated(problem.code, t('errors.generic'));
  return errors;
}
