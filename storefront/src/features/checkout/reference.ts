/**
 * Reference data of the checkout: countries (localized names and region codes) and the
 * payment methods' keys and banks.
 *
 * The server has no endpoint for payment method names or iDEAL banks yet: the ids of
 * fixtures/paymentMethods.json are mapped to catalog keys here, and the iDEAL banks (proper
 * names, not translated) are listed with their issuer ids. When the API serves them, this goes.
 */
import { cachedGet } from '../../api/cache';

export interface Country {
  countryId: number;
  name: string;
  regionCode: string;
}

/** `GET /api/countries/localizedname`: countries with names in the site language (cached 15 min). */
export async function fetchCountries(): Promise<Country[]> {
  const raw = await cachedGet<unknown>('/api/countries/localizedname');
  const list = Array.isArray(raw) ? raw : ((raw as { countries?: unknown[] } | undefined)?.countries ?? []);
  return list
    .map((entry) => entry as Record<string, unknown>)
    .map((entry) => ({
      countryId: Number(entry.countryId),
      name: String(entry.localizedName ?? entry.name ?? entry.regionCode ?? ''),
      regionCode: String(entry.regionCode ?? ''),
    }))
    .filter((country) => Number.isFinite(country.countryId));
}

export const PAYMENT_METHOD_KEYS = {
  1: 'ideal',
  2: 'bancontact',
  3: 'card',
  4: 'paypal',
  5: 'giftcard',
  6: 'banktransfer',
} as const;
export type PaymentMethodKey = (typeof PAYMENT_METHOD_KEYS)[keyof typeof PAYMENT_METHOD_KEYS];

export const IDEAL = 1;
export const GIFT_CARD_METHOD = 5;

export function paymentMethodKey(id: number): PaymentMethodKey | null {
  return (PAYMENT_METHOD_KEYS as Record<number, PaymentMethodKey>)[id] ?? null;
}

/** The iDEAL banks (issuer id, bank name). */
export const IDEAL_ISSUERS: readonly (readonly [string, string])[] = [
  ['ideal_ABNANL2A', 'ABN AMRO'],
  ['ideal_INGBNL2A', 'ING'],
  ['ideal_RABONL2U', 'Rabobank'],
  ['ideal_SNSBNL2A', 'SNS'],
  ['ideal_ASNBNL21', 'ASN Bank'],
  ['ideal_TRIONL2U', 'Triodos Bank'],
  ['ideal_BUNQNL2A', 'bunq'],
  ['ideal_KNABNL2H', 'Knab'],
  ['ideal_RBRBNL21', 'RegioBank'],
  ['ideal_REVOLT21', 'Revolut'],
];
