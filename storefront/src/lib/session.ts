/**
 * The session in the shell: the authentication check loads the
 * account once, sign-in stores it, sign-out clears it. Used by the header and the account area.
 */
import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { fetchAccount, isAuthenticated, signOut, type Account } from '../api/auth';
import { clearCache } from '../api/cache';
import { paths } from './paths';
import { accountAtom, cartIdAtom, cartItemCountAtom, sessionAtom, type Session } from '../state';

type Store = ReturnType<typeof useStore>;

export function sessionOf(account: Account | null): Session {
  return account
    ? { status: 'signedIn', account: { firstName: account.firstName, unreadQuickscanResults: account.unreadQuickscanResults ?? 0 } }
    : { status: 'anonymous' };
}

/** Stores who is signed in: the header's session and the whole account (null: nobody). */
export function storeAccount(store: Store, account: Account | null): void {
  store.set(accountAtom, account);
  store.set(sessionAtom, sessionOf(account));
}

/** Asks the server who is signed in and stores the answer; a failure counts as not signed in. */
export async function refreshSession(store: Store): Promise<Account | null> {
  try {
    const account = await fetchAccount();
    storeAccount(store, account);
    return account;
  } catch {
    storeAccount(store, null);
    return null;
  }
}

/**
 * The shell's first check (the header): the account is asked for only when the visitor is signed
 * in, so a visitor's browser meets no refused request (a 401 is logged as an error).
 */
export async function checkSession(store: Store): Promise<void> {
  let signedIn = false;
  try {
    signedIn = await isAuthenticated();
  } catch {
    // Not known: treated as not signed in, as refreshSession does.
  }
  if (signedIn) await refreshSession(store);
  else storeAccount(store, null);
}

/** Signs out: the session ends on the server, the account and its cart are forgotten here. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const setSession = useSetAtom(sessionAtom);
  const store = useStore();
  return useCallback(async () => {
    try {
      await signOut();
    } finally {
      clearCache();
      setSession({ status: 'anonymous' });
      store.set(accountAtom, null);
      store.set(cartIdAtom, null);
      store.set(cartItemCountAtom, 0);
      await navigate(paths.account.login);
    }
  }, [navigate, setSession, store]);
}
