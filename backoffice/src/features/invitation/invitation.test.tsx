import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '../../test/api';
import { currentPath, renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';

const INVITATION = {
  emailAddress: 'bram@hoefslag.nl',
  name: 'Bram Jansen',
  totpSecret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Hoofbeat:bram%40hoefslag.nl?secret=JBSWY3DPEHPK3PXP&issuer=Hoofbeat',
};
const CODES = Array.from({ length: 10 }, (_, index) => `code-${index}-abcd`);

describe('accepting an invitation', () => {
  it('shows the secret as text, takes a password and a code, then the recovery codes once', async () => {
    let attempt = 0;
    const requests = mockApi([
      { url: '/api/backoffice/invitations/tok_1', respond: INVITATION },
      {
        method: 'POST',
        url: '/api/backoffice/invitations/tok_1',
        respond: () => (++attempt === 1 ? apiError(400, 'errors.validation', { password: [{ key: 'validation.passwordWeak' }] }) : { recoveryCodes: CODES }),
      },
    ]);
    const { router } = renderApp('/invitation/tok_1');
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByText(INVITATION.otpauthUri)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await expectAccessible();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    expect(screen.getByText('Strength: too short')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('The password must have at least 12 characters.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'aaaaaaaaaaaaaa' } });
    expect(screen.getByText('Strength: weak')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('6-digit code from your app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('This password is too easy to guess. Choose a longer or less obvious one.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Paard eet 3 kilo hooi!' } });
    expect(screen.getByText('Strength: strong')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your recovery codes' })).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ method: 'POST', body: { password: 'Paard eet 3 kilo hooi!', totpCode: '123456' } });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    await expectAccessible();

    fireEvent.click(screen.getByRole('button', { name: 'Go to sign-in' }));
    expect(await screen.findByText('Confirm that you have stored the codes.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('I stored them'));
    fireEvent.click(screen.getByRole('button', { name: 'Go to sign-in' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/signin'));
  });

  it('says that an unknown, used or expired invitation needs a new one', async () => {
    mockApi([{ url: '/api/backoffice/invitations/old', respond: apiError(404, 'errors.notFound') }]);
    renderApp('/invitation/old');
    expect(await screen.findByText(/This invitation is unknown, used or expired/)).toBeInTheDocument();
  });
});
