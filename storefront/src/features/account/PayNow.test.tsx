import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { accountRoutes, ORDER } from '../../test/account';
import { json, mockApi, type MockRoute } from '../../test/api';
import { renderApp } from '../../test/app';
import { paymentPage } from './OrderPages';

const NUMBER = 'HS-2026-000199';

/** Jan's order awaiting payment by `paymentMethodId` (1 iDEAL online, 6 bank transfer). */
function unpaidOrder(paymentMethodId: number): MockRoute[] {
  const detail = accountRoutes().find((route) => String(route.url) === String(/^\/api\/account\/orders\/[^/?]+$/));
  return [
    {
      url: `/api/account/orders/${NUMBER}`,
      respond: { ...(detail?.respond as object), orderNumber: NUMBER, status: 'open', amountToPay: '34.60', totalAmount: '34.60', paymentMethodId },
    },
    {
      url: '/api/paymentmethods',
      respond: [
        { paymentMethodId: 1, key: 'ideal', name: 'iDEAL', flow: 'redirect' },
        { paymentMethodId: 6, key: 'banktransfer', name: 'Overboeking', flow: 'offline' },
      ],
    },
  ];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pay an unpaid order', () => {
  it('starts the payment and goes to the provider’s page', async () => {
    const assign = vi.spyOn(paymentPage, 'assign').mockImplementation(() => undefined);
    let answer: (value: Response) => void = () => undefined;
    const requests = mockApi(
      accountRoutes([
        ...unpaidOrder(1),
        {
          method: 'POST',
          url: `/api/account/orders/${NUMBER}/pay`,
          respond: () =>
            new Promise<Response>((resolve) => {
              answer = resolve;
            }),
        },
      ]),
    );
    await renderApp(`/account/orders/${NUMBER}/`);
    const button = await screen.findByRole('button', { name: 'Nu betalen' });
    expect(screen.getByTestId('order-unpaid')).toHaveTextContent('Deze bestelling is nog niet betaald.');
    fireEvent.click(button);
    // Busy while the server starts the payment.
    expect(await screen.findByRole('button', { name: 'Naar de betaalpagina…' })).toBeDisabled();
    answer(json({ orderNumber: NUMBER, redirectUrl: 'http://localhost/payments/test/tp_42' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/payments/test/tp_42'));
    const sent = requests.find((request) => request.url === `/api/account/orders/${NUMBER}/pay`);
    expect([sent?.method, sent?.body]).toEqual(['POST', {}]);
  });

  it('says why the server refused (already paid) and offers the button again', async () => {
    const assign = vi.spyOn(paymentPage, 'assign').mockImplementation(() => undefined);
    mockApi(
      accountRoutes([
        ...unpaidOrder(1),
        {
          method: 'POST',
          url: `/api/account/orders/${NUMBER}/pay`,
          respond: json({ status: 409, code: 'errors.orderAlreadyPaid', message: 'This order is paid already' }, 409),
        },
      ]),
    );
    await renderApp(`/account/orders/${NUMBER}/`);
    fireEvent.click(await screen.findByRole('button', { name: 'Nu betalen' }));
    expect(await screen.findByText('Deze bestelling is al betaald.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nu betalen' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a bank transfer shows how to pay instead of the button; a paid order shows neither', async () => {
    mockApi(accountRoutes(unpaidOrder(6)));
    await renderApp(`/account/orders/${NUMBER}/`);
    expect(await screen.findByTestId('order-unpaid')).toHaveTextContent('Je betaalt deze bestelling per bankoverschrijving');
    expect(screen.queryByRole('button', { name: 'Nu betalen' })).toBeNull();
  });

  it('a sent order has nothing to pay', async () => {
    mockApi(accountRoutes());
    await renderApp(`/account/orders/${ORDER.orderNumber}/`);
    await screen.findByTestId('order-detail');
    expect(screen.queryByTestId('order-unpaid')).toBeNull();
    expect(screen.queryByTestId('order-pay')).toBeNull();
  });
});
