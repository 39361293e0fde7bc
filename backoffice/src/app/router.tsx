/**
 * The app's router: react-router's data router with the basename `/admin`, where host-server
 * serves the app. A call that finds the session ended sends the staff member to sign in, and
 * back to where they were afterwards.
 */
import { createBrowserRouter } from 'react-router';

import { setSignInRequiredHandler } from '../api/client';
import { appPath, BASENAME, signInPath } from '../lib/paths';
import { forgetSession } from '../lib/session';
import { buildRoutes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

/** Sends the staff member to the sign-in page when a call finds the session ended. */
export function handleEndedSessions(router: Router): void {
  setSignInRequiredHandler(() => {
    forgetSession();
    const { pathname, search } = router.state.location;
    const here = appPath(pathname);
    if (here === '/signin') return;
    void router.navigate(signInPath(`${here}${search}`), { replace: true });
  });
}

export function createRouter(): Router {
  const router = createBrowserRouter(buildRoutes(), { basename: BASENAME });
  handleEndedSessions(router);
  return router;
}
