import { apiFetch } from './client';

/** `POST /api/authentication/isauthenticated`: is the visitor signed in? */
export async function isAuthenticated(): Promise<boolean> {
  const answer = await apiFetch<unknown>('/api/authentication/isauthenticated', { method: 'POST' });
  if (typeof answer === 'boolean') return answer;
  if (typeof answer === 'object' && answer !== null && 'isAuthenticated' in answer) {
    return (answer as { isAuthenticated: unknown }).isAuthenticated === true;
  }
  return false;
}
