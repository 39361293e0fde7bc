import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, mockApi } from '../../test/api';
import { renderApp } from '../../test/app';

const dealer = (dealerId: number, name: string, distanceMeters: number | null, siloDelivery: boolean) => ({
  dealerId,
  name,
  type: dealerId === 1 ? 'store' : 'dealer',
  address: { street: 'Stationsweg', streetNumber: '45', streetNumberAddition: null, zipcode: '3771 EB', city: 'Barneveld', countryId: 1 },
  latitude: 52.1405,
  longitude: 5.5847,
  phone: '+31342400100',
  email: 'info1@dealer.example',
  website: null,
  brands: ['Hoefslag'],
  siloDelivery,
  openingHours: { mon: ['09:00-18:00'], sat: ['09:00-12:00', '13:00-17:00'] },
  distanceMeters,
});

describe('the store locator', () => {
  it('shows the dealers near the searched place with their distance, services and opening hours', async () => {
    const requests = mockApi([
      {
        url: '/api/dealers?near=Barneveld',
        respond: {
          near: { latitude: 52.14, longitude: 5.58 },
          dealers: [dealer(1, 'Hoefslag Winkel Barneveld', 1234, true), dealer(2, 'Ruitersport Ede', 15500, false)],
        },
      },
    ]);
    await renderApp('/store-locator/?near=Barneveld');
    const cards = await screen.findAllByTestId('dealer', {}, { timeout: 5000 });
    expect(screen.getByTestId('locator-results-title')).toHaveTextContent('Dealers in de buurt van Barneveld');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Hoefslag Winkel Barneveld', 'Ruitersport Ede']);
    expect(within(cards[0]!).getByTestId('dealer-distance')).toHaveTextContent('1,23 km');
    expect(within(cards[1]!).getByTestId('dealer-distance')).toHaveTextContent('15,50 km');
    expect(within(cards[0]!).getByTestId('dealer-silo')).toHaveTextContent('Levert ook in de silo');
    expect(within(cards[1]!).queryByTestId('dealer-silo')).toBeNull();
    expect(cards[0]).toHaveTextContent('Winkel');
    const hours = within(cards[0]!).getByRole('group');
    expect(hours).toHaveTextContent('maandag09:00-18:00');
    expect(hours).toHaveTextContent('zaterdag09:00-12:00, 13:00-17:00');
    expect(hours).toHaveTextContent('zondagGesloten');
    expect(screen.getByTestId('become-dealer-link')).toHaveAttribute('href', '/dealer-worden/');
    expect(screen.getByTestId('locator-near')).toHaveValue('Barneveld');
    expect(requests.map((request) => request.url)).toEqual(['/api/dealers?near=Barneveld']);
  });

  it('says so when the place is unknown', async () => {
    mockApi([{ url: '/api/dealers?near=Nergensdorp', respond: () => json({ code: 'errors.locationNotFound' }, 404) }]);
    await renderApp('/store-locator/?near=Nergensdorp');
    expect(await screen.findByTestId('locator-empty', {}, { timeout: 5000 })).toHaveTextContent(
      'Geen dealers gevonden in de buurt. Probeer een andere postcode of plaats.',
    );
  });
});
