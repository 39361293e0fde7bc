import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { beforeAll, describe, expect, it } from 'vitest';

import { initI18n } from '../../i18n';
import { CompareButton } from './CompareButton';
import { addCompared, COMPARE_STORAGE_KEY, compareListAtom } from '../../lib/compare';

const product = (id: number) => ({ productId: id, productVariantId: id * 10 + 1 });

describe('comparison list', () => {
  beforeAll(async () => {
    await initI18n('nl');
  });

  it('holds at most 4 products and never the same product twice (engine rule)', () => {
    let list = [1, 2, 3, 4].reduce((current, id) => addCompared(current, product(id)).list, [] as ReturnType<typeof product>[]);
    expect(list.map((item) => item.productId)).toEqual([1, 2, 3, 4]);
    const fifth = addCompared(list, product(5));
    expect(fifth.list).toBe(list);
    expect(fifth.message?.key).toBe('compare.limitReached');
    const twice = addCompared(list.slice(0, 2), product(2));
    expect(twice.message?.key).toBe('compare.alreadyAdded');
    list = twice.list;
    expect(list).toHaveLength(2);
  });

  it('is stored in localStorage and read back', async () => {
    const first = createStore();
    render(
      <Provider store={first}>
        {[1, 2, 3, 4, 5].map((id) => (
          <CompareButton key={id} product={product(id)} />
        ))}
      </Provider>,
    );
    for (const id of [1, 2, 3, 4, 5]) fireEvent.click(screen.getByTestId(`compare-${id}`));
    expect(await screen.findByRole('alert')).toHaveTextContent('Je kunt maximaal 4 producten vergelijken');
    expect(JSON.parse(localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]')).toEqual([1, 2, 3, 4].map(product));
    cleanup();
    // Another page (a new store) reads the stored list when the list is shown.
    const second = createStore();
    render(
      <Provider store={second}>
        <CompareButton product={product(2)} />
      </Provider>,
    );
    expect(screen.getByTestId('compare-2')).toBeChecked();
    expect(second.get(compareListAtom)).toEqual([1, 2, 3, 4].map(product));
  });
});
