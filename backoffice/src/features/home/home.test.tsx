import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '../../test/api';
import { renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

describe('the home page', () => {
  it("shows today's orders and revenue per site, open returns and low stock, as the server wrote them", async () => {
    mockApi([
      {
        url: '/api/backoffice/home',
        respond: {
          today: [{ siteId: 1, siteName: 'Hoefslag NL', currency: '€', orders: 2, revenue: '31.90', revenueText: '€ 31.90' }],
          openReturns: 2,
          samplesWaiting: null,
          lowStock: [{ productVariantId: 1191, articleNumber: 'HS-019-1', name: 'Luzerne Brok', stock: 0 }],
        },
      },
    ]);
    renderApp('/', { me: staffMe(['orders.read', 'returns.decide', 'stock.edit']) });
    const today = await screen.findByRole('table', { name: 'Today' });
    expect(within(today).getByRole('row', { name: 'Hoefslag NL 2 € 31.90' })).toBeInTheDocument();
    expect(screen.getByText('Returns to decide').nextSibling?.textContent).toBe('2');
    expect(screen.queryByText('Samples without a result')).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Low stock' })).getByRole('row', { name: 'Luzerne Brok HS-019-1 0' })).toBeInTheDocument();
    await expectAccessible();
  });
});
