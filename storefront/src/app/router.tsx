import { createBrowserRouter, type HydrationState, type LoaderFunction, type RouteObject } from 'react-router';

import { loadEngine } from '../engine';
import { buildRoutes, type RouteOptions } from './routes';

/** A loader that runs once the engine is loaded (loaders call it; it loads after hydration). */
function afterEngine(loader: LoaderFunction): LoaderFunction {
  return async (args, context) => {
    await loadEngine();
    return loader(args, context);
  };
}

function withEngineLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const loader = typeof route.loader === 'function' ? afterEngine(route.loader) : route.loader;
    return route.index ? { ...route, loader } : { ...route, loader, children: route.children && withEngineLoaders(route.children) };
  });
}

/**
 * The storefront's browser router; with the server's `hydrationData`
 * on a server-rendered page, so its loaders do not run again. In the browser the loaders wait
 * for the engine, which loads after hydration (engine/index.ts).
 */
export function createRouter(options: RouteOptions, hydrationData?: HydrationState) {
  return createBrowserRouter(withEngineLoaders(buildRoutes(options)), hydrationData ? { hydrationData } : undefined);
}
