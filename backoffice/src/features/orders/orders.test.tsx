import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { OrderForStaff, QueuedOrder } from '../../api/contract';
import { apiError, json, mockApi, type MockRequest } from '../../test/api';
import { currentPath, renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

function queued(number: number): QueuedOrder {
  return {
    orderNumber: `HS-2026-${String(number).padStart(6, '0')}`,
    status: 'paid',
    placedAt: Date.UTC(2026, 10, 27, 9, 0) - number * 60_000,
    siteId: 1,
    customerName: 'Anna Jansen',
    emailAddress: 'anna@example.com',
    countryId: 1,
    totalAmount: '34.60',
    totalText: '€ 34.60',
    paymentMethodId: 1,
    paymentStatus: 'paid',
    scanOrder: false,
  };
}

const COUNTS = [
  { status: 'open' as const, count: 3 },
  { status: 'paid' as const, count: 2 },
];

const VIEWS = { views: [{ viewId: 1, name: 'Paid, to pack', query: 'status=paid', shared: true, mine: false }] };

function queueApi(): MockRequest[] {
  return mockApi([
    { url: '/api/backoffice/order-views', respond: VIEWS },
    {
      url: /^\/api\/backoffice\/orders(\?.*)?$/,
      respond: ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        return query.get('after') === 'cursor-1'
          ? { orders: [queued(3)], next: null, counts: COUNTS }
          : { orders: [queued(1), queued(2)], next: 'cursor-1', counts: COUNTS };
      },
    },
  ]);
}

function orderForStaff(status: OrderForStaff['order']['status'] = 'paid'): OrderForStaff {
  return {
    order: {
      orderId: 'pub-1',
      orderNumber: 'HS-2026-000001',
      status,
      orderDate: Date.UTC(2026, 10, 27, 9, 0),
      siteId: 1,
      languageId: 1,
      emailAddress: 'anna@example.com',
      scanProductsOnly: false,
      lines: [
        {
          lineNumber: 1,
          productId: 101,
          productVariantId: 1011,
          productType: 1,
          description: 'Hoefslag Senior Muesli 20 kg',
          quantity: 2,
          unitPrice: '17.30',
          originalAmount: '34.60',
          discountAmount: '0.00',
          promotionKey: null,
          totalAmount: '34.60',
          vatType: 'low',
          vatRatePercentage: '9',
          isFree: false,
          rqsSamples: [],
          brand: null,
          productGroup: null,
        },
      ],
      orderDiscounts: [],
      shippingDiscounts: [],
      subTotalAmount: '34.60',
      originalShippingCosts: '0.00',
      shippingCosts: '0.00',
      paymentCosts: '0.00',
      totalAmount: '34.60',
      vatAmountLow: '2.86',
      vatAmountHigh: '0.00',
      vatAmount: '2.86',
      totalAmountExclVat: '31.74',
      giftCardAmount: '0.00',
      amountToPay: '34.60',
      discountCode: null,
      payment: { paymentMethodId: 1, issuer: null, status: 'paid' },
      billing: {
        firstName: 'Anna',
        lastName: 'Jansen',
        emailAddress: 'anna@example.com',
        phoneNumber: '0612345678',
        address: { street: 'Oudegracht', streetNumber: '12', zipcode: '3511 AP', city: 'Utrecht', countryId: 1 },
      },
      shipping: null,
      company: null,
      alternativeShippingAddress: false,
      shippingMethod: 1,
      dpdParcelShopId: null,
      dealerId: null,
      trackAndTrace: null,
    },
    vatRows: [{ vatType: 'low', vatRatePercentage: '9', vatAmount: '2.86' }],
    payments: [
      {
        paymentId: 'tr_test_1',
        provider: 'test',
        paymentMethodId: 1,
        amount: '34.60',
        status: 'paid',
        createdAt: Date.UTC(2026, 10, 27, 9, 1),
        updatedAt: Date.UTC(2026, 10, 27, 9, 2),
      },
    ],
    history: [
      { status: 'created', at: Date.UTC(2026, 10, 27, 9, 0) },
      { status: 'paid', at: Date.UTC(2026, 10, 27, 9, 2) },
    ],
    notes: [],
    trail: [],
    awaitsPayment: status === 'created' || status === 'open',
    refunds: [],
    invoices:
      status === 'created' || status === 'open'
        ? []
        : [
            {
              invoiceNumber: 'F2026-01001',
              orderNumber: 'HS-2026-000001',
              invoiceDate: '2026-11-27',
              status: 'paid',
              totalAmount: '34.60',
              vatAmountLow: '2.86',
              vatAmountHigh: '0.00',
              totalAmountExclVat: '31.74',
              pdfFileName: 'F2026-01001.pdf',
            },
          ],
    mails: [
      {
        mailId: 1,
        kind: 'orderConfirmation',
        reference: null,
        recipient: 'anna@example.com',
        sent: true,
        sentAt: Date.UTC(2026, 10, 27, 9, 2),
        canSendAgain: true,
      },
    ],
    leftToRefund: status === 'created' || status === 'open' ? '0.00' : '34.60',
    mayRefund: status !== 'created' && status !== 'open',
    refundableLines: status === 'created' || status === 'open' || status === 'cancelled' ? [] : [{ lineNumber: 1, quantity: 2 }],
    shippingRefundable: false,
    nextStatuses: status === 'paid' ? ['processing', 'cancelled'] : status === 'processing' ? ['sent', 'cancelled'] : [],
    shown: {
      lines: [{ unitPrice: '€ 17.30', total: '€ 34.60' }],
      subTotal: '€ 34.60',
      shippingCosts: '€ 0.00',
      paymentCosts: '€ 0.00',
      giftCard: '€ 0.00',
      total: '€ 34.60',
      amountToPay: '€ 34.60',
      vatRows: ['€ 2.86'],
      payments: ['€ 34.60'],
      refunds: [],
      leftToRefund: '€ 34.60',
    },
  };
}

