import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CatalogProduct, CatalogProductList, CatalogProductRecord, Culture, CultureTexts, Permission } from '../../api/contract';
import { apiError, mockApi } from '../../test/api';
import { currentPath, renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

/** An amount as the server's engine writes it for an English-speaking member. */
const euro = (amount: string) => `€ ${amount}`;
const muesli: CatalogProduct = {
  productId: 11,
  productKey: 'hoefslag-sport-muesli',
  name: 'Hoefslag Sport Muesli',
  productGroup: 'Muesli',
  brand: 'Hoefslag',
  variants: [
    { productVariantId: 1101, articleNumber: 'HS-011-1', ean: '8712345000111', label: '20 kg', price: '32.95', priceText: euro('32.95'), stock: 12 },
    { productVariantId: 1102, articleNumber: 'HS-011-2', ean: '8712345000128', label: 'Starter pack', price: '9.50', priceText: euro('9.50'), stock: null },
  ],
  incompleteCultures: ['cs', 'pl', 'sv'],
};

const list = (products: CatalogProduct[]): CatalogProductList => ({ total: products.length, page: 1, pageSize: 24, products });

/** A culture with all four texts of its own. */
function written(culture: Culture, name: string): CultureTexts {
  return {
    culture,
    name,
    shortDescription: `${name}: short`,
    longDescription: `${name}: long`,
    composition: `${name}: composition`,
    missing: [],
    complete: true,
  };
}

/** A culture without texts of its own, whose visitors read those of `from`. */
function borrowed(culture: Culture, from: Culture, complete: boolean): CultureTexts {
  return {
    culture,
    name: null,
    shortDescription: null,
    longDescription: null,
    composition: null,
    missing: (['name', 'shortDescription', 'longDescription', 'composition'] as const).map((field) => ({ field, shownFrom: from })),
    complete,
  };
}

const polish: CultureTexts = {
  ...written('pl', 'Hoefslag Sport Musli'),
  composition: null,
  missing: [{ field: 'composition', shownFrom: 'en' }],
  complete: false,
};

const record: CatalogProductRecord = {
  productId: 11,
  productKey: 'hoefslag-sport-muesli',
  productGroup: 'Muesli',
  brand: 'Hoefslag',
  texts: [
    borrowed('cs', 'en', false),
    written('da', 'Hoefslag Sport Müsli'),
    written('de', 'Hoefslag Sport Müsli'),
    borrowed('de-AT', 'de', true),
    written('en', 'Hoefslag Sport Muesli'),
    written('es', 'Hoefslag Sport Muesli'),
    written('et', 'Hoefslag Sport Müsli'),
    written('fr-BE', 'Hoefslag Muesli Sport'),
    written('fr-FR', 'Hoefslag Muesli Sport'),
    written('it', 'Hoefslag Muesli Sport'),
    written('nl', 'Hoefslag Sport Muesli'),
    borrowed('nl-BE', 'nl', true),
    polish,
    written('pt', 'Hoefslag Muesli Sport'),
    borrowed('sv', 'en', false),
  ],
  variants: [
    {
      ...muesli.variants[0]!,
      priceHistory: [
        { validFrom: '2026-03-01', price: '32.95', priceText: euro('32.95') },
        { validFrom: '2025-09-15', price: '30.95', priceText: euro('30.95') },
      ],
      scheduledPrices: [{ validFrom: '2027-01-01', price: '34.95', priceText: euro('34.95') }],
    },
    { ...muesli.variants[1]!, priceHistory: [{ validFrom: '2025-09-15', price: '9.50', priceText: euro('9.50') }], scheduledPrices: [] },
  ],
};

const PRODUCT_URL = '/api/backoffice/products/11';
const AUDIT = {
  url: /^\/api\/backoffice\/audit\?/,
  respond: {
    total: 1,
    entries: [
      {
        entryId: 70,
        at: Date.UTC(2026, 10, 27, 9, 30),
        actor: { kind: 'staff', id: 'st_1', name: 'Anna de Vries' },
        address: '192.0.2.1',
        action: 'product.texts',
        entityType: 'product',
        entityId: '11',
        changes: [{ field: 'pl.shortDescription', before: null, after: 'Hoefslag Sport Musli: short' }],
      },
    ],
  },
};

describe('the catalog', () => {
  it('lists a product with its variants’ prices and stock and the languages it is incomplete in', async () => {
    const requests = mockApi([{ url: /^\/api\/backoffice\/products\?/, respond: () => list([muesli]) }]);
    renderApp('/catalog', { me: staffMe(['catalog.edit']) });
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Products' });
    expect(within(table).getByRole('link', { name: 'Hoefslag Sport Muesli' })).toHaveAttribute('href', '/admin/catalog/11');
    expect(within(table).getByText('€ 32.95')).toBeInTheDocument();
    expect(within(table).getByText('€ 9.50')).toBeInTheDocument();
    expect(within(table).getByText(/12 in stock/)).toBeInTheDocument();
    expect(within(table).getByText('not counted')).toBeInTheDocument();
    expect(within(table).getByText('3 of 15 languages incomplete', { exact: false })).toBeInTheDocument();
    expect(within(table).getByText('Incomplete in: Czech, Polish, Swedish')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/backoffice/products?p=1&ps=24']);
    await expectAccessible();
  });

  it('shows prices as the server’s engine writes them in the member’s language', async () => {
    const dutch = { ...muesli, variants: muesli.variants.map((variant) => ({ ...variant, priceText: `€ ${variant.price.replace('.', ',')}` })) };
    mockApi([{ url: /^\/api\/backoffice\/products\?/, respond: () => list([dutch]) }]);
    renderApp('/catalog', { me: staffMe(['stock.edit'], { language: 'nl' }) });
    const table = await screen.findByRole('table', { name: 'Producten' });
    expect(within(table).getByText(/^€\s32,95$/)).toBeInTheDocument();
    expect(within(table).getByText('niet geteld')).toBeInTheDocument();
  });

  it('finds products by a search that stays in the address', async () => {
    const requests = mockApi([{ url: /^\/api\/backoffice\/products\?/, respond: () => list([muesli]) }]);
    const { router } = renderApp('/catalog', { me: staffMe(['prices.edit']) });
    await screen.findByText('1 product');
    fireEvent.change(screen.getByLabelText('Name, key, article number or EAN'), { target: { value: ' muesli ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/catalog?q=muesli'));
    await waitFor(() => expect(requests.map((request) => request.url)).toContain('/api/backoffice/products?q=muesli&p=1&ps=24'));
  });

  it('offers the products the search finds as CSV', async () => {
    mockApi([{ url: /^\/api\/backoffice\/products\?/, respond: () => list([muesli]) }]);
    renderApp('/catalog?q=sport%20muesli', { me: staffMe(['stock.edit']) });
    const link = await screen.findByRole('link', { name: 'Download as CSV (a row per variant, with price and stock)' });
    expect(link).toHaveAttribute('href', '/api/backoffice/products/export?q=sport%20muesli');
    expect(link).toHaveAttribute('download');
  });

  it('says so when no product matches', async () => {
    mockApi([{ url: /^\/api\/backoffice\/products\?/, respond: () => list([]) }]);
    renderApp('/catalog?q=hay', { me: staffMe(['catalog.edit']) });
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
    expect(screen.getByLabelText('Name, key, article number or EAN')).toHaveValue('hay');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    let attempts = 0;
    mockApi([
      {
        url: /^\/api\/backoffice\/products\?/,
        respond: () => {
          attempts += 1;
          return attempts === 1 ? apiError(500, 'errors.unexpected') : list([muesli]);
        },
      },
    ]);
    renderApp('/catalog', { me: staffMe(['catalog.edit']) });
    expect(await screen.findByText('Something went wrong on the server.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Hoefslag Sport Muesli' })).toBeInTheDocument();
  });

  it.each<Permission>(['catalog.edit', 'stock.edit', 'prices.edit'])('is in the menu of a member with %s', async (permission) => {
    mockApi([]);
    renderApp('/', { me: staffMe([permission]) });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/admin/catalog');
  });

  it('is neither in the menu nor open to a member without any of them', async () => {
    mockApi([]);
    renderApp('/catalog', { me: staffMe(['orders.read', 'customers.read']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Catalog' })).not.toBeInTheDocument();
  });
});

describe('a product of the catalog', () => {
  it('shows what each language lacks and where its visitors read it instead', async () => {
    mockApi([{ url: PRODUCT_URL, respond: record }, AUDIT]);
    renderApp('/catalog/11', { me: staffMe(['catalog.edit', 'stock.edit', 'prices.edit', 'audit.read']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoefslag Sport Muesli' })).toBeInTheDocument();
    expect(screen.getByText('hoefslag-sport-muesli')).toBeInTheDocument();
    expect(screen.getByText('12 of 15 languages complete')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Translations per language' });
    const polishRow = within(table).getByRole('row', { name: /Polish/ });
    expect(within(polishRow).getByText('Incomplete')).toBeInTheDocument();
    expect(within(polishRow).getByText('Composition: shown in English')).toBeInTheDocument();
    const austrianRow = within(table).getByRole('row', { name: /German \(Austria\)/ });
    expect(within(austrianRow).getByText('Complete')).toBeInTheDocument();
    expect(within(austrianRow).getByText('Name: shown in German')).toBeInTheDocument();
    const dutchRow = within(table).getByRole('row', { name: /^Dutch nl/ });
    expect(within(dutchRow).getByText('None')).toBeInTheDocument();

    const prices = screen.getByRole('table', { name: 'Price history of HS-011-1' });
    expect(within(prices).getByText('1 Mar 2026')).toBeInTheDocument();
    expect(within(prices).getByText('€ 30.95')).toBeInTheDocument();
    expect(screen.getByText('From 1 Jan 2027: € 34.95')).toBeInTheDocument();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('pl.shortDescription: – → Hoefslag Sport Musli: short')).toBeInTheDocument();
    await expectAccessible();
  });

  it('saves a language’s four texts and says so', async () => {
    const saved: CatalogProductRecord = {
      ...record,
      texts: record.texts.map((texts) =>
        texts.culture === 'pl' ? { ...polish, composition: 'Owies, lucerna, olej lniany', missing: [], complete: true } : texts,
      ),
    };
    const requests = mockApi([
      { url: PRODUCT_URL, respond: record },
      { method: 'PUT', url: '/api/backoffice/products/11/texts/pl', respond: saved },
    ]);
    renderApp('/catalog/11', { me: staffMe(['catalog.edit']) });
    await screen.findByRole('heading', { level: 1, name: 'Hoefslag Sport Muesli' });
    // The first incomplete language shows first; Edit in Polish's row opens its texts.
    expect(screen.getByLabelText('Language of the texts')).toHaveValue('cs');
    fireEvent.click(screen.getByRole('button', { name: 'Edit the texts in Polish' }));
    const language = screen.getByLabelText('Language of the texts');
    expect(language).toHaveValue('pl');
    expect(language).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveValue('Hoefslag Sport Musli');
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '150');
    expect(screen.getByLabelText('Short description')).toHaveAttribute('maxLength', '500');
    expect(screen.getByLabelText('Long description')).toHaveAttribute('maxLength', '10000');
    expect(screen.getByLabelText('Composition')).toHaveAttribute('maxLength', '10000');
    fireEvent.change(screen.getByLabelText('Composition'), { target: { value: 'Owies, lucerna, olej lniany' } });
    fireEvent.change(screen.getByLabelText('Long description'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the texts' }));
    expect(await screen.findByText('The texts in Polish are saved.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      {
        name: 'Hoefslag Sport Musli',
        shortDescription: 'Hoefslag Sport Musli: short',
        longDescription: '',
        composition: 'Owies, lucerna, olej lniany',
      },
    ]);
    expect(screen.getByText('13 of 15 languages complete')).toBeInTheDocument();
    expect(screen.getByLabelText('Composition')).toHaveValue('Owies, lucerna, olej lniany');
  });

  it('shows the server’s refusal at its field', async () => {
    const requests = mockApi([
      { url: PRODUCT_URL, respond: record },
      { method: 'PUT', url: '/api/backoffice/products/11/texts/cs', respond: apiError(400, 'errors.badRequest', { name: [{ key: 'validation.maxLength' }] }) },
    ]);
    renderApp('/catalog/11', { me: staffMe(['catalog.edit']) });
    await screen.findByRole('heading', { level: 1, name: 'Hoefslag Sport Muesli' });
    // An empty name is refused before it is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save the texts' }));
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Hoefslag Sportovní Müsli' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the texts' }));
    expect(await screen.findByText('This text is too long.')).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/This text is too long\./);
    expect(screen.getByRole('alert')).toHaveTextContent('Correct the marked fields and save again.');
    await expectAccessible();
  });

  it('lets a warehouse member change the stock, not the price or the texts', async () => {
    let stock: number | null = 12;
    const current = (): CatalogProductRecord => ({
      ...record,
      variants: record.variants.map((variant, index) => (index === 0 ? { ...variant, stock } : variant)),
    });
    const requests = mockApi([
      { url: PRODUCT_URL, respond: current },
      {
        method: 'PUT',
        url: '/api/backoffice/variants/1101',
        respond: (request) => {
          stock = (request.body as { stock: number | null }).stock;
          return { productVariantId: 1101, price: '32.95', stock };
        },
      },
    ]);
    renderApp('/catalog/11', { me: staffMe(['stock.edit']) });
    const input = await screen.findByLabelText('Stock of HS-011-1');
    expect(input).toHaveValue('12');
    expect(screen.getByLabelText('Stock of HS-011-2')).toHaveValue('');
    expect(screen.queryByLabelText('Price of HS-011-1')).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Variants of this product' })).getByText('€ 32.95')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the texts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the texts in Polish' })).not.toBeInTheDocument();
    expect(screen.getByText('Your role may read the texts, not change them.')).toBeInTheDocument();
    await expectAccessible();

    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Enter a whole number of 0 or more, or leave the field empty.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('HS-011-1 is saved.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ stock: 40 }]);
    // The product loads again with what the server keeps.
    await waitFor(() => expect(requests.filter((request) => request.url === PRODUCT_URL)).toHaveLength(2));
    expect(screen.getByLabelText('Stock of HS-011-1')).toHaveValue('40');
  });

  it('changes a price typed with a decimal comma, and shows a refused price at its field', async () => {
    let price = '32.95';
    let attempts = 0;
    const current = (): CatalogProductRecord => ({
      ...record,
      variants: record.variants.map((variant, index) =>
        index === 0 && price !== variant.price
          ? { ...variant, price, priceText: euro(price), priceHistory: [{ validFrom: '2026-11-28', price, priceText: euro(price) }, ...variant.priceHistory] }
          : variant,
      ),
    });
    const requests = mockApi([
      { url: PRODUCT_URL, respond: current },
      {
        method: 'PUT',
        url: '/api/backoffice/variants/1101',
        respond: (request) => {
          attempts += 1;
          if (attempts === 1) return apiError(400, 'errors.badRequest', { price: [{ key: 'validation.invalid' }] });
          price = (request.body as { price: string }).price;
          return { productVariantId: 1101, price, stock: 12 };
        },
      },
    ]);
    renderApp('/catalog/11', { me: staffMe(['stock.edit', 'prices.edit']) });
    const input = await screen.findByLabelText('Price of HS-011-1');
    expect(input).toHaveValue('32.95');
    fireEvent.change(input, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save HS-011-1' }));
    expect(await screen.findByText('This value is not valid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Price of HS-011-1')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Price of HS-011-1'), { target: { value: '29,95' } });
    fireEvent.keyDown(screen.getByLabelText('Price of HS-011-1'), { key: 'Enter' });
    expect(await screen.findByText('HS-011-1 is saved.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ price: '-1' }, { price: '29.95' }]);
    const prices = screen.getByRole('table', { name: 'Price history of HS-011-1' });
    expect(await within(prices).findByText('28 Nov 2026')).toBeInTheDocument();
    expect(within(prices).getByText('€ 29.95')).toBeInTheDocument();
    expect(screen.getByLabelText('Price of HS-011-1')).toHaveValue('29.95');
  });

  it('lets a member with prices.edit alone change a price, not the stock', async () => {
    const requests = mockApi([
      { url: PRODUCT_URL, respond: record },
      { method: 'PUT', url: '/api/backoffice/variants/1101', respond: { productVariantId: 1101, price: '31.95', stock: null } },
    ]);
    renderApp('/catalog/11', { me: staffMe(['prices.edit']) });
    await screen.findByRole('heading', { level: 1, name: 'Hoefslag Sport Muesli' });
    expect(screen.queryByLabelText('Stock of HS-011-1')).not.toBeInTheDocument();
    const variants = screen.getByRole('table', { name: 'Variants of this product' });
    expect(within(variants).getByText('not counted')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Price of HS-011-1'), { target: { value: '31,95' } });
    fireEvent.keyDown(screen.getByLabelText('Price of HS-011-1'), { key: 'Enter' });
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ price: '31.95' }));
  });

  it('plans a price for a later day and cancels a planned one', async () => {
    const requests = mockApi([
      { url: PRODUCT_URL, respond: record },
      { method: 'POST', url: '/api/backoffice/variants/1101/scheduled-prices', respond: { validFrom: '2030-01-01', price: '30.95', priceText: euro('30.95') } },
      { method: 'DELETE', url: '/api/backoffice/variants/1101/scheduled-prices/2027-01-01', respond: null },
    ]);
    renderApp('/catalog/11', { me: staffMe(['prices.edit']) });
    const form = await screen.findByRole('form', { name: 'Plan a price of HS-011-1' });
    fireEvent.click(within(form).getByRole('button', { name: 'Plan price' }));
    expect(await within(form).findAllByText('Please fill in this field.')).toHaveLength(2);
    fireEvent.change(within(form).getByLabelText('New price (euro)'), { target: { value: '30,95' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2030-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Plan price' }));
    expect(await screen.findByText('HS-011-1 costs € 30.95 from 1 Jan 2030.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel 1 Jan 2027' }));
    expect(await screen.findByText('The price planned for 1 Jan 2027 of HS-011-1 is cancelled.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.body])).toEqual([
      ['POST', { price: '30.95', validFrom: '2030-01-01' }],
      ['DELETE', {}],
    ]);
    await expectAccessible();
  });

  it('says when a product does not exist', async () => {
    mockApi([{ url: '/api/backoffice/products/404', respond: apiError(404, 'errors.notFound') }]);
    renderApp('/catalog/404', { me: staffMe(['catalog.edit']) });
    expect(await screen.findByText('This product does not exist (any more).')).toBeInTheDocument();
  });
});
