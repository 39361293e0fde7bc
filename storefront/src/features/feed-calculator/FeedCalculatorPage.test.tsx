/**
 * The calculator shows every quantity as the culture writes numbers, through the engine
 * (`locale.formatQuantity`): 1.5 scoops are "1,5" in Dutch, German and French, "1.5" in
 * English; Swedish groups 2500 g. The answers are the server's for the fixtures' 600 kg horse
 * in average work on hay (host-server/tests/api/feed_calculator.rs).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Culture } from '../../i18n';
import { json, mockApi } from '../../test/api';
import { renderApp } from '../../test/app';

const choice = (key: string, name: string, defaultWeightKg: number | null = null) => ({ key, name, defaultWeightKg });

const CHOICES = {
  horseTypes: [choice('horse', 'Paard', 600), choice('pony', 'Pony', 300)],
  workLoads: [choice('none', 'Geen arbeid'), choice('light', 'Licht'), choice('average', 'Gemiddeld'), choice('heavy', 'Zwaar')],
  roughageTypes: [choice('hay', 'Hooi')],
  minWeightKg: 50,
  maxWeightKg: 1200,
  feedingsPerDay: 3,
};

const product = (productId: number, gramsPerDay: number, scoopsPerDay: string, daysPerPack: number) => ({
  productId,
  productVariantId: productId * 100 + 1,
  name: `Product ${productId}`,
  url: null,
  price: '24.95',
  gramsPerDay,
  gramsPerPortion: Math.round(gramsPerDay / 3),
  scoopsPerDay,
  scoopGrams: 1000,
  daysPerPack,
  packGrams: 20000,
});

const ADVICE = {
  determined: true,
  message: null,
  horseType: 'horse',
  weightKg: 600,
  workLoad: 'average',
  roughageType: 'hay',
  feedingsPerDay: 3,
  products: [product(13, 2500, '1.5', 8), product(41, 60, '2', 50)],
};

const RATION = {
  roughage: 'hay',
  weightKg: 500,
  workLoad: 'light',
  balancerName: 'Hoefslag Balancer',
  dryMatterIntakeKg: '7.5',
  nutrients: [{ nutrient: 'digestibleEnergyMj', unit: 'MJ', need: '83.6', supply: '63.8', gap: '19.8', coveredPercent: 76 }],
  balancer: { productId: 46, gramsPerDay: 390, balances: ['crudeProtein'] },
  unbalanced: ['digestibleEnergyMj'],
};

async function advise(culture: Culture) {
  mockApi([
    { url: '/api/feedcalculator/choices', respond: CHOICES },
    { method: 'POST', url: '/api/feedcalculator/advice', respond: ADVICE },
  ]);
  await renderApp('/feed-calculator/', { culture });
  fireEvent.click(await screen.findByTestId('feed-calculate'));
  await screen.findByTestId('feed-result');
  return screen.getAllByTestId('feed-product').map((row) => ({
    grams: within(row).getByTestId('feed-grams').textContent,
    scoops: within(row).getByTestId('feed-scoops').textContent,
    days: within(row).getByTestId('feed-days').textContent,
  }));
}

describe('the feed calculator writes quantities as the culture does', () => {
  it('nl: 1,5 scheppen', async () => {
    expect(await advise('nl')).toEqual([
      { grams: '2500 gram per dag', scoops: '1,5 scheppen per dag', days: '8 dagen per verpakking' },
      { grams: '60 gram per dag', scoops: '2 scheppen per dag', days: '50 dagen per verpakking' },
    ]);
    expect(screen.getByTestId('feed-result')).toHaveTextContent('Voor een paard van 600 kg');
  });

  it('de: 1,5 Messbecher', async () => {
    const [first] = await advise('de');
    expect(first).toEqual({ grams: '2500 Gramm pro Tag', scoops: '1,5 Messbecher pro Tag', days: '8 Tage pro Packung' });
  });

  it('en (British English): 1.5 scoops', async () => {
    const [first] = await advise('en');
    expect(first).toEqual({ grams: '2500 grams per day', scoops: '1.5 scoops per day', days: '8 days per pack' });
  });

  it('fr-BE: French, with a decimal comma (1,5 takes the singular in French)', async () => {
    const [first] = await advise('fr-BE');
    expect(first).toEqual({ grams: '2500 grammes par jour', scoops: '1,5 mesure par jour', days: '8 jours par conditionnement' });
  });

  it('pl: the fraction form, with a decimal comma', async () => {
    expect((await advise('pl'))[0]?.scoops).toBe('1,5 miarki dziennie');
  });

  it('cs: the fraction form, with a decimal comma', async () => {
    expect((await advise('cs'))[0]?.scoops).toBe('1,5 odměrky denně');
  });

  it('sv: a decimal comma, and 2500 grouped with a no-break space', async () => {
    const [first] = await advise('sv');
    expect(first).toEqual({ grams: '2\u00a0500 gram per dag', scoops: '1,5 skopor per dag', days: '8 dagar per förpackning' });
  });

  it("writes the ration check's quantities the same way", async () => {
    mockApi([
      { url: '/api/feedcalculator/choices', respond: CHOICES },
      { method: 'POST', url: '/api/feedcalculator/ration', respond: RATION },
    ]);
    await renderApp('/feed-calculator/', { culture: 'de' });
    fireEvent.click(await screen.findByTestId('ration-check'));
    const result = await screen.findByTestId('ration-result');
    expect(result).toHaveTextContent('7,5 kg');
    const cells = within(result)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['83,6 MJ', '63,8 MJ (76%)', '19,8 MJ']);
    expect(screen.getByTestId('ration-balancer')).toHaveTextContent('390 Gramm Hoefslag Balancer');
  });
});

describe('the weight field', () => {
  it('states the limits the server sends (the engine’s) as Dutch writes numbers', async () => {
    mockApi([{ url: '/api/feedcalculator/choices', respond: CHOICES }]);
    await renderApp('/feed-calculator/');
    await screen.findByTestId('feed-weight');
    expect(document.getElementById('field-horse1-weightKg-help')?.textContent).toBe('Van 50 tot 1200 kg');
  });

  it('sv: groups 1 200 with a no-break space', async () => {
    mockApi([{ url: '/api/feedcalculator/choices', respond: CHOICES }]);
    await renderApp('/feed-calculator/', { culture: 'sv' });
    await screen.findByTestId('feed-weight');
    expect(document.getElementById('field-horse1-weightKg-help')?.textContent).toBe('Från 50 till 1\u00a0200 kg');
  });

  it.each(['0', '5000', '', '49', '1201', '600.5'])('refuses %j by the field with the limits, without asking for advice', async (weight) => {
    const requests = mockApi([
      { url: '/api/feedcalculator/choices', respond: CHOICES },
      { method: 'POST', url: '/api/feedcalculator/advice', respond: ADVICE },
    ]);
    await renderApp('/feed-calculator/');
    const input = await screen.findByTestId('feed-weight');
    fireEvent.change(input, { target: { value: weight } });
    fireEvent.click(screen.getByTestId('feed-calculate'));
    const error = await screen.findByTestId('error-horse1-weightKg');
    expect(error).toHaveTextContent('Vul een gewicht in van 50 tot 1200 kg');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual(['field-horse1-weightKg-help', error.id]);
    expect(input).toHaveFocus();
    expect(screen.queryByTestId('feed-undetermined')).toBeNull();
    expect(requests.filter((request) => request.url === '/api/feedcalculator/advice')).toEqual([]);
  });

  it('asks for advice once the weight is within the limits again, and the field is valid', async () => {
    const requests = mockApi([
      { url: '/api/feedcalculator/choices', respond: CHOICES },
      { method: 'POST', url: '/api/feedcalculator/advice', respond: ADVICE },
    ]);
    await renderApp('/feed-calculator/');
    const input = await screen.findByTestId('feed-weight');
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('feed-calculate'));
    await screen.findByTestId('error-horse1-weightKg');
    fireEvent.change(input, { target: { value: '1200' } });
    fireEvent.click(screen.getByTestId('feed-calculate'));
    await screen.findByTestId('feed-result');
    expect(screen.queryByTestId('error-horse1-weightKg')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(requests.filter((request) => request.url === '/api/feedcalculator/advice').map((request) => request.body)).toEqual([
      { horseType: 'horse', weightKg: 1200, workLoad: 'average', roughageType: 'hay' },
    ]);
  });

  it('shows the limits by the field when the server refuses the weight', async () => {
    mockApi([
      { url: '/api/feedcalculator/choices', respond: { ...CHOICES, maxWeightKg: 1500 } },
      {
        method: 'POST',
        url: '/api/feedcalculator/advice',
        respond: json(
          {
            status: 400,
            code: 'feed.adviceUndetermined',
            fieldErrors: { weightKg: [{ key: 'feed.adviceUndetermined', message: 'weightKg must be 50 to 1200 kg' }] },
          },
          400,
        ),
      },
    ]);
    await renderApp('/feed-calculator/');
    fireEvent.change(await screen.findByTestId('feed-weight'), { target: { value: '1300' } });
    fireEvent.click(screen.getByTestId('feed-calculate'));
    expect(await screen.findByTestId('error-horse1-weightKg')).toHaveTextContent('Vul een gewicht in van 50 tot 1500 kg');
    expect(screen.queryByTestId('feed-undetermined')).toBeNull();
  });
});
