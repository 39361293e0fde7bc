/**
 * Whether the page is past hydration. What only the browser knows (localStorage, the network
 * state) must not change the first render in the browser, or it differs from the server's HTML
 * and React discards it (error #418): such a value is read once this is true.
 */
import { useSyncExternalStore } from 'react';

const nothingChanges = () => () => undefined;
const afterHydration = () => true;
const onTheServerAndWhileHydrating = () => false;

/** False on the server and in the browser's hydrating render; true from the render right after, and in every render that is not hydrating. */
export function useHydrated(): boolean {
  return useSyncExternalStore(nothingChanges, afterHydration, onTheServerAndWhileHydrating);
}