/** The order once one unit went back through its payment, with credit note C2026-01001. */
function refundedOrder(): OrderForStaff {
  const order = orderForStaff('sent');
  return {
    ...order,
    refunds: [
      {
        refundId: 1,
        status: 'refunded',
        creditNoteNumber: 'C2026-01001',
        creditNoteDate: '2026-11-28',
        totalAmount: '17.30',
        shippingAmount: '0.00',
        giftCardAmount: '0.00',
        lines: [{ lineNumber: 1, quantity: 1, amount: '17.30' }],
        payments: [{ paymentId: 'tr_test_1', amount: '17.30', providerRefundId: 're_test_1', status: 'refunded' }],
        reason: 'Bag arrived torn',
        staffName: 'Bram Jansen',
        createdAt: Date.UTC(2026, 10, 28, 9, 0),
      },
    ],
    leftToRefund: '17.30',
    refundableLines: [{ lineNumber: 1, quantity: 1 }],
    shown: { ...order.shown, refunds: ['€ 17.30'], leftToRefund: '€ 17.30' },
  };
}

describe('the order desk', () => {
  it('lists the newest orders with the counts per status, filters through the address and goes on to older orders', async () => {
    const requests = queueApi();
    const { router } = renderApp('/orders', { me: staffMe(['orders.read']) });
    expect(await screen.findByText('HS-2026-000001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Awaiting payment: 3' })).toBeInTheDocument();
    await expectAccessible();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/orders?q=anna%40example.com'));
    await waitFor(() => expect(requests.at(-1)?.url).toBe('/api/backoffice/orders?q=anna%40example.com'));

    fireEvent.click(await screen.findByRole('button', { name: 'Older orders' }));
    expect(await screen.findByText('HS-2026-000003')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/orders?q=anna%40example.com&after=cursor-1');
    expect(screen.queryByRole('button', { name: 'Older orders' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Paid: 2' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/orders?status=paid&q=anna%40example.com'));
  });

  it('offers the accountant the export of the orders the filters find, and no one else', async () => {
    queueApi();
    renderApp('/orders?status=paid&q=anna', { me: staffMe(['orders.read', 'reports.read']) });
    const link = await screen.findByRole('link', { name: 'Export for the accounts (CSV, per VAT rate)' });
    expect(link).toHaveAttribute('href', '/api/backoffice/orders/export?status=paid&q=anna');
    expect(link).toHaveAttribute('download');
    cleanup();
    queueApi();
    renderApp('/orders', { me: staffMe(['orders.read']) });
    expect(await screen.findByText('HS-2026-000001')).toBeInTheDocument();
    expect(screen.queryByTestId('orders-export')).not.toBeInTheDocument();
  });

  it('shows a saved view and saves the filters shown as a shared view', async () => {
    const requests = mockApi([
      { url: '/api/backoffice/order-views', respond: VIEWS },
      { method: 'POST', url: '/api/backoffice/order-views', respond: json({ viewId: 2, name: 'Anna', query: 'q=anna', shared: true, mine: true }, 201) },
      { url: /^\/api\/backoffice\/orders(\?.*)?$/, respond: { orders: [queued(1)], next: null, counts: COUNTS } },
    ]);
    const { router } = renderApp('/orders?q=anna', { me: staffMe(['orders.read']) });
    fireEvent.change(await screen.findByLabelText('Name of the view'), { target: { value: 'Anna' } });
    fireEvent.click(screen.getByLabelText('Share with every member'));
    fireEvent.click(screen.getByRole('button', { name: 'Save these filters' }));
    expect(await screen.findByText('The view is saved.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Anna', query: 'q=anna', shared: true });
    await expectAccessible();

    fireEvent.change(screen.getByRole('combobox', { name: 'Saved views' }), { target: { value: '1' } });
    await waitFor(() => expect(currentPath(router)).toBe('/admin/orders?status=paid'));
    expect(screen.queryByRole('button', { name: 'Delete the view Paid, to pack' })).not.toBeInTheDocument();
  });

  it('opens an order and comes back to the list as it was', async () => {
    mockApi([
      { url: '/api/backoffice/order-views', respond: VIEWS },
      { url: /^\/api\/backoffice\/orders\?/, respond: { orders: [queued(1)], next: null, counts: COUNTS } },
      { url: '/api/backoffice/orders/HS-2026-000001', respond: orderForStaff() },
    ]);
    const { router } = renderApp('/orders?status=paid', { me: staffMe(['orders.read']) });
    fireEvent.click(await screen.findByRole('link', { name: 'HS-2026-000001' }));
    expect(await screen.findByRole('heading', { name: 'Order HS-2026-000001' })).toBeInTheDocument();
    expect(await screen.findByText('Hoefslag Senior Muesli 20 kg')).toBeInTheDocument();
    expect(screen.getByText('€ 2.86')).toBeInTheDocument();
    expect(screen.getByText('test · tr_test_1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invoice F2026-01001 · 2026-11-27 · paid (PDF)' })).toHaveAttribute(
      'href',
      '/api/backoffice/invoices/F2026-01001/pdf',
    );
    expect(screen.queryByRole('heading', { name: 'Actions' })).not.toBeInTheDocument();
    await expectAccessible();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the orders' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/orders?status=paid'));
  });

  it('marks an order sent with its track-and-trace code', async () => {
    let status: OrderForStaff['order']['status'] = 'processing';
    const requests = mockApi([
      { url: '/api/backoffice/orders/HS-2026-000001', respond: () => orderForStaff(status) },
      {
        method: 'PUT',
        url: /^\/api\/backoffice\/orders\/HS-2026-000001\/status\?/,
        respond: ({ url }) => {
          status = new URL(url, 'http://localhost').searchParams.get('status') as typeof status;
          return json({});
        },
      },
    ]);
    renderApp('/orders/HS-2026-000001', { me: staffMe(['orders.read', 'orders.fulfil', 'orders.refund']) });
    fireEvent.change(await screen.findByLabelText('Track and trace'), { target: { value: '3SABCD1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Sent' }));
    await waitFor(() =>
      expect(requests.some((request) => request.url === '/api/backoffice/orders/HS-2026-000001/status?status=sent&trackAndTrace=3SABCD1234567')).toBe(true),
    );
    expect(await screen.findByText('The order is now Sent.')).toBeInTheDocument();
  });

  it('asks before cancelling, and cancels on the answer', async () => {
    const requests = mockApi([
      { url: '/api/backoffice/orders/HS-2026-000001', respond: () => orderForStaff('paid') },
      { method: 'PUT', url: '/api/backoffice/orders/HS-2026-000001/status?status=cancelled', respond: json({}) },
    ]);
    renderApp('/orders/HS-2026-000001', { me: staffMe(['orders.read', 'orders.fulfil', 'orders.refund']) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order HS-2026-000001?' });
    expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toHaveFocus();
    await expectAccessible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
  });

  it('adds a note and shows it with its author', async () => {
    const withNote = {
      ...orderForStaff(),
      notes: [{ noteId: 1, author: 'Bram Jansen', text: 'Called about the delivery day.', at: Date.UTC(2026, 10, 27, 10, 0) }],
    };
    const requests = mockApi([
      { url: '/api/backoffice/orders/HS-2026-000001', respond: orderForStaff() },
      { method: 'POST', url: '/api/backoffice/orders/HS-2026-000001/notes', respond: json(withNote, 201) },
    ]);
    renderApp('/orders/HS-2026-000001', { me: staffMe(['orders.read']) });
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Called about the delivery day.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the note' }));
    expect(await screen.findByText('Called about the delivery day.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ text: 'Called about the delivery day.' });
    await waitFor(() => expect(screen.getByLabelText('New note')).toHaveValue(''));
    await expectAccessible();
  });

  it('registers a bank transfer for an order awaiting payment, and shows a refusal at its field', async () => {
    let answer: Response = apiError(400, 'errors.validation', { amount: [{ key: 'validation.transferTooLittle' }] });
    const requests = mockApi([
      { url: '/api/backoffice/orders/HS-2026-000001', respond: orderForStaff('open') },
      { method: 'POST', url: '/api/backoffice/orders/HS-2026-000001/bank-transfer', respond: () => answer },
    ]);
    renderApp('/orders/HS-2026-000001', { me: staffMe(['orders.read', 'orders.refund']) });
    const amount = await screen.findByLabelText('Amount (euro)');
    expect(amount).toHaveValue('34.60');
    fireEvent.change(amount, { target: { value: '30,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register as paid' }));
    expect(await screen.findByText('Less than the amount to pay: the order stays unpaid.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ amount: '30.00' });
    await expectAccessible();

    answer = json(orderForStaff('paid'));
    fireEvent.change(amount, { target: { value: '34.60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register as paid' }));
    expect(await screen.findByText('The transfer is registered; the order is paid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Register as paid' })).not.toBeInTheDocument());
  });

  it("refunds units after showing the engine's calculation, and lists the credit note", async () => {
    const requests = mockApi([
      { url: '/api/backoffice/orders/HS-2026-000001', respond: orderForStaff('sent') },
      {
        method: 'POST',
        url: '/api/backoffice/orders/HS-2026-000001/refunds/preview',
        respond: json({
          plan: {
            totalAmount: '17.30',
            lines: [{ lineNumber: 1, quantity: 1, amount: '17.30' }],
            shippingAmount: '0.00',
            vatAmountLow: '1.43',
            vatAmountHigh: '0.00',
            totalAmountExclVat: '15.87',
            giftCardAmount: '0.00',
            payments: [{ paymentId: 'tr_test_1', amount: '17.30' }],
          },
          total: '€ 17.30',
          giftCard: null,
          payments: ['€ 17.30'],
        }),
      },
      { method: 'POST', url: '/api/backoffice/orders/HS-2026-000001/refunds', respond: json(refundedOrder()) },
    ]);
    renderApp('/orders/HS-2026-000001', { me: staffMe(['orders.read', 'orders.refund']) });
    expect(await screen.findByText('Left to refund: € 34.60')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Units of Hoefslag Senior Muesli 20 kg (at most 2)'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Bag arrived torn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate the refund' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund € 17.30 of order HS-2026-000001?' });
    expect(within(dialog).getByText('€ 17.30 back through payment tr_test_1.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus();
    await expectAccessible();
    const asked = {
      asked: { kind: 'lines', lines: [{ lineNumber: 1, quantity: 1 }], shipping: false },
      reason: 'Bag arrived torn',
    };
    expect(requests.find((request) => request.url.endsWith('/preview'))?.body).toEqual(asked);
    expect(requests.some((request) => request.url.endsWith('/refunds'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded; credit note C2026-01001.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.endsWith('/refunds'))?.body).toEqual(asked);
    expect(screen.getByRole('link', { name: 'Credit note C2026-01001 (PDF)' })).toHaveAttribute('href', '/api/backoffice/credit-notes/C2026-01001/pdf');
    expect(screen.getByText('re_test_1: refunded')).toBeInTheDocument();
    expect(screen.getByText('Left to refund: € 17.30')).toBeInTheDocument();
    await expectAccessible();
  });

  it("shows the engine's refusal of a refund at the form, of an amount typed with a decimal comma", async () => {
    const requests = mockApi([
      { url: '/api/backoffice/orders/HS-2026-000001', respond: orderForStaff('sent') },
      {
        method: 'POST',
        url: '/api/backoffice/orders/HS-2026-000001/refunds/preview',
        respond: apiError(400, 'errors.validation', { asked: [{ key: 'validation.refundBeyondPaid' }] }),
      },
    ]);
    renderApp('/orders/HS-2026-000001', { me: staffMe(['orders.read', 'orders.refund']) });
    fireEvent.click(await screen.findByLabelText('An amount'));
    fireEvent.change(screen.getByLabelText('Amount (euro)'), { target: { value: ' 40,00 ' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate the refund' }));
    expect(await screen.findByText('More than is left to refund.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.endsWith('/preview'))?.body).toEqual({ asked: { kind: 'amount', amount: '40.00' }, reason: 'Goodwill' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends a mail of the order again and lists it', async () => {
    const order = orderForStaff();
    const again = { ...order, mails: [...order.mails, { ...order.mails[0]!, mailId: 2, sentAt: Date.UTC(2026, 10, 28, 9, 0) }] };
    const requests = mockApi([
      { url: '/api/backoffice/orders/HS-2026-000001', respond: order },
      { method: 'POST', url: '/api/backoffice/orders/HS-2026-000001/mails/1/resend', respond: json(again) },
    ]);
    renderApp('/orders/HS-2026-000001', { me: staffMe(['orders.read']) });
    fireEvent.click(await screen.findByRole('button', { name: 'Send again: Order confirmation' }));
    expect(await screen.findByText('The mail was sent again.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Send again: Order confirmation' })).toHaveLength(2);
    await expectAccessible();
  });

  it('offers no bank transfer to a member who does not handle money', async () => {
    mockApi([{ url: '/api/backoffice/orders/HS-2026-000001', respond: orderForStaff('open') }]);
    renderApp('/orders/HS-2026-000001', { me: staffMe(['orders.read', 'orders.fulfil']) });
    expect(await screen.findByText('Hoefslag Senior Muesli 20 kg')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register as paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Calculate the refund' })).not.toBeInTheDocument();
  });
});
