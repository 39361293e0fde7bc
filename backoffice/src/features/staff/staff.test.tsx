import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { RoleView, StaffMember } from '../../api/contract';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

const ROLES: RoleView[] = [
  { role: 'owner', permissions: ['staff.manage', 'audit.read'] },
  { role: 'warehouse', permissions: ['orders.read', 'orders.fulfil'] },
];
const BRAM: StaffMember = {
  staffId: 'st_2',
  emailAddress: 'bram@hoefslag.nl',
  name: 'Bram Jansen',
  role: 'warehouse',
  sites: [1],
  language: 'nl',
  status: 'active',
  lastSignInAt: null,
};

describe('staff and roles', () => {
  it('invites a staff member and changes one’s role, sites and access', async () => {
    const requests = mockApi([
      { url: '/api/backoffice/staff', respond: [BRAM] },
      { url: '/api/backoffice/roles', respond: ROLES },
      {
        method: 'POST',
        url: '/api/backoffice/staff',
        respond: ({ body }) => ({ ...BRAM, ...(body as object), staffId: 'st_3', status: 'invited' }),
      },
      { method: 'PUT', url: '/api/backoffice/staff/st_2', respond: { ...BRAM, role: 'owner', sites: [], status: 'disabled' } },
    ]);
    renderApp('/staff', { me: staffMe(['staff.manage']) });
    const table = await screen.findByRole('table', { name: 'Staff members' });
    expect(within(table).getByText('Bram Jansen')).toBeInTheDocument();
    expect(screen.getByText('Manage staff, Read the audit trail')).toBeInTheDocument();
    await expectAccessible();

    fireEvent.click(screen.getByRole('button', { name: 'Invite a staff member' }));
    const invite = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    fireEvent.change(within(invite).getByLabelText('Name'), { target: { value: 'Carla Smit' } });
    fireEvent.change(within(invite).getByLabelText('E-mail address'), { target: { value: 'carla@hoefslag.nl' } });
    fireEvent.change(within(invite).getByLabelText('Role'), { target: { value: 'warehouse' } });
    fireEvent.change(within(invite).getByLabelText('Sites'), { target: { value: '2,x' } });
    fireEvent.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await within(invite).findByText('Only site numbers, separated by commas.')).toBeInTheDocument();
    fireEvent.change(within(invite).getByLabelText('Sites'), { target: { value: '2' } });
    fireEvent.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Carla Smit has been invited.')).toBeInTheDocument();
    expect(within(table).getByText('Invited')).toBeInTheDocument();
    expect(requests[2]?.body).toEqual({ name: 'Carla Smit', emailAddress: 'carla@hoefslag.nl', role: 'warehouse', sites: [2], language: 'en' });

    fireEvent.click(screen.getByRole('button', { name: 'Change Bram Jansen' }));
    const edit = await screen.findByRole('dialog', { name: 'Change Bram Jansen' });
    fireEvent.change(within(edit).getByLabelText('Role'), { target: { value: 'owner' } });
    fireEvent.change(within(edit).getByLabelText('Sites'), { target: { value: '' } });
    fireEvent.click(within(edit).getByLabelText('May sign in (active)'));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The change to Bram Jansen has been saved.')).toBeInTheDocument();
    expect(requests[3]).toMatchObject({ method: 'PUT', body: { role: 'owner', sites: [], active: false } });
    expect(within(table).getByText('Disabled')).toBeInTheDocument();
  });

  it('shows a member’s history in the change dialog to a role that reads the audit trail', async () => {
    const requests = mockApi([
      { url: '/api/backoffice/staff', respond: [BRAM] },
      { url: '/api/backoffice/roles', respond: ROLES },
      {
        url: /^\/api\/backoffice\/audit\?/,
        respond: {
          total: 12,
          entries: [
            {
              entryId: 40,
              at: Date.UTC(2026, 10, 27, 9, 30),
              actor: { kind: 'staff', id: 'st_1', name: 'Anna de Vries' },
              address: '192.0.2.1',
              action: 'staff.changed',
              entityType: 'staff',
              entityId: 'st_2',
              changes: [{ field: 'role', before: 'customerService', after: 'warehouse' }],
            },
          ],
        },
      },
    ]);
    renderApp('/staff', { me: staffMe(['staff.manage', 'audit.read']) });
    fireEvent.click(await screen.findByRole('button', { name: 'Change Bram Jansen' }));
    const edit = await screen.findByRole('dialog', { name: 'Change Bram Jansen' });
    const history = await within(edit).findByRole('region', { name: 'History' });
    expect(await within(history).findByText('role: customerService → warehouse')).toBeInTheDocument();
    expect(within(history).getByText(/Anna de Vries · staff\.changed/)).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'The whole history (12 entries) in the audit trail' })).toHaveAttribute(
      'href',
      '/admin/audit?entityType=staff&entityId=st_2',
    );
    expect(requests.map((request) => request.url)).toContain('/api/backoffice/audit?entityType=staff&entityId=st_2&sort=-at&page=1&pageSize=10');
    await expectAccessible();
  });
});
