/**
 * The account's feed advice and results: the home's count of unread
 * scan results names results and leads to them; a saved feed advice shows the horse and, per
 * product, grams per day, per portion, scoops and days per pack in the customer's language,
 * and can be deleted after a confirmation; the personal data show the billing address and the
 * mobile number.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { accountRoutes, JAN } from '../../test/account';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/app';

const signedIn = { status: 'signedIn', account: { firstName: 'Jan', unreadQuickscanResults: 2 } } as const;

const advised = (productId: number, gramsPerDay: number, gramsPerPortion: number, scoopsPerDay: string | null, daysPerPack: number | null) => ({
  productId,
  gramsPerDay,
  gramsPerPortion,
  scoopsPerDay,
  daysPerPack,
});

/** What `GET /api/account/feedadvice` answers: one advice saved without a name, one named. */
const SAVED = [
  {
    adviceId: 'adv-1',
    siteId: 1,
    name: 'horse 600 kg',
    horseType: 'horse',
    weightKg: 600,
    workLoad: 'average',
    roughageType: 'hay',
    advice: { weightKg: 600, products: [advised(13, 2500, 833, '1.5', 8), advised(41, 60, 20, '2', 50)] },
    createdAt: '2026-10-20T08:30:00Z',
  },
  {
    adviceId: 'adv-2',
    siteId: 1,
    name: 'Bella',
    horseType: 'pony',
    weightKg: 300,
    workLoad: 'light',
    roughageType: 'grass',
    advice: { weightKg: 300, products: [advised(31, 50, 17, null, null)] },
    createdAt: '2026-10-18T08:30:00Z',
  },
];

const calculated = (productId: number, name: string) => ({
  productId,
  productVariantId: productId * 100 + 1,
  name,
  url: `/p/${productId}/`,
  price: '19.95',
  gramsPerDay: 1,
  gramsPerPortion: 1,
  scoopsPerDay: null,
  scoopGrams: null,
  daysPerPack: null,
  packGrams: null,
});

/** The calculator's answers for the two horses: the names of their products on this site. */
function calculator(body: { horseType: string }) {
  const products = body.horseType === 'horse' ? [calculated(13, 'Hoefslag Basis Brok'), calculated(41, 'Hoefslag Elektrolyten poeder')] : [];
  return {
    determined: products.length > 0,
    message: null,
    horseType: body.horseType,
    weightKg: 600,
    workLoad: 'average',
    roughageType: 'hay',
    feedingsPerDay: 3,
    products,
  };
}

function adviceRoutes() {
  return accountRoutes([
    { url: '/api/account/feedadvice', respond: SAVED },
    { method: 'POST', url: '/api/feedcalculator/advice', respond: (request) => calculator(request.body as { horseType: string }) },
  ]);
}

const facts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('definition')
    .map((value) => value.textContent);

describe('the account home', () => {
  it('counts the unread scan results as results and links to the results page', async () => {
    mockApi(accountRoutes());
    await renderApp('/account/', { session: signedIn });
    const unread = await screen.findByTestId('account-unread');
    expect(unread).toHaveTextContent(/^Je hebt 2 nieuwe analyseresultaten$/);
    expect(within(unread).getByRole('link')).toHaveAttribute('href', '/account/rqs-results/');
  });

  it('says when there are no new results', async () => {
    mockApi(accountRoutes([{ url: '/api/account', respond: { ...JAN, unreadQuickscanResults: 0 } }]));
    await renderApp('/account/', { session: { status: 'signedIn', account: { firstName: 'Jan', unreadQuickscanResults: 0 } } });
    expect(await screen.findByTestId('account-unread')).toHaveTextContent(/^Je hebt geen nieuwe analyseresultaten\.$/);
  });
});

