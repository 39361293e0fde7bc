/**
 * What a server-rendered page hands to the browser: the site and language the
 * server resolved, the culture's catalogs, and the route loaders' data, in one JSON block
 * (`<script type="application/json" id="hb-state">`, which the content security policy allows:
 * it is data, never run). The browser hydrates from it without repeating a request.
 */
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type HydrationState } from 'react-router';

import { ApiError } from '../api/client';
import type { Language, Site } from '../api/sites';
import type { EngineAnswers } from '../engine';
import type { Brand, Culture, I18nResources } from '../i18n';

import { STATE_ELEMENT_ID } from './stateElement';

export { STATE_ELEMENT_ID };

/** A value as JSON carries it: promises (awaited on the server) and errors are tagged. */
type Tagged =
  | { $hb: 'resolved'; value: unknown }
  | { $hb: 'rejected'; error: unknown }
  | { $hb: 'routeError'; status: number; statusText: string; data: unknown; internal: boolean }
  | { $hb: 'apiError'; status: number; body: unknown }
  | { $hb: 'error'; message: string };

export interface ServerState {
  site: Site;
  language: Language;
  culture: Culture;
  siteFallback: Culture | null;
  brand: Brand;
  comparePath: string;
  resources: I18nResources;
  /** The lazily loaded pages the server rendered (lib/lazyPage.tsx). */
  lazyPages: string[];
  /** The engine's answers the page was rendered with: hydration needs no WebAssembly (engine/index.ts). */
  engineAnswers: EngineAnswers;
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null; errors: Record<string, unknown> | null };
}

function dehydrateError(error: unknown): Tagged {
  if (isRouteErrorResponse(error)) {
    const internal = (error as { internal?: boolean }).internal === true;
    return { $hb: 'routeError', status: error.status, statusText: error.statusText, data: error.data as unknown, internal };
  }
  if (error instanceof ApiError) return { $hb: 'apiError', status: error.status, body: error.body };
  return { $hb: 'error', message: error instanceof Error ? error.message : String(error) };
}

/** A loader's data with its promises settled (the account pages hand promises to `Await`). */
async function dehydrateData(data: unknown): Promise<unknown> {
  if (data instanceof Promise) {
    try {
      return { $hb: 'resolved', value: await data } satisfies Tagged;
    } catch (error) {
      return { $hb: 'rejected', error: dehydrateError(error) } satisfies Tagged;
    }
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data) || Object.getPrototypeOf(data) !== Object.prototype) return data;
  const entries = await Promise.all(Object.entries(data).map(async ([key, value]) => [key, await dehydrateData(value)] as const));
  return Object.fromEntries(entries);
}

async function mapValues(record: Record<string, unknown> | null | undefined, map: (value: unknown) => unknown): Promise<Record<string, unknown> | null> {
  if (!record) return null;
  const entries = await Promise.all(Object.entries(record).map(async ([key, value]) => [key, await map(value)] as const));
  return Object.fromEntries(entries);
}

/** The router's state as JSON can carry it (server). */
export async function dehydrateRouter(state: {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}): Promise<ServerState['router']> {
  return {
    loaderData: (await mapValues(state.loaderData, dehydrateData)) ?? {},
    actionData: await mapValues(state.actionData, dehydrateData),
    errors: await mapValues(state.errors, dehydrateError),
  };
}

/** A promise already settled, as react-router's `Await` recognises one: no suspense on hydration. */
function settled(value: unknown, error?: unknown): Promise<unknown> {
  // The error is what the loader's promise rejected with (an ApiError, a route error response).
  const promise =
    error === undefined
      ? Promise.resolve(value)
      : new Promise((_, reject: (reason: unknown) => void) => {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the loader's promise rejected with (an ErrorResponse is no Error)
          reject(error);
        });
  if (error !== undefined) void promise.catch(() => undefined);
  return Object.assign(promise, error === undefined ? { _tracked: true, _data: value } : { _tracked: true, _error: error });
}

function isTagged(value: unknown): value is Tagged {
  return typeof value === 'object' && value !== null && typeof (value as { $hb?: unknown }).$hb === 'string';
}

function reviveError(tagged: unknown): unknown {
  if (!isTagged(tagged)) return tagged;
  switch (tagged.$hb) {
    case 'routeError':
      return new ErrorResponseImpl(tagged.status, tagged.statusText, tagged.data, tagged.internal);
    case 'apiError':
      return new ApiError(tagged.status, tagged.body);
    case 'error':
      return new Error(tagged.message);
    default:
      return tagged;
  }
}

function reviveData(data: unknown): unknown {
  if (isTagged(data)) {
    if (data.$hb === 'resolved') return settled(data.value);
    if (data.$hb === 'rejected') return settled(undefined, reviveError(data.error));
    return data;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, reviveData(value)]));
}

const mapRecord = (record: Record<string, unknown> | null, map: (value: unknown) => unknown) =>
  record ? Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)])) : null;

/** The router's hydration data from the server's JSON (browser). */
export function rehydrateRouter(router: ServerState['router']): HydrationState {
  return {
    loaderData: mapRecord(router.loaderData, reviveData) ?? {},
    actionData: mapRecord(router.actionData, reviveData),
    errors: mapRecord(router.errors, reviveError),
  };
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The server's state of this page, if it was server-rendered (browser). */
export function readServerState(): ServerState | null {
  const element = document.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as ServerState;
}
