/**
 * Renders the whole app (the real route table and providers) on a memory router at a path
 * below `/admin`, with a staff member already signed in or nobody.
 */
import { act, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';

import type { StaffMe } from '../api/contract';
import { App } from '../app/App';
import { handleEndedSessions } from '../app/router';
import { buildRoutes } from '../app/routes';
import { BASENAME } from '../lib/paths';
import { rememberSession } from '../lib/session';

export function renderApp(path: string, options: { me?: StaffMe } = {}) {
  if (options.me) rememberSession(options.me);
  const router = createMemoryRouter(buildRoutes(), { basename: BASENAME, initialEntries: [`${BASENAME}${path === '/' ? '' : path}`] });
  handleEndedSessions(router);
  const view = render(<App router={router} />);
  return { ...view, router };
}

/** The path the app shows (below the basename), with its query. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/**
 * Lets React run the effects of what was just rendered (a keyboard listener, a focus): a
 * `findBy…` returns once an element is there, which can be before its effects ran.
 */
export async function settle(): Promise<void> {
  await act(async () => undefined);
}
