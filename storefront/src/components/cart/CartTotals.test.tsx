import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';

import { toSite } from '../../api/sites';
import { calculateCart } from '../../engine';
import { initI18n, type Culture } from '../../i18n';
import { HOEFSLAG_NL, WEIDEGROEN_DK } from '../../test/app';
import { CartTotals } from './CartTotals';
import { cartInput } from '../../test/cart';
import { cultureAtom, siteAtom } from '../../state';

async function renderTotals(raw: typeof HOEFSLAG_NL, culture: Culture, count: number) {
  await initI18n(culture);
  const store = createStore();
  store.set(siteAtom, toSite({ ...raw, vatPercentageHigh: '21', vatPercentageLow: '9' }));
  store.set(cultureAtom, culture);
  render(
    <Provider store={store}>
      <CartTotals calculation={calculateCart(cartInput(count))} />
    </Provider>,
  );
}

describe('cart totals: every amount from the engine, formatted by the engine', () => {
  it('shows euro amounts in Dutch, with shipping, the total and the VAT', async () => {
    await renderTotals(HOEFSLAG_NL, 'nl', 1);
    expect(screen.getByTestId('subtotal')).toHaveTextContent('€ 24,95');
    expect(screen.getByTestId('shipping-costs')).toHaveTextContent('€ 4,95');
    expect(screen.getByTestId('total')).toHaveTextContent('€ 29,90');
    expect(screen.getByText('Btw laag (9%)')).toBeInTheDocument();
  });

  it('shows free shipping from the threshold, in English', async () => {
    await renderTotals(HOEFSLAG_NL, 'en', 3);
    expect(screen.getByTestId('shipping-costs')).toHaveTextContent('Free');
    expect(screen.getByTestId('total')).toHaveTextContent('€ 74.85');
  });

  it('shows Danish kroner converted at the site rate, indicative, and the euro amount charged', async () => {
    await renderTotals(WEIDEGROEN_DK, 'da', 1);
    const total = screen.getByTestId('total').firstElementChild;
    // 29.90 EUR x 7.46 = 223.054 DKK.
    expect(total).toHaveTextContent('ca. Kr. 223,05');
    expect(total).toHaveAttribute('data-currency', 'DKK');
    expect(screen.getByText('Du betaler i euro')).toBeInTheDocument();
    expect(screen.getByTestId('charged-in-euro')).toHaveTextContent('€ 29,90');
  });

  it('states no separate euro amount on a euro site', async () => {
    await renderTotals(HOEFSLAG_NL, 'nl', 1);
    expect(screen.queryByTestId('charged-in-euro')).toBeNull();
  });
});
