import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { apiError, mockApi } from '../../test/api';
import { currentPath, renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

const CHALLENGE = { challenge: 'ch_1', expiresAt: 1_900_000_000_000 };
const NOBODY = { url: '/api/backoffice/me', respond: apiError(401, 'errors.staffSignInRequired') };

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function passwordStep() {
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  fill('E-mail address', ' anna@hoefslag.nl ');
  fill('Password', 'correct horse battery');
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByLabelText('6-digit code');
}

describe('signing in', () => {
  it('sends a visitor nobody signed in to the sign-in page, and after both steps back to the page asked for', async () => {
    const me = staffMe(['audit.read']);
    const requests = mockApi([
      NOBODY,
      { method: 'POST', url: '/api/backoffice/signin', respond: CHALLENGE },
      { method: 'POST', url: '/api/backoffice/signin/totp', respond: me },
      { url: '/api/backoffice/audit?entityType=order&sort=-at&page=1&pageSize=50', respond: { entries: [], total: 0 } },
    ]);
    const { router } = renderApp('/audit?entityType=order');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(currentPath(router)).toBe('/admin/signin?returnTo=%2Faudit%3FentityType%3Dorder');
    await expectAccessible();

    const code = await passwordStep();
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByRole('heading', { level: 2, name: 'Code from your app' })).toBeInTheDocument();
    await expectAccessible();
    fill('6-digit code', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { level: 1, name: 'Audit trail' });
    expect(currentPath(router)).toBe('/admin/audit?entityType=order');
    expect(requests.filter((request) => request.method === 'POST').map((request) => [request.url, request.body, request.headers['content-type']])).toEqual([
      ['/api/backoffice/signin', { emailAddress: 'anna@hoefslag.nl', password: 'correct horse battery' }, 'application/json'],
      ['/api/backoffice/signin/totp', { challenge: 'ch_1', code: '123456' }, 'application/json'],
    ]);
    // The sign-in's answer is the session: the guard does not ask the server again.
    expect(requests.filter((request) => request.url === '/api/backoffice/me')).toHaveLength(1);
  });

  it('shows a refused password and too many attempts in the staff member’s words', async () => {
    let attempt = 0;
    mockApi([
      NOBODY,
      {
        method: 'POST',
        url: '/api/backoffice/signin',
        respond: () => (++attempt === 1 ? apiError(401, 'errors.staffSignInFailed') : apiError(429, 'errors.tooManyAttempts')),
      },
    ]);
    renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fill('E-mail address', 'anna@hoefslag.nl');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This e-mail address and password do not match.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Too many attempts. Wait a while, then try again.')).toBeInTheDocument();
  });

  it('checks the fields before asking the server', async () => {
    mockApi([]);
    renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fill('E-mail address', 'anna');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please fill in this field.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('E-mail address')).toHaveFocus());
  });

  it('takes a wrong code again, and signs in with a recovery code instead', async () => {
    const requests = mockApi([
      { method: 'POST', url: '/api/backoffice/signin', respond: CHALLENGE },
      { method: 'POST', url: '/api/backoffice/signin/totp', respond: apiError(401, 'errors.secondFactorFailed') },
      { method: 'POST', url: '/api/backoffice/signin/recovery', respond: staffMe([]) },
    ]);
    const { router } = renderApp('/signin');
    await passwordStep();
    fill('6-digit code', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6 digits from your app.')).toBeInTheDocument();
    fill('6-digit code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This code is wrong or has been used already.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = await screen.findByLabelText('Recovery code');
    await waitFor(() => expect(recovery).toHaveFocus());
    fill('Recovery code', ' abcd-efgh ');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Anna de Vries' });
    expect(currentPath(router)).toBe('/admin');
    expect(requests.at(-1)).toMatchObject({ url: '/api/backoffice/signin/recovery', body: { challenge: 'ch_1', code: 'abcd-efgh' } });
  });

  it('starts over when the challenge has expired', async () => {
    mockApi([
      { method: 'POST', url: '/api/backoffice/signin', respond: CHALLENGE },
      { method: 'POST', url: '/api/backoffice/signin/totp', respond: apiError(401, 'errors.signInExpired') },
    ]);
    renderApp('/signin');
    await passwordStep();
    fill('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signing in took too long. Please start again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('sends a staff member whose session ended on the way to the sign-in page, and back afterwards', async () => {
    mockApi([{ url: '/api/backoffice/keys', respond: apiError(401, 'errors.staffSignInRequired') }]);
    const { router } = renderApp('/keys', { me: staffMe(['settings.edit']) });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(currentPath(router)).toBe('/admin/signin?returnTo=%2Fkeys');
  });

  it('offers no passkey to a member without one', async () => {
    mockApi([NOBODY, { method: 'POST', url: '/api/backoffice/signin', respond: { ...CHALLENGE, hasPasskey: false } }]);
    renderApp('/signin');
    await passwordStep();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('signs a member with a passkey in with it, the browser’s authenticator answering the server’s options', async () => {
    const answer = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'e30' }, clientExtensionResults: {} };
    class FakeCredential {
      static parseCreationOptionsFromJSON(options: unknown) {
        return options;
      }
      static parseRequestOptionsFromJSON(options: unknown) {
        return options;
      }
      toJSON() {
        return answer;
      }
    }
    vi.stubGlobal('PublicKeyCredential', FakeCredential);
    const get = vi.fn(async () => Promise.resolve(new FakeCredential()));
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    const requests = mockApi([
      NOBODY,
      { method: 'POST', url: '/api/backoffice/signin', respond: { ...CHALLENGE, hasPasskey: true } },
      { method: 'POST', url: '/api/backoffice/signin/passkey/options', respond: { publicKey: { challenge: 'abc', allowCredentials: [] } } },
      { method: 'POST', url: '/api/backoffice/signin/passkey', respond: staffMe([]) },
    ]);
    renderApp('/signin');
    await passwordStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Anna de Vries' });
    expect(get).toHaveBeenCalledWith({ publicKey: { challenge: 'abc', allowCredentials: [] } });
    expect(requests.find((request) => request.url === '/api/backoffice/signin/passkey')?.body).toEqual({
      challenge: 'ch_1',
      credential: answer,
    });
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'credentials');
  });
});
