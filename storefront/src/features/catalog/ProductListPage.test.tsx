import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { mockApi, type MockRequest } from '../../test/api';
import { renderApp } from '../../test/app';
import type { SearchResponse } from '../../api/catalog';

const hit = (id: number) => ({
  productId: id,
  productVariantId: id * 10 + 1,
  name: `Product ${id}`,
  shortDescription: null,
  price: '12.50',
  unitPrice: { perKilogram: '0.63' },
  image: null,
  rating: { average: null, count: 0 },
  stockState: 'inStock',
  url: `/p/${id}/`,
});

const answer = (page: number, term: string | null): SearchResponse => ({
  totalCount: 30,
  page,
  pageSize: 24,
  pageCount: 2,
  sort: 'relevance',
  descending: false,
  searchTerm: term,
  results: (page === 1 ? Array.from({ length: 24 }, (_, index) => index + 1) : [25, 26, 27, 28, 29, 30]).map(hit) as SearchResponse['results'],
  facets: [
    {
      facetKey: 'horseType',
      kind: 'multiSelect',
      name: 'Type paard',
      values: [
        { key: 'sport', name: 'Sportpaard', count: 12, selected: false },
        { key: 'pony', name: 'Pony', count: 0, selected: false },
      ],
    },
    { facetKey: 'price', kind: 'rangeSlider', name: 'Prijs', minValue: '5.00', maxValue: '80.00' },
  ],
});

describe('product search page', () => {
  it('shows the count and found-for-term, pages with p (page 1 omitted) and filters back to page 1', async () => {
    const requests = mockApi([
      { url: /\/api\/routing\/getbyurl/, respond: { type: 'productSearch', siteId: 1, languageId: 1 } },
      { url: /\/api\/content\/page/, respond: { page: null } },
      {
        method: 'POST',
        url: '/api/products/search',
        respond: (request: MockRequest) => {
          const body = request.body as { pageInfo: { page: number }; filter: { searchTerm?: string } };
          return answer(body.pageInfo.page, body.filter.searchTerm ?? null);
        },
      },
    ]);
    const { router } = await renderApp('/search/?q=muesli');
    expect(await screen.findByTestId('result-count')).toHaveTextContent('30 resultaten gevonden voor ‘muesli’');
    expect(screen.getAllByTestId('product-card')).toHaveLength(24);
    // Every card in stock has its own add-to-cart button, named with its product.
    expect(screen.getAllByTestId('card-add-to-cart')).toHaveLength(24);
    expect(screen.getByRole('button', { name: 'In winkelwagen – Product 2' })).toBeEnabled();

    fireEvent.click(screen.getByRole('link', { name: 'Volgende' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=muesli&p=2'));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(6));

    fireEvent.click(screen.getByRole('link', { name: 'Vorige' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=muesli'));

    fireEvent.click(await screen.findByRole('link', { name: 'Pagina 2 van 2' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=muesli&p=2'));
    // A value that would give nothing is left out; the filter button tells the count.
    expect(screen.queryByRole('checkbox', { name: /Pony/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Filters tonen/ })).toHaveTextContent('Filters tonen · 30 resultaten');
    // A filter narrows the same list: the page stays where it was scrolled to.
    // (Page 2 has been shown, with its scroll to the top, before the spy starts.)
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(6));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // (The test setup's stand-in has counted the earlier pages' scrolls.)
    scrollTo.mockClear();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Sportpaard/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=muesli&horseType=sport'));
    // The first page of the narrowed list is shown, where the page was.
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(24));
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
    // The search for the new location is sent after the URL changes, so wait for it to arrive.
    await waitFor(() => {
      const searches = requests.filter((request) => request.url === '/api/products/search');
      expect(searches.at(-1)?.body).toMatchObject({
        filter: { searchTerm: 'muesli', filters: [{ facetKey: 'horseType', selectedKeys: ['sport'] }] },
        pageInfo: { page: 1, pageSize: 24 },
      });
    });
  });
});
