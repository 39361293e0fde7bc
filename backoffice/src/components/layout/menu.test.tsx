import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Permission } from '../../api/contract';
import { mockApi, noContent } from '../../test/api';
import { currentPath, renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

async function menuFor(permissions: Permission[]): Promise<string[]> {
  renderApp('/', { me: staffMe(permissions) });
  const menu = await screen.findByRole('navigation', { name: 'Main menu' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the shell and its menu', () => {
  it('shows only what the role’s permissions allow', async () => {
    expect(await menuFor([])).toEqual(['Home', 'My profile']);
  });

  it.each<[Permission[], string[]]>([
    [['staff.manage'], ['Home', 'Staff', 'My profile']],
    [['settings.edit'], ['Home', 'Integration keys', 'My profile']],
    [['stock.edit'], ['Home', 'Catalog', 'My profile']],
    [
      ['customers.read', 'prices.edit', 'reviews.moderate'],
      ['Home', 'Customers', 'Catalog', 'Reviews', 'My profile'],
    ],
    [
      ['audit.read', 'orders.read'],
      ['Home', 'Orders', 'Audit trail', 'My profile'],
    ],
    [
      ['staff.manage', 'settings.edit', 'audit.read'],
      ['Home', 'Staff', 'Integration keys', 'Audit trail', 'My profile'],
    ],
  ])('with %j shows %j', async (permissions, items) => {
    expect(await menuFor(permissions)).toEqual(items);
  });

  it('has a skip link to the main landmark, the staff member’s name and no serious accessibility violation', async () => {
    renderApp('/', { me: staffMe() });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Anna de Vries' });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByText('Signed in as Anna de Vries')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Home/ })).toHaveAttribute('aria-current', 'page');
    await expectAccessible();
  });

  it('does not open a screen the role may not, typed as an address', async () => {
    renderApp('/staff', { me: staffMe(['audit.read']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText('Your role gives no access to this page.')).toBeInTheDocument();
  });

  it('moves the focus to the new screen’s title after a navigation', async () => {
    mockApi([
      { url: '/api/backoffice/me/sessions', respond: [] },
      { url: '/api/backoffice/me/passkeys', respond: [] },
      { url: '/api/backoffice/me/signins', respond: [] },
    ]);
    renderApp('/', { me: staffMe([]) });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Anna de Vries' });
    fireEvent.click(screen.getByRole('link', { name: /My profile/ }));
    const title = await screen.findByRole('heading', { level: 1, name: 'My profile' });
    await waitFor(() => expect(title).toHaveFocus());
  });

  it('signs out and opens the sign-in page', async () => {
    const requests = mockApi([{ method: 'POST', url: '/api/backoffice/signout', respond: noContent() }]);
    const { router } = renderApp('/', { me: staffMe([]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(currentPath(router)).toBe('/admin/signin');
    expect(requests[0]).toMatchObject({ method: 'POST', body: {}, headers: { 'content-type': 'application/json' } });
  });
});
