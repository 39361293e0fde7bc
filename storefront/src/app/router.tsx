import { createBrowserRouter } from 'react-router';

import { HomeRoute } from '../routes/HomeRoute';

/** The storefront's routes (specification, section 2). */
export function createRouter() {
  return createBrowserRouter([{ path: '/', element: <HomeRoute /> }, { path: '*', element: <HomeRoute /> }]);
}
