import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { setApiContext } from '../../api/client';
import { mockApi } from '../../test/api';
import { HOEFSLAG_NL, renderApp } from '../../test/app';

// Leaflet needs a real browser (e2e/map.e2e.ts).
vi.mock('./leafletMap', () => ({ showDealers: vi.fn(() => ({ remove: vi.fn() })) }));

describe("the store locator's title", () => {
  it('is the site’s dealer page title, in the page’s language', async () => {
    setApiContext({ siteId: 1, languageId: 2 });
    const requests = mockApi([
      { url: '/api/dealers', respond: { near: null, dealers: [] } },
      { url: '/api/Sites/1', respond: { ...HOEFSLAG_NL, dealerPageTitle: 'Find a stockist' } },
    ]);
    await renderApp('/store-locator/');
    await screen.findByTestId('page-dealer');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Find a stockist');
    expect(requests.find((request) => request.url === '/api/Sites/1')?.headers).toMatchObject({ siteid: '1', languageid: '2' });
  });

  it('is the shop’s own when the site has none', async () => {
    setApiContext({ siteId: 1, languageId: 1 });
    mockApi([
      { url: '/api/dealers', respond: { near: null, dealers: [] } },
      { url: '/api/Sites/1', respond: { ...HOEFSLAG_NL, dealerPageTitle: null } },
    ]);
    await renderApp('/store-locator/');
    await screen.findByTestId('page-dealer');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verkooppunten');
  });
});
