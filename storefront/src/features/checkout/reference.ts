/**
 * Reference data of the checkout, from the server: the countries (localized names and region
 * codes) and the site's payment methods (localized names, costs, flow and, for a method that
 * asks for one, its issuers: iDEAL's banks). Nothing here is hard-coded: which method is the
 * gift card or needs a bank is read from a method's `key` and `requiresIssuer`, never from its
 * id, and the names come in the site language from the server, not from the catalogs.
 */
import { api } from '../../api/client';
import type { SchemaCountry, SchemaPaymentIssuer, SchemaPaymentMethod } from '../../api/generated/schema';
import { textOf } from '../../lib/text';

export type Country = SchemaCountry;

/** `GET /api/countries/localizedname`: countries with names in the site language (cached 15 min). */
export async function fetchCountries(): Promise<Country[]> {
  // Read defensively: an entry without a numeric id is left out.
  const raw: unknown = await api.get('/api/countries/localizedname', { cached: true });
  const list = Array.isArray(raw) ? raw : ((raw as { countries?: unknown[] } | undefined)?.countries ?? []);
  return list
    .map((entry) => entry as Record<string, unknown>)
    .map((entry) => ({
      countryId: Number(entry.countryId),
      name: textOf(entry.localizedName ?? entry.name ?? entry.regionCode),
      regionCode: textOf(entry.regionCode),
    }))
    .filter((country) => Number.isFinite(country.countryId));
}

/** The `key` of a payment method: what it is, whatever its id on a site. */
export type PaymentMethodKey = 'ideal' | 'bancontact' | 'card' | 'paypal' | 'giftcard' | 'banktransfer';

/** A bank (or other issuer) of a payment method that asks for one, e.g. iDEAL's banks. */
export type PaymentIssuer = SchemaPaymentIssuer;

/**
 * A payment method of the current site, as the server describes it (costs a decimal string,
 * `"0.00"` when free); its `key` is one of `PaymentMethodKey`, an unknown key is kept and shown
 * by its name.
 */
export type PaymentMethod = Omit<SchemaPaymentMethod, 'key'> & { key: PaymentMethodKey | (string & {}) };

/**
 * `GET /api/paymentmethods` (headers `siteid`, `languageid`): the site's payment methods in
 * display order, named in the site language. Reference data, so through the client cache
 * (the short lifetime of every GET that is not cached for 15 minutes). An answer that
 * is not a list is an error.
 */
export async function fetchPaymentMethods(): Promise<PaymentMethod[]> {
  // Read defensively: a method without an integer id and an issuer without an id are left out.
  const raw: unknown = await api.get('/api/paymentmethods', { cached: true });
  if (!Array.isArray(raw)) throw new Error('GET /api/paymentmethods did not answer a list');
  return raw
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .map((entry) => ({
      paymentMethodId: Number(entry.paymentMethodId),
      key: textOf(entry.key),
      name: textOf(entry.name ?? entry.key),
      costs: typeof entry.costs === 'string' ? entry.costs : '0.00',
      flow: textOf(entry.flow),
      requiresIssuer: entry.requiresIssuer === true,
      issuers: (Array.isArray(entry.issuers) ? entry.issuers : [])
        .filter((issuer): issuer is Record<string, unknown> => typeof issuer === 'object' && issuer !== null)
        .map((issuer) => ({ issuerId: textOf(issuer.issuerId), name: textOf(issuer.name ?? issuer.issuerId) }))
        .filter((issuer) => issuer.issuerId !== ''),
    }))
    .filter((method) => Number.isInteger(method.paymentMethodId));
}

/** Whether the method is the gift card (asked for separately, next to a method that pays the rest). */
export function isGiftCard(method: PaymentMethod): boolean {
  return method.key === 'giftcard';
}

/** Whether a decimal string is a non-zero amount (read from its digits, no arithmetic). */
export function hasCosts(costs: string): boolean {
  return /[1-9]/.test(costs);
}
