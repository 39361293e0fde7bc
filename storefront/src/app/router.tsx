import { createBrowserRouter, type HydrationState } from 'react-router';

import { buildRoutes, type RouteOptions } from './routes';

/**
 * The storefront's browser router (specification section 2); with the server's `hydrationData`
 * on a server-rendered page, so its loaders do not run again.
 */
export function createRouter(options: RouteOptions, hydrationData?: HydrationState) {
  return createBrowserRouter(buildRoutes(options), hydrationData ? { hydrationData } : undefined);
}
