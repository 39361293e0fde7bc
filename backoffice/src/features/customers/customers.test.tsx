import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CustomerProfile, CustomerSummary } from '../../api/contract';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

const jan: CustomerSummary = {
  accountId: 'acc-jan',
  firstName: 'Jan',
  lastName: 'de Vries',
  emailAddress: 'jan.devries@example.com',
  siteId: 1,
  activated: true,
  registeredAt: Date.UTC(2026, 0, 5, 9, 0),
  orderCount: 2,
};

const profile: CustomerProfile = {
  ...jan,
  phoneNumber: '0612345678',
  languageId: 1,
  companyName: null,
  newsletter: false,
  orders: [
    { orderNumber: 'HS-2026-000105', status: 'open', siteId: 1, totalAmount: '24.80', totalText: '€ 24,80', placedAt: Date.UTC(2026, 10, 21, 9, 30) },
    { orderNumber: 'HS-2026-000101', status: 'sent', siteId: 1, totalAmount: '104.26', totalText: '€ 104,26', placedAt: Date.UTC(2026, 1, 10, 8, 12) },
  ],
  returns: [
    {
      returnId: 'r-1',
      orderNumber: 'HS-2026-000101',
      productName: 'Hoefslag Sport Muesli',
      quantity: 1,
      status: 'closed',
      createdAt: Date.UTC(2026, 1, 12, 9, 0),
    },
  ],
  subscriptions: [
    { subscriptionId: 's-1', productName: 'Hoefslag Light Muesli', quantity: 1, intervalWeeks: 4, status: 'activated', nextDeliveryDate: '2026-12-01' },
  ],
  results: [{ orderNumber: 'HS-2026-000102', sampleName: 'Hooi perceel 2', scanType: 'quickScan', resultDate: '2026-03-21', read: false }],
  reviews: [],
};

describe('the customers desk', () => {
  it('finds a customer by name and keeps the search in the address', async () => {
    const requests = mockApi([{ url: /^\/api\/backoffice\/customers\?/, respond: () => ({ total: 1, page: 1, pageSize: 24, customers: [jan] }) }]);
    renderApp('/customers', { me: staffMe(['customers.read']) });
    expect(await screen.findByText('1 customer')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name or e-mail address'), { target: { value: ' de vries ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(requests.map((request) => request.url)).toContain('/api/backoffice/customers?q=de%20vries&p=1&ps=24'));
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(within(table).getByRole('link', { name: 'Jan de Vries' })).toHaveAttribute('href', '/admin/customers/acc-jan');
    await expectAccessible();
  });

  it('shows a customer with their orders, returns, subscriptions, results and reviews', async () => {
    mockApi([{ url: '/api/backoffice/customers/acc-jan', respond: () => profile }]);
    renderApp('/customers/acc-jan', { me: staffMe(['customers.read']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jan de Vries' })).toBeInTheDocument();
    const orders = screen.getByRole('table', { name: 'Orders of this customer' });
    expect(within(orders).getByRole('link', { name: 'HS-2026-000105' })).toHaveAttribute('href', '/admin/orders/HS-2026-000105');
    expect(within(orders).getByText('€ 104,26')).toBeInTheDocument();
    expect(within(orders).getByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByText('1 × Hoefslag Sport Muesli (order HS-2026-000101) · Closed', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('1 × Hoefslag Light Muesli, every 4 weeks · Delivering · next delivery 2026-12-01')).toBeInTheDocument();
    expect(screen.getByText('Hooi perceel 2 (order HS-2026-000102) · Quick scan · 2026-03-21 · not opened yet')).toBeInTheDocument();
    expect(screen.getByText('No reviews.')).toBeInTheDocument();
    await expectAccessible();
  });

  it('is not in the menu of a member without customers.read', async () => {
    mockApi([]);
    renderApp('/', { me: staffMe(['orders.read']) });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument();
  });
});
