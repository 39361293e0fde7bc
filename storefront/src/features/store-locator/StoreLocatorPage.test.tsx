import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { toSite } from '../../api/sites';
import { CONSENT_COOKIE, writeCookie } from '../../lib/cookies';
import { json, mockApi } from '../../test/api';
import { HOEFSLAG_NL, renderApp } from '../../test/app';
import type { MapOptions } from './leafletMap';
import { dealer as aDealer } from '../../test/dealers';

// Leaflet needs a real browser (e2e/map.e2e.ts); here the map module records what it was asked.
const leaflet = vi.hoisted(() => ({ showDealers: vi.fn(() => ({ remove: vi.fn() })) }));
vi.mock('./leafletMap', () => leaflet);

const dealer = (dealerId: number, name: string, distanceMeters: number | null, siloDelivery: boolean) =>
  aDealer({ dealerId, name, type: dealerId === 1 ? 'store' : 'dealer', siloDelivery, distanceMeters });

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

  describe('the map', () => {
    const TILES = 'https://tiles.example/{z}/{x}/{y}.png';
    const withMap = () => toSite({ ...HOEFSLAG_NL, mapTileUrl: TILES, mapTileAttribution: '© Kaartmakers' });
    const twoDealers = () =>
      mockApi([
        {
          url: '/api/dealers',
          respond: {
            near: null,
            dealers: [dealer(1, 'Hoefslag Winkel Barneveld', null, true), { ...dealer(2, 'Ruitersport Ede', null, false), latitude: 52.04, longitude: 5.66 }],
          },
        },
      ]);
    const consent = (marketing: boolean) => writeCookie(CONSENT_COOKIE, JSON.stringify({ necessary: true, analytics: false, marketing, date: '2026-01-01' }));

    it('is not there without a tile service, even with consent', async () => {
      consent(true);
      twoDealers();
      await renderApp('/store-locator/');
      await screen.findAllByTestId('dealer', {}, { timeout: 5000 });
      expect(screen.queryByTestId('dealer-map')).toBeNull();
      expect(screen.queryByTestId('dealer-map-consent')).toBeNull();
      expect(leaflet.showDealers).not.toHaveBeenCalled();
    });

    it('waits for consent to marketing cookies, offering the settings, and then shows the dealers', async () => {
      leaflet.showDealers.mockClear();
      consent(false);
      twoDealers();
      await renderApp('/store-locator/', { site: withMap() });
      await screen.findAllByTestId('dealer', {}, { timeout: 5000 });
      expect(await screen.findByTestId('dealer-map-consent')).toHaveTextContent(
        'De kaart komt van een externe kaartdienst. Sta marketingcookies toe om hem te zien; de lijst werkt ook zonder.',
      );
      expect(screen.queryByTestId('dealer-map')).toBeNull();
      expect(leaflet.showDealers).not.toHaveBeenCalled();
      expect(screen.getByTestId('dealer-map-open-consent')).toHaveTextContent('Cookie-instellingen');
      fireEvent.click(screen.getByTestId('dealer-map-open-consent'));
      fireEvent.click(within(screen.getByTestId('cookie-consent')).getByRole('button', { name: 'Alles accepteren' }));
      const map = await screen.findByRole('region', { name: 'Kaart van de verkooppunten' });
      expect(map).toHaveAccessibleDescription('Verschuif de kaart met de pijltjestoetsen en zoom met + en −. De lijst toont dezelfde verkooppunten.');
      expect(screen.getByTestId('dealer-map-attribution')).toHaveTextContent('© Kaartmakers');
      await waitFor(() => expect(leaflet.showDealers).toHaveBeenCalledTimes(1));
      const [element, options] = leaflet.showDealers.mock.calls[0] as unknown as [HTMLElement, MapOptions];
      expect(element).toBe(map);
      const { onSelect, ...rest } = options;
      expect(rest).toEqual({
        tileUrl: TILES,
        dealers: [
          { dealerId: 1, name: 'Hoefslag Winkel Barneveld', latitude: 52.1405, longitude: 5.5847 },
          { dealerId: 2, name: 'Ruitersport Ede', latitude: 52.04, longitude: 5.66 },
        ],
        zoomInTitle: 'Inzoomen',
        zoomOutTitle: 'Uitzoomen',
      });
      // A marker's click shows its dealer in the list.
      act(() => onSelect(2));
      expect(document.activeElement).toBe(screen.getAllByTestId('dealer')[1]);
    });

    it('shows right away for a visitor who consented earlier', async () => {
      leaflet.showDealers.mockClear();
      consent(true);
      twoDealers();
      await renderApp('/store-locator/', { site: withMap() });
      expect(await screen.findByRole('region', { name: 'Kaart van de verkooppunten' }, { timeout: 5000 })).toBeInTheDocument();
      await waitFor(() => expect(leaflet.showDealers).toHaveBeenCalledTimes(1));
      expect(screen.queryByTestId('dealer-map-consent')).toBeNull();
    });
  });
});
