import { api } from './client';
import type { SchemaAccount, SchemaError, SchemaSignIn } from './generated/schema';

/** `POST /api/authentication/isauthenticated`: is the visitor signed in? (a boolean) */
export async function isAuthenticated(): Promise<boolean> {
  return (await api.post('/api/authentication/isauthenticated')) === true;
}

/** The signed-in customer as `GET /api/account` and sign-in answer. */
export type Account = SchemaAccount;

/** `GET /api/account`: the signed-in customer, or null when nobody is signed in (401). */
export async function fetchAccount(): Promise<Account | null> {
  // A 401 answers its error body (or nothing) instead of the account.
  const answer: Account | SchemaError | undefined = await api.get('/api/account', { acceptStatus: [200, 401] });
  return answer && typeof answer === 'object' && 'userId' in answer ? answer : null;
}

/** `POST /api/authentication/signin` (with the captcha header; empty without a site key). */
export function signIn(input: SchemaSignIn & { captcha: string }): Promise<Account> {
  return api.post('/api/authentication/signin', {
    headers: { captcha: input.captcha },
    body: { emailAddress: input.emailAddress, password: input.password, shoppingcartId: input.shoppingcartId },
  });
}

/** `POST /api/authentication/signout`. */
export async function signOut(): Promise<void> {
  await api.post('/api/authentication/signout', { body: {} });
}
