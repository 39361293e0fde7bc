import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toSite } from '../../api/sites';
import type { Culture } from '../../i18n';
import { mockApi } from '../../test/api';
import { renderApp, WEIDEGROEN_DK } from '../../test/app';
import { productDetail } from '../../test/product';

const PATH = '/muesli/sport-muesli/';

/** The product page at PATH (the dynamic route), with its specifications and nutrients live. */
async function showProduct(culture: Culture, answer: object, options: { danish?: boolean } = {}) {
  mockApi([
    { url: `/api/routing/getbyurl?url=${encodeURIComponent(PATH)}`, respond: { productVariantId: 1011 } },
    { url: `/api/content/page?path=${encodeURIComponent(PATH)}`, respond: { page: { title: 'Sport Muesli', body: '' }, layout: {} } },
    { url: '/api/products/variant/1011', respond: answer },
    { url: '/api/products/1/reviews', respond: { productId: 1, averageRating: null, reviewCount: 0, page: 1, pageSize: 10, pageCount: 0, reviews: [] } },
  ]);
  await renderApp(PATH, { culture, ...(options.danish ? { site: toSite(WEIDEGROEN_DK) } : {}) });
  const specifications = await screen.findByTestId('specifications');
  // The nutrient table is a deferred region: live after the first interaction.
  fireEvent.scroll(window);
  const nutrients = await screen.findByTestId('nutrients');
  return { specifications: rows(specifications), nutrients: rows(nutrients) };
}

/** A table's rows as `label: value`. */
function rows(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent).join(': '));
}

describe('product page: product data in the language of the site, never as codes', () => {
  it('Dutch: packaging word, decimal commas, no colour code', async () => {
    const { specifications, nutrients } = await showProduct('nl', productDetail());
    expect(specifications).toEqual([
      'Artikelnummer: HS-001-1',
      'EAN: 8712345000011',
      'Merk: Hoefslag',
      'Verpakking: Zak',
      'Inhoud: 12,5 kg',
      'Gewicht: 20,2 kg',
      'Afmetingen: 60 × 40,5 × 12 cm',
      'Aantal per pallet: 40',
      'Houdbaarheid: 6 maanden',
      'Levertijd: 1-2 werkdagen',
    ]);
    expect(nutrients).toEqual(['Energie', 'Energie (DE): 12,7 MJ/kg', 'Vitaminen', 'Vitamine A: 15000 IU/kg']);
  });

  it('Danish: Danish words and decimal commas', async () => {
    const { specifications, nutrients } = await showProduct('da', productDetail({ packaging: 'bucket' }), { danish: true });
    expect(specifications).toContain('Emballage: Spand');
    expect(specifications).toContain('Vægt: 20,2 kg');
    expect(specifications.join('\n')).not.toMatch(/#8e44ad|Farve/);
    expect(nutrients).toContain('Energi (DE): 12,7 MJ/kg');
  });

  it('English keeps the decimal point', async () => {
    const { specifications } = await showProduct('en', productDetail({ packaging: 'jerrycan' }));
    expect(specifications).toContain('Packaging: Jerrycan');
    expect(specifications).toContain('Weight: 20.2 kg');
  });

  it('shows a colour name from the product data, translated', async () => {
    const { specifications } = await showProduct('nl', productDetail({ colour: 'navy', packaging: 'kit', content: { amount: '1', unit: 'piece' } }));
    expect(specifications).toContain('Kleur: Marineblauw');
    expect(specifications).toContain('Verpakking: Set');
    expect(specifications).toContain('Inhoud: 1 stuk');
  });
});
