/**
 * The signed-in staff member. The app's guard (`loadSession`) asks the server once per visit
 * (`GET /api/backoffice/me`) and keeps the answer; signing in hands it over directly, and
 * signing out or an ended session forgets it. Screens read it with `useSession`.
 */
import { createContext, use, type ReactNode } from 'react';

import { ApiError } from '../api/client';
import { getMe, signOut as signOutCall } from '../api/backoffice';
import type { StaffMe } from '../api/contract';

let known: StaffMe | null = null;

/** Keeps the staff member a sign-in answered with. */
export function rememberSession(me: StaffMe): void {
  known = me;
}

/** Forgets the staff member (signed out, or the session ended). */
export function forgetSession(): void {
  known = null;
}

/** The signed-in staff member, or null when nobody is (a 401). */
export async function loadSession(): Promise<StaffMe | null> {
  if (known) return known;
  try {
    known = await getMe();
    return known;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Ends the session on the server and here. */
export async function endSession(): Promise<void> {
  try {
    await signOutCall();
  } finally {
    forgetSession();
  }
}

export interface Session {
  me: StaffMe;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** The signed-in staff member (inside the signed-in part of the app). */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in part of the app');
  return session;
}
