/**
 * The storefront's shared state, in one place (jotai). Persisted across reloads, in
 * localStorage: cart id, site id and language id.
 */
import { atom, useAtomValue, type createStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

import type { Account } from '../api/auth';
import type { Site } from '../api/sites';
import type { Culture } from '../i18n/cultures';

// No localStorage on the server (a server-rendered page reads the stored ids after hydration).
const browserStorage = () => (typeof localStorage === 'undefined' ? (undefined as unknown as Storage) : localStorage);
const storage = createJSONStorage<number | null>(browserStorage);
const stored = (key: string) => atomWithStorage<number | null>(key, null, storage);
const idStorage = createJSONStorage<string | number | null>(browserStorage);

/** The visitor's cart, once one is created (the server's ids are random strings). */
export const cartIdAtom = atomWithStorage<string | number | null>('hoofbeat.cartId', null, idStorage);
/** The site of the last visit. */
export const siteIdAtom = stored('hoofbeat.siteId');
/** The language the visitor chose (or was given) on the site. */
export const languageIdAtom = stored('hoofbeat.languageId');

const PERSISTED = [
  [siteIdAtom, 'hoofbeat.siteId'],
  [languageIdAtom, 'hoofbeat.languageId'],
] as const;

/** Reads the persisted ids into a store (at start, before anything reads them). */
export function hydratePersisted(store: ReturnType<typeof createStore>): void {
  for (const [persisted, key] of PERSISTED) store.set(persisted, storage.getItem(key, null));
  store.set(cartIdAtom, idStorage.getItem('hoofbeat.cartId', null));
}

/** The number of items in the cart (quantities plus free products), shown in the header. */
export const cartItemCountAtom = atom(0);

/** The running site; set once at start, before the first render. */
export const siteAtom = atom<Site | null>(null);
/** The active culture. */
export const cultureAtom = atom<Culture>('nl');

/** The running site; only inside the shell, which renders after the site is known. */
export function useSite(): Site {
  const site = useAtomValue(siteAtom);
  if (!site) throw new Error('useSite() outside a started site');
  return site;
}

/** The signed-in customer as the header shows it. */
export interface SessionAccount {
  firstName: string;
  unreadQuickscanResults: number;
}

/**
 * The session: `unknown` until the authentication check ran, then `anonymous` or `signedIn`
 * with the account. Sign-in fetches the account; sign-out clears it.
 */
export type Session = { status: 'unknown' } | { status: 'anonymous' } | { status: 'signedIn'; account: SessionAccount };

export const sessionAtom = atom<Session>({ status: 'unknown' });

/**
 * The signed-in customer's whole account as the server answered it (sign-in, `GET /api/account`),
 * for the forms that start from it (the checkout's billing and delivery); null when nobody is
 * signed in or the account was not fetched yet. Kept beside the session, which holds only what
 * the header shows.
 */
export const accountAtom = atom<Account | null>(null);
