import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { beforeAll, describe, expect, it } from 'vitest';

import { toSite } from '../../api/sites';
import { initI18n } from '../../i18n';
import { cultureAtom, siteAtom } from '../../state';
import { HOEFSLAG_NL, WEIDEGROEN_DK } from '../../test/app';
import { ShelfPrice } from './ShelfPrice';

beforeAll(async () => {
  await initI18n('nl');
});

function shown(ui: React.ReactNode, site = HOEFSLAG_NL) {
  const store = createStore();
  store.set(siteAtom, toSite(site));
  store.set(cultureAtom, 'nl');
  return render(<Provider store={store}>{ui}</Provider>);
}

/** The server's reduction of Sport Muesli: 10 % off 32.95, the lowest of the 30 days before 31.95. */
const reduction = {
  promotionKey: 'winter-sport-muesli-10',
  description: '10% korting op Sport Muesli',
  price: '29.65',
  priorPrice: '31.95',
};

describe('the price on a shelf', () => {
  it('is the list price when nothing reduces it', () => {
    const { container } = shown(<ShelfPrice price="32.95" reduction={null} />);
    expect(container).toHaveTextContent(/^€ 32,95$/);
    expect(screen.queryByTestId('shelf-reduction')).toBeNull();
  });

  it('shows a reduction with the prior price struck through and what that price is', () => {
    shown(<ShelfPrice price="32.95" reduction={reduction} />);
    const shelf = screen.getByTestId('shelf-reduction');
    expect(shelf).toHaveTextContent('€ 29,65Van € 31,95Doorgestreepte prijs: de laagste prijs van de 30 dagen vóór deze actie');
    expect(shelf.querySelector('s')).toHaveTextContent('€ 31,95');
    // The list price itself is not the prior price here: it is not shown.
    expect(shelf).not.toHaveTextContent('32,95');
  });

  it('converts both amounts on a krone site', () => {
    shown(<ShelfPrice price="32.95" reduction={reduction} />, WEIDEGROEN_DK);
    // 29.65 x 7.46 = 221.19 and 31.95 x 7.46 = 238.35, both marked indicative.
    expect(screen.getByTestId('shelf-reduction')).toHaveTextContent('ca. Kr. 221,19Van ca. Kr. 238,35');
  });
});
