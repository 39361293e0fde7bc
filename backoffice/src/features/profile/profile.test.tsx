import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { StaffSessionView } from '../../api/contract';
import { mockApi, noContent } from '../../test/api';
import { renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

const HERE: StaffSessionView = { sessionId: 's_1', device: 'Firefox on Linux', address: '192.0.2.1', startedAt: 1, lastSeenAt: 2, current: true };
const PHONE: StaffSessionView = { ...HERE, sessionId: 's_2', device: 'Safari on iPhone', current: false };

describe('the profile', () => {
  it('ends another session after a question, and lists the sign-ins', async () => {
    const requests = mockApi([
      { url: '/api/backoffice/me/sessions', respond: [HERE, PHONE] },
      { url: '/api/backoffice/me/passkeys', respond: [] },
      { url: '/api/backoffice/me/signins', respond: [{ at: 3, address: '192.0.2.9', device: 'Safari on iPhone', outcome: 'failed' }] },
      { method: 'DELETE', url: '/api/backoffice/me/sessions/s_2', respond: noContent() },
    ]);
    renderApp('/profile', { me: staffMe([]) });
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    expect(await screen.findByText('This session')).toBeInTheDocument();
    // The current session cannot be ended here (sign-out does that).
    expect(screen.getAllByRole('button', { name: /End the session/ })).toHaveLength(1);
    await expectAccessible();

    fireEvent.click(screen.getByRole('button', { name: 'End the session on Safari on iPhone' }));
    const question = await screen.findByRole('alertdialog', { name: 'End the session on Safari on iPhone?' });
    fireEvent.click(within(question).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('The session has ended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /End the session/ })).not.toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', body: {}, headers: { 'content-type': 'application/json' } });
  });

  it('switches the language at once and keeps it for this staff member', async () => {
    const requests = mockApi([
      { url: '/api/backoffice/me/sessions', respond: [] },
      { url: '/api/backoffice/me/passkeys', respond: [] },
      { url: '/api/backoffice/me/signins', respond: [] },
      { method: 'PUT', url: '/api/backoffice/me', respond: staffMe([], { language: 'de' }) },
    ]);
    renderApp('/profile', { me: staffMe([]) });
    fireEvent.change(await screen.findByLabelText('Language of the back office'), { target: { value: 'de' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Profil' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('hoofbeat.backoffice.language.st_1')).toBe('de');
    expect(screen.getByText('Keine Sitzungen.')).toBeInTheDocument();
    // The account keeps the choice too.
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ language: 'de' }));
  });
});
