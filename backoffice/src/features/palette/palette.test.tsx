import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { SearchAnswer } from '../../api/contract';
import { mockApi } from '../../test/api';
import { currentPath, renderApp, settle } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';
import { isPaletteShortcut } from '.';

const ANSWER: SearchAnswer = {
  results: [
    { kind: 'order', id: 'HS-1001', title: 'Order HS-1001', subtitle: 'Anna Smit · paid', path: '/orders/HS-1001' },
    { kind: 'customer', id: 'c_7', title: 'Anna Smit', subtitle: 'anna@example.nl', path: '/admin/customers/c_7' },
    { kind: 'sample', id: 'S-9', title: 'Sample S-9', subtitle: 'Hay, first cut', path: '/samples/S-9' },
  ],
};

describe('the command palette', () => {
  it('opens with Ctrl+K, searches, moves through the results with the arrow keys and opens one with Enter', async () => {
    const requests = mockApi([{ url: '/api/backoffice/search?q=anna', respond: ANSWER }]);
    const { router } = renderApp('/', { me: staffMe([]) });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Anna de Vries' });
    await settle();

    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    await screen.findByRole('dialog', { name: 'Search the shop' });
    const box = screen.getByRole('combobox', { name: 'Order, customer, product or sample' });
    await waitFor(() => expect(box).toHaveFocus());

    fireEvent.change(box, { target: { value: 'anna' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Order: Order HS-1001Order · Anna Smit · paid',
      'Customer: Anna SmitCustomer · anna@example.nl',
      'Sample: Sample S-9Sample · Hay, first cut',
    ]);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await expectAccessible();

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    // Up from the first wraps to the last.
    expect(box).toHaveAttribute('aria-activedescendant', options[2]?.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A path of the app with or without its base; the customer screen loads before the
    // navigation completes.
    await waitFor(() => expect(currentPath(router)).toBe('/admin/customers/c_7'));
    expect(requests).toHaveLength(1);
  });

  it('closes with Escape and gives the focus back', async () => {
    renderApp('/', { me: staffMe([]) });
    const opener = await screen.findByRole('button', { name: /Search/ });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Search the shop' });
    await settle();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('says when nothing is found', async () => {
    mockApi([{ url: '/api/backoffice/search?q=zzz', respond: { results: [] } }]);
    renderApp('/', { me: staffMe([]) });
    await screen.findByRole('heading', { level: 1 });
    await settle();
    fireEvent.keyDown(document.body, { key: 'K', metaKey: true });
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'zzz' } });
    expect(await screen.findByText('Nothing found for "zzz".', { selector: 'p:not([role])' })).toBeInTheDocument();
  });

  it('knows its shortcut', () => {
    expect(isPaletteShortcut({ key: 'k', ctrlKey: true, metaKey: false, altKey: false, shiftKey: false })).toBe(true);
    expect(isPaletteShortcut({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false })).toBe(false);
    expect(isPaletteShortcut({ key: 'k', ctrlKey: true, metaKey: false, altKey: false, shiftKey: true })).toBe(false);
  });
});
