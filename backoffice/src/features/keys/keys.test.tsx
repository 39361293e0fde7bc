import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { IntegrationKeyView } from '../../api/contract';
import { mockApi, noContent } from '../../test/api';
import { renderApp, settle } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

const LAB: IntegrationKeyView = {
  keyId: 'key_1',
  name: 'Laboratory',
  permissions: ['lab.results'],
  sites: [],
  createdAt: Date.UTC(2025, 0, 2),
  lastUsedAt: null,
  revokedAt: null,
};
const WAREHOUSE: IntegrationKeyView = { ...LAB, keyId: 'key_2', name: 'Warehouse system', permissions: ['orders.read', 'orders.fulfil'], sites: [1, 3] };
const SECRET = 'hbk_live_4f9c2d7e1a';

describe('integration keys', () => {
  it('shows a new key’s secret once, in a dialog with a copy button', async () => {
    const requests = mockApi([
      { url: '/api/backoffice/keys', respond: [LAB] },
      { method: 'POST', url: '/api/backoffice/keys', respond: { key: WAREHOUSE, secret: SECRET } },
    ]);
    renderApp('/keys', { me: staffMe(['settings.edit']) });
    expect(await screen.findByText('Laboratory')).toBeInTheDocument();
    await expectAccessible();

    const opener = screen.getByRole('button', { name: 'Create a key' });
    opener.focus();
    fireEvent.click(opener);
    const form = await screen.findByRole('dialog', { name: 'Create a key' });
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveFocus());
    await expectAccessible();
    fireEvent.click(within(form).getByRole('button', { name: 'Create a key' }));
    expect(await within(form).findByText('Choose at least one permission.')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Warehouse system' } });
    fireEvent.click(within(form).getByLabelText('Fulfil orders'));
    fireEvent.click(within(form).getByLabelText('View orders'));
    fireEvent.change(within(form).getByLabelText('Sites'), { target: { value: '1, 3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create a key' }));

    const shown = await screen.findByRole('dialog', { name: 'The key Warehouse system has been created' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await waitFor(() => expect(within(shown).getByRole('button', { name: 'Done, I have copied it' })).toHaveFocus());
    await expectAccessible();
    expect(requests[1]).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // In the contract's order, whatever order they were ticked in.
      body: { name: 'Warehouse system', permissions: ['orders.read', 'orders.fulfil'], sites: [1, 3] },
    });

    fireEvent.click(within(shown).getByRole('button', { name: 'Done, I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.getByText('Warehouse system')).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('revokes a key after a question, whose safe answer has the focus', async () => {
    const requests = mockApi([
      { url: '/api/backoffice/keys', respond: [LAB, WAREHOUSE] },
      { method: 'DELETE', url: '/api/backoffice/keys/key_1', respond: noContent() },
    ]);
    renderApp('/keys', { me: staffMe(['settings.edit']) });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key Laboratory' }));
    const question = await screen.findByRole('alertdialog', { name: 'Revoke the key Laboratory?' });
    expect(question).toHaveAccessibleDescription('The system that uses it loses access at once. This cannot be undone.');
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await expectAccessible();
    await settle();
    fireEvent.keyDown(question, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the key Laboratory' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The key Laboratory has been revoked.')).toBeInTheDocument();
    expect(requests[1]).toMatchObject({ method: 'DELETE', url: '/api/backoffice/keys/key_1', body: {}, headers: { 'content-type': 'application/json' } });
    expect(screen.queryByRole('button', { name: 'Revoke the key Laboratory' })).not.toBeInTheDocument();
  });

  it('says when there are no keys yet', async () => {
    mockApi([{ url: '/api/backoffice/keys', respond: [] }]);
    renderApp('/keys', { me: staffMe(['settings.edit']) });
    expect(await screen.findByText('No keys yet.')).toBeInTheDocument();
  });
});
