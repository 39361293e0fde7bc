/**
 * The route table, below the basename `/admin`: the sign-in and invitation pages for anyone,
 * and behind the session guard the shell with the screens, each screen that needs a
 * permission wrapped in its check. Every route has a name as its id.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { SignInPage } from '../features/sign-in';
import { requireSession } from '../lib/guards';
import { CATALOG_VIEW, type PermissionNeed } from '../lib/permissions';
import { NotFoundPage, RequirePermission, RouteErrorPage, StaffLayout, StartingPage } from '../routes';

/**
 * A screen loaded when it is first visited (its own script file: the sign-in page does not
 * download the screens behind it), wrapped in its permission's check when it has one (a list:
 * any one of them).
 */
function screen(load: () => Promise<ComponentType>, permission?: PermissionNeed): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Screen = await load();
      return {
        element: permission ? (
          <RequirePermission permission={permission}>
            <Screen />
          </RequirePermission>
        ) : (
          <Screen />
        ),
      };
    },
  };
}

export function buildRoutes(): RouteObject[] {
  return [
    { id: 'signIn', path: 'signin', element: <SignInPage /> },
    { id: 'invitation', path: 'invitation/:token', ...screen(() => import('../features/invitation').then((m) => m.InvitationPage)) },
    {
      id: 'signedIn',
      path: '/',
      loader: requireSession,
      element: <StaffLayout />,
      errorElement: <RouteErrorPage />,
      HydrateFallback: StartingPage,
      children: [
        { id: 'home', index: true, ...screen(() => import('../features/home').then((m) => m.HomePage)) },
        { id: 'orders', path: 'orders', ...screen(() => import('../features/orders').then((m) => m.OrdersPage), 'orders.read') },
        { id: 'order', path: 'orders/:orderNumber', ...screen(() => import('../features/orders').then((m) => m.OrderPage), 'orders.read') },
        { id: 'customers', path: 'customers', ...screen(() => import('../features/customers').then((m) => m.CustomersPage), 'customers.read') },
        { id: 'customer', path: 'customers/:accountId', ...screen(() => import('../features/customers').then((m) => m.CustomerPage), 'customers.read') },
        { id: 'catalog', path: 'catalog', ...screen(() => import('../features/catalog').then((m) => m.CatalogPage), CATALOG_VIEW) },
        { id: 'catalogProduct', path: 'catalog/:productId', ...screen(() => import('../features/catalog').then((m) => m.ProductPage), CATALOG_VIEW) },
        { id: 'reviews', path: 'reviews', ...screen(() => import('../features/reviews').then((m) => m.ReviewsPage), 'reviews.moderate') },
        { id: 'profile', path: 'profile', ...screen(() => import('../features/profile').then((m) => m.ProfilePage)) },
        { id: 'staff', path: 'staff', ...screen(() => import('../features/staff').then((m) => m.StaffPage), 'staff.manage') },
        { id: 'keys', path: 'keys', ...screen(() => import('../features/keys').then((m) => m.KeysPage), 'settings.edit') },
        { id: 'audit', path: 'audit', ...screen(() => import('../features/audit').then((m) => m.AuditPage), 'audit.read') },
        { id: 'notFound', path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
