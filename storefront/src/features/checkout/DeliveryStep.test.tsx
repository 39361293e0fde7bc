import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Culture } from '../../i18n';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/app';
import { answerFor, cartInput, DUTCH_BILLING, DUTCH_COUNTRIES } from '../../test/cart';
import { distanceText } from './DeliveryStep';

const COUNTRIES = DUTCH_COUNTRIES;
const billing = DUTCH_BILLING;

const shop = (parcelShopId: string, distanceMeters: number) => ({
  parcelShopId,
  name: `Afhaalpunt ${parcelShopId}`,
  street: 'Oudegracht',
  streetNumber: '12',
  zipcode: '3511 AZ',
  city: 'Utrecht',
  distanceMeters,
});

async function searchShops(culture: Culture, distances: number[]): Promise<string[]> {
  localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
  mockApi([
    { url: '/api/cart/cart-1', respond: answerFor(cartInput(1), { billing }) },
    { url: '/api/countries/localizedname', respond: COUNTRIES },
    // Only the delivery country's points: the billing address is in the Netherlands (1).
    {
      url: '/api/parcelshops?zipcodeOrCity=Utrecht&countryId=1',
      respond: { parcelShops: distances.map((meters, index) => shop(`NL-UT-${index + 1}`, meters)) },
    },
  ]);
  await renderApp('/checkout/delivery/', { culture });
  fireEvent.click(await screen.findByTestId('delivery-pickup'));
  fireEvent.change(screen.getByTestId('pickup-query'), { target: { value: 'Utrecht' } });
  fireEvent.click(screen.getByTestId('pickup-search'));
  await screen.findByTestId('pickup-list');
  return screen.getAllByTestId('pickup-distance').map((element) => element.textContent ?? '');
}

describe('pick-up point finder: distances in the culture of the page (engine locale.formatAmount)', () => {
  it('Dutch writes a decimal comma', async () => {
    expect(await searchShops('nl', [1250, 805, 12345, 0])).toEqual(['1,25 km', '0,81 km', '12,35 km', '0,00 km']);
  });

  it('English writes a decimal point', async () => {
    expect(await searchShops('en', [1250, 7])).toEqual(['1.25 km', '0.01 km']);
  });

  it('kilometres come from the engine, whole meters only', () => {
    expect(distanceText(1250, 'nl')).toBe('1,25');
    expect(distanceText(5, 'en')).toBe('0.01');
    expect(distanceText(0, 'nl')).toBe('0,00');
    expect(distanceText(123456, 'en')).toBe('123.46');
    expect(distanceText(1.5, 'en')).toBeNull();
    expect(distanceText(-3, 'en')).toBeNull();
  });
});

describe('pick-up points: a clear word for an unknown place, the choice by name and address', () => {
  it('says the place is not known instead of "something went wrong"', async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    mockApi([
      { url: '/api/cart/cart-1', respond: answerFor(cartInput(1), { billing }) },
      { url: '/api/countries/localizedname', respond: COUNTRIES },
      {
        url: '/api/parcelshops?zipcodeOrCity=Amersfoort&countryId=1',
        respond: new Response(JSON.stringify({ status: 404, code: 'errors.locationNotFound', message: "no known place matches 'Amersfoort'" }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      },
    ]);
    await renderApp('/checkout/delivery/', { culture: 'nl' });
    fireEvent.click(await screen.findByTestId('delivery-pickup'));
    fireEvent.change(screen.getByTestId('pickup-query'), { target: { value: 'Amersfoort' } });
    fireEvent.click(screen.getByTestId('pickup-search'));
    expect(await screen.findByRole('alert')).toHaveTextContent('We kennen deze plaats niet. Probeer een postcode of een grotere plaats in de buurt.');
  });

  it('shows the chosen point by its name and address, not its code', async () => {
    localStorage.setItem('hoofbeat.cartId', JSON.stringify('cart-1'));
    mockApi([
      {
        url: '/api/cart/cart-1',
        respond: answerFor(cartInput(1), { billing, shippingMethod: 1, dpdParcelShopId: 'NL-UT-0001', dpdParcelShopZipcodeOrCity: 'Utrecht' }),
      },
      { url: '/api/countries/localizedname', respond: COUNTRIES },
      { url: '/api/parcelshops/NL-UT-0001', respond: shop('NL-UT-0001', 0) },
    ]);
    await renderApp('/checkout/delivery/', { culture: 'nl' });
    expect(await screen.findByTestId('pickup-chosen')).toHaveTextContent('Gekozen afhaalpunt: Afhaalpunt NL-UT-0001, Oudegracht 12, 3511 AZ Utrecht');
  });
});
