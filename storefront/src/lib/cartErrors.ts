import type { TFunction } from 'i18next';

import { EngineError } from '../engine';
import { textOfKey, translateMessage } from '../i18n';
import { readApiError } from '../api/cart';

/**
 * No cart could be created for a change that needs one ('Cart
 * creation failed'); `cause` is the failure of the call.
 */
export class CartCreationError extends Error {
  constructor(cause: unknown) {
    super('Cart creation failed', { cause });
    this.name = 'CartCreationError';
  }
}

/** A cart call's failure in the visitor's language: the message key when there is one. */
export function cartErrorText(error: unknown, t: TFunction): string {
  if (error instanceof CartCreationError) return t('errors.cartCreationFailed');
  if (error instanceof EngineError) {
    if (error.messageKey) return translateMessage({ key: error.messageKey });
    if (error.code === 'quantity_out_of_range' || error.code === 'invalid_quantity') return t('validation.invalidQuantity');
    return t('errors.generic');
  }
  const problem = readApiError(error);
  if (problem.status === 0) return t('errors.generic');
  if (problem.code === 'errors.discountCodeInvalid') return t('cart.discountCode.invalid');
  const field = problem.fieldErrors[0];
  if (field && textOfKey(t, field.key)) return textOfKey(t, field.key);
  if (problem.code === 'quantity_out_of_range') return t('validation.invalidQuantity');
  if (problem.code && textOfKey(t, problem.code)) return textOfKey(t, problem.code);
  if (field?.message) return field.message;
  return problem.status >= 500 ? t('errors.unexpectedServer', { status: problem.status }) : t('errors.generic');
}
