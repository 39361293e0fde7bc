import { fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { ProductDetail } from '../../api/catalog';
import { toSite } from '../../api/sites';
import { initI18n } from '../../i18n';
import { siteAtom } from '../../state';
import { mockApi } from '../../test/api';
import { HOEFSLAG_NL } from '../../test/app';
import { productDetail } from '../../test/product';
import { ProductDetailPage } from './ProductDetailPage';
import { languageName, ReviewLanguage } from './ReviewLanguage';

const review = (reviewId: number, culture: string | null) => ({
  reviewId,
  title: `Review ${reviewId}`,
  rating: 5,
  text: 'Mijn paard eet het graag en glanst.',
  reviewerName: 'Anna',
  languageId: 3,
  culture,
  createdAt: '2026-02-01T10:00:00Z',
});

describe('the reviewer’s language of a product review', () => {
  it('is named in the page’s language', async () => {
    await initI18n('nl');
    const { rerender } = render(<ReviewLanguage culture="de" />);
    expect(screen.getByTestId('review-language')).toHaveTextContent('Geschreven in het Duits');
    rerender(<ReviewLanguage culture="fr-BE" />);
    expect(screen.getByTestId('review-language')).toHaveTextContent('Geschreven in het Frans');
    await initI18n('en');
    rerender(<ReviewLanguage culture="nl" />);
    expect(screen.getByTestId('review-language')).toHaveTextContent('Written in Dutch');
  });

  it('is left out when the review’s language is no longer known', async () => {
    await initI18n('nl');
    render(<ReviewLanguage culture={null} />);
    expect(screen.queryByTestId('review-language')).toBeNull();
    expect(languageName('!!', 'nl')).toBeNull();
  });
});

describe('the reviews on a product page', () => {
  it('name the language each review was written in', async () => {
    await initI18n('nl');
    mockApi([
      {
        url: '/api/products/1/reviews',
        respond: { productId: 1, reviews: [review(1, 'de'), review(2, null)], reviewCount: 2, averageRating: '5.0', page: 1, pageSize: 10, pageCount: 1 },
      },
    ]);
    const store = createStore();
    store.set(siteAtom, toSite(HOEFSLAG_NL));
    const product = productDetail() as unknown as ProductDetail;
    const router = createMemoryRouter([{ path: '/p/', element: <ProductDetailPage productVariantId={1011} product={product} /> }], { initialEntries: ['/p/'] });
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    // The reviews go live at the first interaction (a deferred region).
    fireEvent.pointerDown(window);
    const items = await screen.findAllByTestId('review');
    expect(within(items[0]!).getByTestId('review-language')).toHaveTextContent('Geschreven in het Duits');
    expect(within(items[1]!).queryByTestId('review-language')).toBeNull();
  });
});
