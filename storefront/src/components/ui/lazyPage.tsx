/**
 * Pages that are chunks of their own, ready for server rendering and hydration.
 *
 * A page whose chunk is already loaded renders at once, without a suspense boundary: the
 * server loads every page chunk at start (`preloadAllPages`) and notes in the request's scope
 * which pages it rendered; the browser loads exactly those before hydrating (`preloadPages`).
 * So a server-rendered page has no boundary that React would hydrate later, after the shell's
 * effects have changed the shared state (which would not match the server's HTML). A page
 * whose chunk is not loaded yet (a later navigation, or the client-rendered app) suspends with
 * the loading indicator, as `React.lazy` under `Suspense` does, shown after the pending delay
 * of the asynchronous views (a chunk that loads fast shows no indicator). A chunk that fails to
 * load throws to the route's error element, which marks the progress bar failed.
 */
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';

import { requestScope } from '../../api/fetch';
import { Pending } from './AsyncView';
import { Loading } from './Loading';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component; its props are kept by `C`
type AnyComponent = ComponentType<any>;
type Module<C> = { default: C };

const preloaders = new Map<string, () => Promise<unknown>>();

/** A lazily loaded page under a stable id. */
export function lazyPage<C extends AnyComponent>(id: string, load: () => Promise<Module<C>>): C {
  let loaded: Module<C> | undefined;
  const loadOnce = () => load().then((module) => (loaded = module));
  preloaders.set(id, loadOnce);
  const Lazy = lazy<C>(loadOnce);
  function LazyPage(props: ComponentProps<C>) {
    // Decided once per mount: a page never switches between the two (that would remount it).
    const [ready] = useState(() => loaded);
    requestScope()?.lazyPages.add(id);
    if (ready) {
      const Page = ready.default as ComponentType<ComponentProps<C>>;
      return <Page {...props} />;
    }
    return (
      <Suspense
        fallback={
          <Pending>
            <Loading />
          </Pending>
        }
      >
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyPage as unknown as C;
}

/** Loads the chunks of the pages a server-rendered page used (main.tsx, before hydrating). */
export async function preloadPages(ids: readonly string[]): Promise<void> {
  await Promise.all(ids.flatMap((id) => preloaders.get(id)?.() ?? []));
}

/** Loads every page chunk (the server renderer, at start). */
export async function preloadAllPages(): Promise<void> {
  await preloadPages([...preloaders.keys()]);
}
