import { apiFetch } from './client';

/** `POST /api/authentication/isauthenticated`: is the visitor signed in? */
export async function isAuthenticated(): Promise<boolean> {
  const answer = await apiFetch<unknown>('/api/authentication/isauthenticated', { method: 'POST' });
  if (typeof answer === 'boolean') return answer;
  if (typeof answer === 'object' && answer !== null && 'isAuthenticated' in answer) {
    return answer.isAuthenticated === true;
  }
  return false;
}

/** The signed-in customer as `GET /api/account` and sign-in answer. */
export interface Account {
  userId: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  languageId: number | null;
  newsletter: boolean;
  unreadQuickscanResults: number;
  shoppingcartId: string | null;
  mobilePhone?: string | null;
  billing?: unknown;
  shipping?: unknown;
  company?: { companyName: string; vatNumber: string } | null;
  alternativeShippingAddress?: boolean;
}

/** `GET /api/account`: the signed-in customer, or null when nobody is signed in (401). */
export async function fetchAccount(): Promise<Account | null> {
  return apiFetch<Account | undefined>('/api/account', { acceptStatus: [200, 401] }).then((answer) =>
    answer && typeof answer === 'object' && 'userId' in answer ? answer : null,
  );
}

/** `POST /api/authentication/signin` (with the captcha header; empty without a site key). */
export function signIn(input: { emailAddress: string; password: string; shoppingcartId: string | null; captcha: string }): Promise<Account> {
  return apiFetch<Account>('/api/authentication/signin', {
    method: 'POST',
    headers: { captcha: input.captcha },
    body: { emailAddress: input.emailAddress, password: input.password, shoppingcartId: input.shoppingcartId },
  });
}

/** `POST /api/authentication/signout`. */
export async function signOut(): Promise<void> {
  await apiFetch<unknown>('/api/authentication/signout', { method: 'POST', body: {} });
}
