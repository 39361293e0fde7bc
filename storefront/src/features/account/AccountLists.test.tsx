import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { accountRoutes, ORDER } from '../../test/account';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/app';

const returnRequest = (index: number) => ({
  returnId: `r-${index}`,
  orderNumber: ORDER.orderNumber,
  productVariantId: 1011,
  description: `Retour ${index}`,
  quantity: 1,
  reason: 'damaged',
  status: 'received',
  createdAt: '2026-02-12T10:00:00Z',
  hasPhoto: false,
});

const review = (reviewId: number, productId = 1) => ({
  reviewId,
  productId,
  siteId: 1,
  languageId: 1,
  rating: 4,
  title: `Review ${reviewId}`,
  text: 'Mijn paard eet het graag en glanst.',
  status: 'approved',
  createdAt: '2026-02-15T10:00:00Z',
});

describe('the account lists page by the default page size (24)', () => {
  it('asks for 24 orders and 24 invoices, or the page size the address asks for', async () => {
    const requests = mockApi(accountRoutes());
    const { router } = await renderApp('/account/orders/');
    await screen.findByTestId('order-item');
    await act(() => router.navigate('/account/invoices/'));
    await screen.findByTestId('invoice-item');
    await act(() => router.navigate('/account/orders/?ps=12'));
    await waitFor(() => expect(requests.map((request) => request.url)).toContain('/api/account/orders?page=1&pageSize=12'));
    const lists = requests.map((request) => request.url).filter((url) => /^\/api\/account\/(orders|invoices)\?/.test(url));
    expect(lists).toEqual(['/api/account/orders?page=1&pageSize=24', '/api/account/invoices?page=1&pageSize=24', '/api/account/orders?page=1&pageSize=12']);
  });

  it('shows the returns 24 at a time; “show more” adds the next ones and takes the focus there', async () => {
    mockApi(accountRoutes([{ url: '/api/account/returns', respond: Array.from({ length: 30 }, (_, index) => returnRequest(index + 1)) }]));
    await renderApp('/account/returns/');
    expect(await screen.findAllByTestId('return-item')).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'Toon meer' }));
    const items = screen.getAllByTestId('return-item');
    expect(items).toHaveLength(30);
    await waitFor(() => expect(items[24]).toHaveFocus());
    expect(items[24]).toHaveTextContent('Retour 25');
    expect(screen.queryByRole('button', { name: 'Toon meer' })).toBeNull();
  });
});

describe('the written reviews in the account', () => {
  it('name their product, linked to its page, found in the customer’s orders', async () => {
    const requests = mockApi(
      accountRoutes([
        { url: '/api/account/reviews', respond: { reviews: [review(1), review(2, 99)], reviewRequests: [] } },
        { url: '/api/products/variant/1011', respond: { name: 'Hoefslag Sport Muesli', variantLabel: '20 kg', url: '/muesli/hoefslag-sport-muesli/' } },
      ]),
    );
    await renderApp('/account/information/reviews/');
    const items = await screen.findAllByTestId('review-item');
    const product = await within(items[0]!).findByRole('link', { name: 'Hoefslag Sport Muesli' });
    expect(product).toHaveAttribute('href', '/muesli/hoefslag-sport-muesli/');
    // A product none of the orders has keeps its number, without a link.
    expect(within(items[1]!).getByTestId('review-product')).toHaveTextContent('Product 99');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(requests.map((request) => request.url)).toContain('/api/account/orders?page=1&pageSize=24');
  });

  it('are shown 24 at a time', async () => {
    mockApi(
      accountRoutes([
        { url: '/api/account/reviews', respond: { reviews: Array.from({ length: 25 }, (_, index) => review(index + 1)), reviewRequests: [] } },
        { url: '/api/products/variant/1011', respond: { name: 'Hoefslag Sport Muesli', variantLabel: null, url: '/muesli/hoefslag-sport-muesli/' } },
      ]),
    );
    await renderApp('/account/information/reviews/');
    expect(await screen.findAllByTestId('review-item')).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'Toon meer' }));
    expect(screen.getAllByTestId('review-item')).toHaveLength(25);
  });
});
