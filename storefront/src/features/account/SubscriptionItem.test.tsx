import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { accountRoutes } from '../../test/account';
import { mockApi, type MockRequest } from '../../test/api';
import { renderApp } from '../../test/app';
import type { Subscription } from './api';

const ACTIVE: Subscription = {
  subscriptionId: 'sub-1',
  siteId: 1,
  productVariantId: 1011,
  productId: 1,
  quantity: 2,
  intervalWeeks: 4,
  status: 'activated',
  startDate: '2026-01-05',
  nextDeliveryDate: '2026-03-02',
  paymentMethodId: 1,
  allowedActions: ['pause', 'close'],
  intervalCanChange: true,
};
// A pause keeps the planned date on the server, which leaves it out while paused.
const PAUSED: Subscription = { ...ACTIVE, status: 'paused', nextDeliveryDate: null, allowedActions: ['resume', 'close'] };
const CLOSED: Subscription = { ...ACTIVE, status: 'closed', nextDeliveryDate: null, allowedActions: [], intervalCanChange: false };

async function showSubscriptions(start: Subscription, changes: { url: string; method?: string; answer: Subscription }[] = []) {
  const requests: MockRequest[] = mockApi(
    accountRoutes([
      { url: '/api/account/subscriptions', respond: [start] },
      { url: '/api/products/variant/1011', respond: { name: 'Hoefslag Sport Muesli', variantLabel: '20 kg', url: '/sport-muesli/' } },
      ...changes.map((change) => ({ method: change.method ?? 'POST', url: change.url, respond: change.answer })),
    ]),
  );
  await renderApp('/account/subscriptions/');
  await screen.findByTestId('subscription-item');
  return requests;
}

const changesSent = (requests: MockRequest[]) =>
  requests.filter((request) => request.method !== 'GET' && request.url.startsWith('/api/account/subscriptions/'));

describe('subscriptions: a change that moves or stops deliveries is asked first', () => {
  it('pausing: asks, says deliveries stop until resumed, and sends nothing when kept as it is', async () => {
    const requests = await showSubscriptions(ACTIVE, [{ url: '/api/account/subscriptions/sub-1/pause', answer: PAUSED }]);
    fireEvent.click(screen.getByTestId('subscription-pause'));
    const dialog = screen.getByRole('alertdialog', { name: 'Dit abonnement pauzeren?' });
    expect(dialog).toHaveAccessibleDescription('De leveringen stoppen tot je het abonnement hervat.');
    // The safe answer has the focus.
    expect(within(dialog).getByRole('button', { name: 'Niets wijzigen' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Niets wijzigen' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('subscription-pause')).toHaveFocus();
    expect(changesSent(requests)).toEqual([]);

    fireEvent.click(screen.getByTestId('subscription-pause'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Pauzeren' }));
    expect(await screen.findByTestId('subscription-message')).toHaveTextContent('Je abonnement is gepauzeerd. De leveringen stoppen tot je het hervat.');
    expect(changesSent(requests).map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/account/subscriptions/sub-1/pause']);
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Gepauzeerd');
  });

  it('Escape is the safe answer', async () => {
    const requests = await showSubscriptions(ACTIVE);
    fireEvent.click(screen.getByTestId('subscription-pause'));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(changesSent(requests)).toEqual([]);
  });

  it('resuming: asks, then shows the next delivery date the server planned (DD-MM-YYYY)', async () => {
    const requests = await showSubscriptions(PAUSED, [
      { url: '/api/account/subscriptions/sub-1/resume', answer: { ...ACTIVE, nextDeliveryDate: '2026-03-30' } },
    ]);
    fireEvent.click(screen.getByTestId('subscription-resume'));
    const dialog = screen.getByRole('alertdialog', { name: 'Dit abonnement hervatten?' });
    expect(dialog).toHaveAccessibleDescription('De leveringen gaan weer door in het geplande ritme.');
    expect(changesSent(requests)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hervatten' }));
    const message = await screen.findByTestId('subscription-message');
    expect([...message.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Je abonnementen zijn gewijzigd.',
      'Je volgende levering is op 30-03-2026.',
    ]);
    expect(screen.getByTestId('subscription-next-delivery')).toHaveTextContent('30-03-2026');
  });

  it('a new interval: asks with the new interval, then shows the next delivery date', async () => {
    const requests = await showSubscriptions(ACTIVE, [
      { method: 'PUT', url: '/api/account/subscriptions/sub-1/interval', answer: { ...ACTIVE, intervalWeeks: 6, nextDeliveryDate: '2026-03-02' } },
    ]);
    // The field keeps to the engine's bounds: every 2 to 12 weeks.
    expect(screen.getByLabelText('Leveren om de zoveel weken')).toHaveAttribute('min', '2');
    expect(screen.getByLabelText('Leveren om de zoveel weken')).toHaveAttribute('max', '12');
    fireEvent.change(screen.getByLabelText('Leveren om de zoveel weken'), { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('subscription-interval'));
    const dialog = screen.getByRole('alertdialog', { name: 'Het leveringsinterval wijzigen?' });
    expect(dialog).toHaveAccessibleDescription('Leveringsinterval Elke 6 weken De volgende leveringen worden volgens het nieuwe interval gepland.');
    expect(changesSent(requests)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Interval wijzigen' }));
    const message = await screen.findByTestId('subscription-message');
    expect([...message.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Je abonnementen zijn gewijzigd.',
      'Je volgende levering is op 02-03-2026.',
    ]);
    expect(changesSent(requests).map((request) => [request.method, request.url, request.body])).toEqual([
      ['PUT', '/api/account/subscriptions/sub-1/interval', { intervalWeeks: 6 }],
    ]);
  });

  it('closing: asks with the words that it is final and cannot be undone', async () => {
    const requests = await showSubscriptions(ACTIVE, [{ url: '/api/account/subscriptions/sub-1/close', answer: CLOSED }]);
    fireEvent.click(screen.getByTestId('subscription-close'));
    const dialog = screen.getByRole('alertdialog', { name: 'Weet je zeker dat je dit abonnement wilt opzeggen?' });
    expect(dialog).toHaveAccessibleDescription('Opzeggen is definitief en kan niet ongedaan worden gemaakt: er komen geen leveringen meer.');
    expect(changesSent(requests)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opzeggen' }));
    expect(await screen.findByTestId('subscription-message')).toHaveTextContent('Je abonnement is opgezegd.');
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Afgesloten'));
    expect(screen.queryByTestId('subscription-close')).toBeNull();
    expect(changesSent(requests).map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/account/subscriptions/sub-1/close']);
  });
});
