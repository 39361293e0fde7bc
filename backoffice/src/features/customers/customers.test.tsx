import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CustomerProfile, CustomerSummary } from '../../api/contract';
import { apiError, mockApi } from '../../test/api';
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
  erasedAt: null,
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

  it('lists an erased customer as such, not as a link without a name', async () => {
    const erased: CustomerSummary = { ...jan, firstName: '', lastName: '', emailAddress: 'erased-acc-jan@erased.invalid', erasedAt: Date.UTC(2026, 10, 28) };
    mockApi([{ url: /^\/api\/backoffice\/customers\?/, respond: () => ({ total: 1, page: 1, pageSize: 24, customers: [erased] }) }]);
    renderApp('/customers', { me: staffMe(['customers.read']) });
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(within(table).getByRole('link', { name: 'Erased customer' })).toHaveAttribute('href', '/admin/customers/acc-jan');
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

  it('erases a customer on request after a question that says what goes and what stays', async () => {
    let erased = false;
    const erasedProfile: CustomerProfile = {
      ...profile,
      firstName: '',
      lastName: '',
      emailAddress: 'erased-acc-jan@erased.invalid',
      phoneNumber: '',
      erasedAt: Date.UTC(2026, 10, 28, 10, 0),
      subscriptions: [],
      results: [],
    };
    let attempts = 0;
    const requests = mockApi([
      { url: '/api/backoffice/customers/acc-jan', respond: () => (erased ? erasedProfile : profile) },
      {
        method: 'POST',
        url: '/api/backoffice/customers/acc-jan/erasure',
        respond: () => {
          attempts += 1;
          if (attempts === 1) return apiError(409, 'errors.erasureOrderInProgress');
          erased = true;
          return { accountId: 'acc-jan', erasedAt: erasedProfile.erasedAt, ordersKept: 2, recordsErased: 9, photosDeleted: 0 };
        },
      },
    ]);
    renderApp('/customers/acc-jan', { me: staffMe(['customers.read', 'customers.erase']) });
    fireEvent.click(await screen.findByRole('button', { name: 'Erase personal data…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase the personal data of Jan de Vries?' });
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Stays, as the law requires: the orders and invoices/)).toBeInTheDocument();
    await expectAccessible();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await within(dialog).findByText('An order of this customer is still being paid or fulfilled. Finish or cancel it first.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText('The personal data of Jan de Vries is erased; 2 orders kept for their invoices.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Erased customer' })).toBeInTheDocument();
    expect(screen.getByTestId('erased-notice')).toHaveTextContent("This customer's personal data was erased on their request on");
    expect(screen.queryByRole('button', { name: 'Erase personal data…' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  it('offers no erasure to a member without customers.erase', async () => {
    mockApi([{ url: '/api/backoffice/customers/acc-jan', respond: () => profile }]);
    renderApp('/customers/acc-jan', { me: staffMe(['customers.read', 'customers.edit']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jan de Vries' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase personal data…' })).not.toBeInTheDocument();
  });

  it('is not in the menu of a member without customers.read', async () => {
    mockApi([]);
    renderApp('/', { me: staffMe(['orders.read']) });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument();
  });
});
