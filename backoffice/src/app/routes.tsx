/**
 * The route table, below the basename `/admin`: the sign-in and invitation pages for anyone,
 * and behind the session guard the shell with the screens, each screen that needs a
 * permission wrapped in its check. Every route has a name as its id.
 */
import type { RouteObject } from 'react-router';

import { AuditPage } from '../features/audit';
import { HomePage } from '../features/home';
import { InvitationPage } from '../features/invitation';
import { KeysPage } from '../features/keys';
import { ProfilePage } from '../features/profile';
import { SignInPage } from '../features/sign-in';
import { StaffPage } from '../features/staff';
import { requireSession } from '../lib/guards';
import { NotFoundPage, RequirePermission, RouteErrorPage, StaffLayout, StartingPage } from '../routes';

export function buildRoutes(): RouteObject[] {
  return [
    { id: 'signIn', path: 'signin', element: <SignInPage /> },
    { id: 'invitation', path: 'invitation/:token', element: <InvitationPage /> },
    {
      id: 'signedIn',
      path: '/',
      loader: requireSession,
      element: <StaffLayout />,
      errorElement: <RouteErrorPage />,
      HydrateFallback: StartingPage,
      children: [
        { id: 'home', index: true, element: <HomePage /> },
        { id: 'profile', path: 'profile', element: <ProfilePage /> },
        {
          id: 'staff',
          path: 'staff',
          element: (
            <RequirePermission permission="staff.manage">
              <StaffPage />
            </RequirePermission>
          ),
        },
        {
          id: 'keys',
          path: 'keys',
          element: (
            <RequirePermission permission="settings.edit">
              <KeysPage />
            </RequirePermission>
          ),
        },
        {
          id: 'audit',
          path: 'audit',
          element: (
            <RequirePermission permission="audit.read">
              <AuditPage />
            </RequirePermission>
          ),
        },
        { id: 'notFound', path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
