import { createBrowserRouter } from 'react-router';

import { buildRoutes, type RouteOptions } from './routes';

/** The storefront's browser router (specification section 2). */
export function createRouter(options: RouteOptions) {
  return createBrowserRouter(buildRoutes(options));
}
