/** The API's error body as text in the staff member's language. */
import { ApiError } from '../api/client';
import { translateKey } from '../i18n';

/** The message of a failed call: its `code` translated, else the server's `message`. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return translateKey(error.code, error.body.message);
  return translateKey('errors.unexpected', error instanceof Error ? error.message : String(error));
}

/** The field errors of a 400, one translated message per field (the first key of each). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body.fieldErrors) return {};
  const messages: Record<string, string> = {};
  for (const [field, keys] of Object.entries(error.body.fieldErrors)) {
    const first = keys[0];
    if (first) messages[field] = translateKey(first.key, first.key);
  }
  return messages;
}

/** Whether a failed call was answered with this status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}