describe('saved feed advice', () => {
  it('shows the horse and per product the daily amounts in Dutch, with the product names of the site', async () => {
    mockApi(adviceRoutes());
    await renderApp('/account/rqs-results/', { session: signedIn });
    const [first, second] = await screen.findAllByTestId('advice-item');
    expect(within(first!).getByRole('heading', { level: 3 })).toHaveTextContent(/^Paard van 600 kg$/);
    expect(facts(within(first!).getByTestId('advice-horse'))).toEqual(['Paard', '600 kg', 'Gemiddeld', 'Hooi', '20-10-2026']);
    const products = within(first!).getAllByTestId('advice-product');
    expect(products.map((product) => within(product).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Hoefslag Basis Brok',
      'Hoefslag Elektrolyten poeder',
    ]);
    expect(within(products[0]!).getByRole('link', { name: 'Hoefslag Basis Brok' })).toHaveAttribute('href', '/p/13/');
    expect(facts(products[0]!)).toEqual(['2500 gram per dag', '833 gram per portie (3 keer per dag)', '1,5 scheppen per dag', '8 dagen per verpakking']);
    expect(facts(products[1]!)).toEqual(['60 gram per dag', '20 gram per portie (3 keer per dag)', '2 scheppen per dag', '50 dagen per verpakking']);
    // A named advice keeps its name; pasture grass as the engine names it; a product the calculator does not name here.
    expect(within(second!).getByRole('heading', { level: 3 })).toHaveTextContent(/^Bella$/);
    expect(facts(within(second!).getByTestId('advice-horse'))).toEqual(['Pony', '300 kg', 'Licht (minder dan 5 uur per week)', 'Gras', '18-10-2026']);
    const [mineral] = within(second!).getAllByTestId('advice-product');
    expect(within(mineral!).getByRole('heading', { level: 4 })).toHaveTextContent(/^Product 31$/);
    expect(facts(mineral!)).toEqual(['50 gram per dag', '17 gram per portie (3 keer per dag)']);
  });

  it('speaks the customer’s language (en)', async () => {
    mockApi(adviceRoutes());
    await renderApp('/account/rqs-results/', { session: signedIn, culture: 'en' });
    const [first] = await screen.findAllByTestId('advice-item');
    expect(within(first!).getByRole('heading', { level: 3 })).toHaveTextContent(/^Horse of 600 kg$/);
    expect(facts(within(first!).getByTestId('advice-horse')).slice(0, 3)).toEqual(['Horse', '600 kg', 'Average']);
    expect(facts(within(first!).getAllByTestId('advice-product')[0]!)).toEqual([
      '2500 grams per day',
      '833 grams per feed (3 times a day)',
      '1.5 scoops per day',
      '8 days per pack',
    ]);
  });

  it('deletes an advice after a confirmation, and keeps it when the customer says no', async () => {
    const requests = mockApi(adviceRoutes().concat([{ method: 'DELETE', url: '/api/account/feedadvice/adv-1', respond: new Response(null, { status: 204 }) }]));
    await renderApp('/account/rqs-results/', { session: signedIn });
    const [first] = await screen.findAllByTestId('advice-item');
    fireEvent.click(within(first!).getByRole('button', { name: 'Verwijderen' }));
    const question = within(first!).getByRole('group', { name: 'Weet je zeker dat je dit voeradvies wilt verwijderen?' });
    expect(within(question).getByRole('button', { name: 'Nee' })).toHaveFocus();
    fireEvent.click(within(question).getByRole('button', { name: 'Nee' }));
    expect(screen.getAllByTestId('advice-item')).toHaveLength(2);
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(first!).getByRole('button', { name: 'Verwijderen' }));
    fireEvent.click(within(first!).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByTestId('advice-message')).toHaveTextContent('Het voeradvies is verwijderd.');
    await waitFor(() => expect(screen.getAllByTestId('advice-item')).toHaveLength(1));
    expect(within(screen.getByTestId('advice-item')).getByRole('heading', { level: 3 })).toHaveTextContent('Bella');
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => [request.url, request.body])).toEqual([
      ['/api/account/feedadvice/adv-1', {}],
    ]);
  });
});

describe('personal data', () => {
  it('show the billing address and the mobile number', async () => {
    mockApi(accountRoutes([{ url: '/api/account', respond: { ...JAN, mobilePhone: '+31612345678' } }]));
    await renderApp('/account/information/', { session: signedIn });
    const billing = await screen.findByTestId('personal-billing');
    expect(within(billing).getByRole('heading', { level: 2 })).toHaveTextContent('Factuuradres');
    expect(within(billing).getByTestId('personal-billing-address').innerHTML.split('<br>')).toEqual([
      'Jan de Vries',
      'Oudegracht 12',
      '3511 AP Utrecht',
      'Nederland',
    ]);
    expect(within(billing).getByTestId('personal-mobile')).toHaveTextContent(/^\+31612345678$/);
  });

  it('say when there is no billing address or mobile number', async () => {
    mockApi(accountRoutes([{ url: '/api/account', respond: { ...JAN, billing: null, mobilePhone: null } }]));
    await renderApp('/account/information/', { session: signedIn });
    const billing = await screen.findByTestId('personal-billing');
    expect(within(billing).getByTestId('personal-billing-address')).toHaveTextContent(/^Er is nog geen factuuradres opgeslagen\.$/);
    expect(within(billing).getByTestId('personal-mobile')).toHaveTextContent(/^Niet opgegeven$/);
  });
});
