import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';

import { sessionAtom } from '../state';
import { JAN } from '../test/account';
import { json, mockApi } from '../test/api';
import { checkSession } from './session';

describe('the header’s session check', () => {
  it('a visitor: only the check is asked, no account (whose 401 the browser would log as an error)', async () => {
    const requests = mockApi([{ method: 'POST', url: '/api/authentication/isauthenticated', respond: false }]);
    const store = createStore();
    await checkSession(store);
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/authentication/isauthenticated']);
  });

  it('a signed-in customer: the account follows, with the greeting’s name and unread results', async () => {
    mockApi([
      { method: 'POST', url: '/api/authentication/isauthenticated', respond: true },
      { url: '/api/account', respond: JAN },
    ]);
    const store = createStore();
    await checkSession(store);
    expect(store.get(sessionAtom)).toEqual({ status: 'signedIn', account: { firstName: 'Jan', unreadQuickscanResults: 2 } });
  });

  it('a check that fails counts as not signed in', async () => {
    mockApi([
      { method: 'POST', url: '/api/authentication/isauthenticated', respond: json({ status: 500, code: 'errors.unexpectedServer', message: 'x' }, 500) },
    ]);
    const store = createStore();
    await checkSession(store);
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
  });
});
