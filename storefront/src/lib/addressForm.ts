/**
 * The address form of the chosen country, from the engine (`validation.addressForm`): its fields
 * in the order the country writes an address (the Netherlands postcode and house number first,
 * the other countries the street first), the country always first, each with its rules. The
 * checkout and the account's addresses build their fields and their checks from it, so the
 * order, the limits and the messages are the server's.
 */
import { addressForm, type FieldDefinition } from '../engine';
import { useTranslation } from '../i18n/useTranslation';
import type { FieldRules } from './forms';

/** A country as the address form needs it: its id and its ISO code. */
export interface AddressCountry {
  countryId: number;
  regionCode: string;
}

/** The ISO code of the chosen country (`countryId` as the form holds it), if one is chosen. */
export function regionOf(countries: AddressCountry[], countryId: string | number | null | undefined): string | null {
  const chosen = countryId == null ? '' : String(countryId);
  return countries.find((country) => String(country.countryId) === chosen)?.regionCode ?? null;
}

/** The address's fields for the country, in the order shown. */
export function addressFields(region: string | null): FieldDefinition[] {
  return addressForm({ country: region }).fields;
}

/** The browser's autofill token of each address field. */
export const ADDRESS_AUTOCOMPLETE: Record<string, string> = {
  countryId: 'country',
  zipcode: 'postal-code',
  street: 'address-line1',
  streetNumber: 'address-line2',
  streetNumberAddition: 'address-line3',
  city: 'address-level2',
};

/** The label of each address field in the visitor's language. */
export function useAddressLabels(): Record<string, string> {
  const { t } = useTranslation();
  return {
    countryId: t('checkout.fields.country'),
    zipcode: t('checkout.fields.zipcode'),
    street: t('checkout.fields.street'),
    streetNumber: t('checkout.fields.houseNumber'),
    streetNumberAddition: `${t('checkout.fields.addition')} ${t('common.optional')}`,
    city: t('checkout.fields.city'),
  };
}

/** An address as a form holds it: each part as typed. */
export type AddressValues = Partial<Record<'countryId' | 'zipcode' | 'street' | 'streetNumber' | 'streetNumberAddition' | 'city', string>>;

/** The engine's rules of every address field with its value, named `{prefix}{field}`. */
export function addressRules(prefix: string, values: AddressValues, countries: AddressCountry[]): FieldRules {
  const fields = addressFields(regionOf(countries, values.countryId));
  const valueOf = (field: string) => (values[field as keyof AddressValues] ?? '').trim();
  return Object.fromEntries(fields.map(({ field, rules }) => [`${prefix}${field}`, { value: valueOf(field), rules }]));
}

/**
 * The fields in rows: a house number's addition stands beside the number, and the postcode
 * beside what follows it (the house number in the Netherlands, the city elsewhere).
 */
export function addressRows(fields: FieldDefinition[]): FieldDefinition[][] {
  const rows: FieldDefinition[][] = [];
  for (const field of fields) {
    const previous = rows.at(-1);
    const joins =
      previous !== undefined && (field.field === 'streetNumberAddition' || previous.some((other) => other.field === 'zipcode' && field.field !== 'street'));
    if (joins) previous.push(field);
    else rows.push([field]);
  }
  return rows;
}
