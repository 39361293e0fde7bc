/**
 * A result page as the demo's results give it (fixtures/roughage/results.json): a quick scan of
 * hay with six low minerals that share one advice text, nine recommended products and the
 * engine's balancing advice; a hygiene scan with counts in the millions. Each advice text shows
 * once, counts are readable, prices stand apart from the names, the printed page has its own
 * heading, and only the chosen products go into the cart.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { ScanResult } from '../../api/results';
import { toSite } from '../../api/sites';
import { initI18n, type Culture } from '../../i18n';
import { cartIdAtom, cultureAtom, sessionAtom, siteAtom } from '../../state';
import { accountRoutes, JAN } from '../../test/account';
import { mockApi } from '../../test/api';
import { HOEFSLAG_NL } from '../../test/app';
import { answerFor, cartInput } from '../../test/cart';
import { ScanResultPage } from './ScanResultPage';

const MINERALS = 'Het mineralengehalte is laag. Vul aan met een hooibalancer of mineraalbrok, gedoseerd op het gewicht van je paard.';

const low = (analyte: string, productIds: number[], text = MINERALS) => ({ analyte, direction: 'low', productIds, text });
const analyte = (value: string, min: string, level: 'good' | 'alert' | 'takeAction') => ({
  value,
  target: { min, max: null, alertMargin: null },
  level,
  deviation: level === 'good' ? null : ('low' as const),
});
const product = (productId: number, name: string, price: string) => ({ productId, productVariantId: productId * 100 + 1, name, url: null, price });

const SUMMARY = {
  orderNumber: 'HS-2026-000104',
  productId: 66,
  productVariantId: 1661,
  read: true,
  receiptDate: '2026-10-05',
  resultDate: '2026-10-12',
  sequence: 1,
  sampleName: 'Hooi perceel 2',
  sampleType: 'hay',
};

const QUICK_SCAN = {
  ...SUMMARY,
  resultKey: 'qs-2026-0002-p3x9',
  scanType: 'quickScan',
  level: 'takeAction',
  classification: {
    analytes: {
      crudeProtein: analyte('55', '60', 'alert'),
      calcium: analyte('2.7', '3', 'alert'),
      phosphorus: analyte('1.9', '2.1', 'alert'),
      magnesium: analyte('1.4', '2.5', 'takeAction'),
      copper: analyte('5.1', '10', 'takeAction'),
      zinc: analyte('21', '30', 'takeAction'),
      manganese: analyte('64', '70', 'alert'),
    },
    dryMatter: null,
    hygiene: null,
    messages: [],
  },
  advice: [
    low('crudeProtein', [26, 32], 'Het eiwitgehalte is laag. Vul aan met een balancer, gedoseerd op het gewicht van je paard.'),
    low('calcium', [30, 31]),
    low('phosphorus', [30, 31]),
    low('magnesium', [30, 52]),
    low('copper', [30, 31]),
    low('zinc', [30, 31]),
    low('manganese', [30]),
    low('sodium', [70, 41], 'Het natriumgehalte is laag. Bied altijd een zoutliksteen aan.'),
    low('selenium', [44, 30], 'Het seleniumgehalte is laag. Geef vitamine E met selenium.'),
    low('digestibleEnergyMj', [13, 3], 'De energie is laag. Vul bij werk aan met een brok of muesli.'),
  ],
  weightKg: 600,
  balancing: {
    dryMatterIntakeKg: '9',
    deficits: {},
    products: [
      { productId: 26, gramsPerDay: 450, balances: ['crudeProtein'] },
      { productId: 30, gramsPerDay: 610, balances: ['calcium', 'phosphorus', 'magnesium', 'copper', 'zinc', 'manganese'] },
    ],
    unbalanced: [],
  },
  references: {},
  products: [
    product(26, 'Hoefslag Balancer', '34.95'),
    product(30, 'Hoefslag Hooi Balancer', '36.95'),
    product(31, 'Hoefslag Mineraalbrok', '21.95'),
    product(52, 'Hoefslag Magnesium', '18.95'),
    product(70, 'Hoefslag Zoutliksteen', '4.95'),
    product(41, 'Hoefslag Elektrolyten poeder', '16.95'),
    product(44, 'Hoefslag Vitamine E + Selenium', '24.95'),
    product(13, 'Hoefslag Basis Brok', '19.95'),
    product(3, 'Hoefslag Light Muesli', '22.95'),
  ],
} as unknown as ScanResult;

const germ = (count: number, orientationValue: number, countLevel: 'I' | 'II' | 'III' | 'IV') => ({ count, orientationValue, countLevel });

const HYGIENE_SCAN = {
  ...SUMMARY,
  resultKey: 'rqs-2026-0001-m4q8',
  scanType: 'hygieneScan',
  level: 'alert',
  classification: {
    analytes: {},
    dryMatter: null,
    hygiene: {
      qualityClass: 'II',
      level: 'alert',
      groups: {
        fieldBacteria: germ(21000000, 30000000, 'I'),
        bacillusStaphylococcus: germ(4500000, 2000000, 'II'),
        aspergillusPenicillium: germ(320000, 100000, 'II'),
        mucorales: germ(2000, 5000, 'I'),
        yeasts: germ(1234567, 150000, 'III'),
      },
    },
    messages: [],
  },
  advice: [{ analyte: 'hygiene', direction: 'II', productIds: [54, 75], text: 'Bevochtig of stoom het hooi voor het voeren en voer het niet aan veulens.' }],
  weightKg: 600,
  balancing: null,
  references: {},
  products: [product(54, 'Hoefslag Kruiden Luchtwegen', '19.95'), product(75, 'Hoefslag Hooistomer', '89.95')],
} as unknown as ScanResult;

async function renderResult(result: ScanResult, culture: Culture = 'nl') {
  await initI18n({ culture, siteFallback: 'nl', brand: 'hoefslag' });
  const store = createStore();
  store.set(siteAtom, toSite(HOEFSLAG_NL));
  store.set(cultureAtom, culture);
  store.set(sessionAtom, { status: 'signedIn', account: { firstName: JAN.firstName, unreadQuickscanResults: 1 } });
  store.set(cartIdAtom, 'cart-1');
  const router = createMemoryRouter([{ path: '*', element: <ScanResultPage result={result} /> }], {
    initialEntries: [`/quick-scan-result/${result.resultKey}/`],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  await screen.findByTestId('page-scan-result');
}

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

describe('the advice of a result', () => {
  it('shows each advice text once, with the analytes it is for', async () => {
    mockApi(accountRoutes());
    await renderResult(QUICK_SCAN);
    expect(texts(within(screen.getByTestId('result-advice')).getAllByRole('listitem'))).toEqual([
      'Ruw eiwit: Het eiwitgehalte is laag. Vul aan met een balancer, gedoseerd op het gewicht van je paard.',
      `Calcium, Fosfor, Magnesium, Koper, Zink, Mangaan: ${MINERALS}`,
      'Natrium: Het natriumgehalte is laag. Bied altijd een zoutliksteen aan.',
      'Selenium: Het seleniumgehalte is laag. Geef vitamine E met selenium.',
      'Energie (DE): De energie is laag. Vul bij werk aan met een brok of muesli.',
    ]);
  });

  it('shows the hygiene advice without an analyte', async () => {
    mockApi(accountRoutes());
    await renderResult(HYGIENE_SCAN);
    expect(texts(within(screen.getByTestId('result-advice')).getAllByRole('listitem'))).toEqual([
      'Bevochtig of stoom het hooi voor het voeren en voer het niet aan veulens.',
    ]);
  });
});

describe('germ counts', () => {
  it('reads round counts in millions and thousands, the rest as they are', async () => {
    mockApi(accountRoutes());
    await renderResult(HYGIENE_SCAN);
    const rows = screen.getAllByTestId('result-germ-group').map((row) => texts(within(row).getAllByRole('cell')).slice(0, 2));
    expect(rows).toEqual([
      ['21 miljoen kve per gram', '30 miljoen'],
      ['4,5 miljoen kve per gram', '2 miljoen'],
      ['320 duizend kve per gram', '100 duizend'],
      ['2000 kve per gram', '5000'],
      ['1234567 kve per gram', '150 duizend'],
    ]);
  });

  it('en: 21 million, 4.5 million', async () => {
    mockApi(accountRoutes());
    await renderResult(HYGIENE_SCAN, 'en');
    const counts = screen.getAllByTestId('result-germ-count').map((cell) => cell.textContent);
    expect(counts.slice(0, 2)).toEqual(['21 million cfu per gram', '4.5 million cfu per gram']);
  });

  it('de: 21 Millionen, and the singular for one', async () => {
    mockApi(accountRoutes());
    await renderResult(
      {
        ...HYGIENE_SCAN,
        classification: {
          ...HYGIENE_SCAN.classification,
          hygiene: { ...HYGIENE_SCAN.classification.hygiene!, groups: { fieldBacteria: germ(21000000, 1000000, 'I') } },
        },
      },
      'de',
    );
    const cells = texts(within(screen.getByTestId('result-germ-group')).getAllByRole('cell'));
    expect(cells.slice(0, 2)).toEqual(['21 Millionen KBE pro Gramm', '1 Million']);
  });
});

describe('the recommended products', () => {
  it('show name and price apart, without a separator', async () => {
    mockApi(accountRoutes());
    await renderResult(HYGIENE_SCAN);
    const [first] = screen.getAllByTestId('result-product');
    expect(first?.textContent).toBe('Hoefslag Kruiden Luchtwegen€ 19,95');
    expect(within(first!).getByTestId('result-product-price')).toHaveTextContent(/^€ 19,95$/);
    expect(screen.getByTestId('result-products').textContent).not.toContain('·');
  });

  it('are chosen at first as the engine balances (one per short nutrient), and only the chosen go into the cart, once each', async () => {
    const requests = mockApi(
      accountRoutes([
        { url: '/api/cart/cart-1', respond: answerFor(cartInput(0)) },
        { method: 'POST', url: /^\/api\/cart\/cart-1\/products\?/, respond: answerFor(cartInput(1)) },
      ]),
    );
    await renderResult(QUICK_SCAN);
    const chosen = () =>
      screen
        .getAllByTestId('result-product')
        .filter((item) => within(item).getByTestId<HTMLInputElement>('result-product-choice').checked)
        .map((item) => item.getAttribute('data-product-id'));
    expect(screen.getAllByTestId('result-product')).toHaveLength(9);
    expect(chosen()).toEqual(['26', '30']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hoefslag Vitamine E + Selenium kiezen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hoefslag Balancer kiezen' }));
    expect(chosen()).toEqual(['30', '44']);
    fireEvent.click(screen.getByRole('button', { name: 'Gekozen producten in winkelwagen' }));
    expect(await screen.findByTestId('result-message')).toHaveTextContent('De producten staan in je winkelwagen.');
    const added = requests.filter((request) => request.method === 'POST' && request.url.startsWith('/api/cart/cart-1/products?')).map((request) => request.url);
    expect(added).toEqual(['/api/cart/cart-1/products?productVariantId=3001&quantity=1', '/api/cart/cart-1/products?productVariantId=4401&quantity=1']);
  });

  it('without balancing advice (a hygiene scan), the first product of each advice is chosen; none chosen, nothing to add', async () => {
    mockApi(accountRoutes());
    await renderResult(HYGIENE_SCAN);
    const boxes = screen.getAllByTestId<HTMLInputElement>('result-product-choice');
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    fireEvent.click(boxes[0]!);
    expect(screen.getByRole('button', { name: 'Gekozen producten in winkelwagen' })).toBeDisabled();
  });
});

describe('the printed result', () => {
  it('has a heading of its own: brand, customer, sample name and type, receipt and result dates', async () => {
    mockApi(accountRoutes());
    await renderResult(QUICK_SCAN);
    const heading = screen.getByTestId('result-print-heading');
    await waitFor(() => expect(heading).toHaveTextContent('Klant'));
    expect(within(heading).getByText('Hoefslag')).toBeInTheDocument();
    expect(texts(within(heading).getAllByRole('definition'))).toEqual([
      'Jan de Vries',
      'Hooi perceel 2',
      'Quickscan voedingswaarden, Hooi',
      '05-10-2026',
      '12-10-2026',
    ]);
    expect(texts(within(heading).getAllByRole('term'))).toEqual(['Klant', 'Naam monster', 'Soort monster', 'Datum ontvangst', 'Datum uitslag']);
  });
});

describe('the print style sheets', () => {
  const css = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
  const printPart = (text: string) => text.slice(text.indexOf('@media print'));

  it('leave out the notification bar above the header, as the header and footer', () => {
    expect(printPart(css('../../theme/global.css'))).toMatch(/\[data-testid='notification-bar'\][^{]*\{\s*display: none !important;/);
  });

  it('show the page’s own heading only in print', () => {
    const sheet = css('./ScanResult.module.css');
    expect(sheet.slice(0, sheet.indexOf('@media print'))).toMatch(/\.printOnly \{\s*display: none;/);
    expect(printPart(sheet)).toMatch(/\.printOnly \{\s*display: block;/);
  });
});
