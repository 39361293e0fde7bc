import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toSite } from '../../api/sites';
import { COMPARE_STORAGE_KEY } from '../../lib/compare';
import { mockApi } from '../../test/api';
import { renderApp, WEIDEGROEN_DK } from '../../test/app';
import { productDetail } from '../../test/product';

const SECOND = productDetail({
  productId: 2,
  productVariantId: 1021,
  name: 'Hoefslag Elektrolyten',
  packaging: 'jerrycan',
  nutrients: [{ nutrient: 'digestibleEnergyMj', group: 'energy', amount: 8.25, unit: 'MJ/kg' }],
});

/** The comparison table's rows as `label: first | second`. */
async function comparedRows(): Promise<string[]> {
  const table = await screen.findByTestId('compare-table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const [label, ...cells] = Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);
      return `${label}: ${cells.join(' | ')}`;
    });
}

function compareTwo() {
  localStorage.setItem(
    COMPARE_STORAGE_KEY,
    JSON.stringify([
      { productId: 1, productVariantId: 1011 },
      { productId: 2, productVariantId: 1021 },
    ]),
  );
  mockApi([
    { url: '/api/products/variant/1011', respond: productDetail() },
    { url: '/api/products/variant/1021', respond: SECOND },
  ]);
}

describe('comparison: packaging and nutrients in the language of the site', () => {
  it('Dutch', async () => {
    compareTwo();
    await renderApp('/vergelijken/', { culture: 'nl' });
    const rows = await comparedRows();
    expect(rows).toContain('Verpakking: Zak | Jerrycan');
    expect(rows).toContain('Energie (DE): 12,7 MJ/kg | 8,25 MJ/kg');
  });

  it('Danish', async () => {
    compareTwo();
    await renderApp('/sammenlign/', { culture: 'da', site: toSite(WEIDEGROEN_DK) });
    const rows = await comparedRows();
    expect(rows).toContain('Emballage: Sæk | Dunk');
    expect(rows).toContain('Energi (DE): 12,7 MJ/kg | 8,25 MJ/kg');
  });
});
