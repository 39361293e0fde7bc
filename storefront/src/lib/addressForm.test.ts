import { beforeAll, describe, expect, it } from 'vitest';

import { loadEngine } from '../engine';
import { addressFields, addressRows, addressRules } from './addressForm';

const COUNTRIES = [
  { countryId: 1, regionCode: 'NL' },
  { countryId: 5, regionCode: 'DK' },
];

const names = (region: string | null) => addressFields(region).map(({ field }) => field);

describe('the address form of the chosen country (the engine’s)', () => {
  beforeAll(async () => {
    await loadEngine();
  });

  it('starts a Dutch address with its postcode and house number, a Danish one with its street', () => {
    expect(names('NL')).toEqual(['countryId', 'zipcode', 'streetNumber', 'streetNumberAddition', 'street', 'city']);
    expect(names('DK')).toEqual(['countryId', 'street', 'streetNumber', 'streetNumberAddition', 'zipcode', 'city']);
  });

  it('puts the addition beside the house number and the postcode beside what follows it', () => {
    const rows = (region: string) => addressRows(addressFields(region)).map((row) => row.map(({ field }) => field));
    expect(rows('NL')).toEqual([['countryId'], ['zipcode', 'streetNumber', 'streetNumberAddition'], ['street'], ['city']]);
    expect(rows('DK')).toEqual([['countryId'], ['street'], ['streetNumber', 'streetNumberAddition'], ['zipcode', 'city']]);
  });

  it('checks the postcode of the chosen country with the trimmed value', () => {
    const rules = addressRules('address.', { countryId: '5', zipcode: ' 8000 ' }, COUNTRIES);
    expect(rules['address.zipcode']).toEqual({
      value: '8000',
      rules: [{ rule: 'required' }, { rule: 'maxLength', count: 20 }, { rule: 'postcode', country: 'DK' }],
    });
    expect(Object.keys(rules)).toEqual([
      'address.countryId',
      'address.street',
      'address.streetNumber',
      'address.streetNumberAddition',
      'address.zipcode',
      'address.city',
    ]);
  });
});
