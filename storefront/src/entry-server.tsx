/**
 * The server renderer (Vite's SSR build; storefront/server starts it). Per request:
 * the site by `Host`, its language (the visitor's cookie, else the engine's rule), culture,
 * theme and brand wording; a jotai store, an i18next instance, an API scope (loopback address,
 * the visitor's `Host` and cookies, its own client cache) of its own; the routes' loaders run
 * through react-router's static handler, and the page is rendered with React's streaming
 * renderer. The loaders' data and the catalogs go into the page, so the browser hydrates
 * without repeating a request (main.tsx).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';

import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';

import { setRequestScopeProvider, type RequestScope } from './api/fetch';
import { isShop, type Site } from './api/sites';
import { enterSite, resolveSite, siteFallbackCulture } from './app/bootstrap';
import { dehydrateRouter, scriptJson, STATE_ELEMENT_ID, type ServerState } from './app/hydration';
import { buildRoutes, type RouteOptions } from './app/routes';
import { preloadAllPages } from './components/ui/lazyPage';
import { askedCulture, comparePath, currencyFor, loadEngineFromBytes, recordAnswers } from './engine';
import { headTags, pageHead } from './features/seo';
import { fontPreloads } from './theme/preload';
import { brandOfSiteType, createI18n, type Brand, loadResources, resourcesForPage, type Culture, type I18nResources } from './i18n';
import { rememberedLanguage } from './lib/cookies';
import { pageCacheControl } from './lib/pageCaching';

/** A request as the renderer's HTTP server received it. */
export interface PageRequest {
  method: string;
  /** Path and query, e.g. `/muesli/?p=2`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The renderer's answer: status, headers (`Set-Cookie` may repeat) and the HTML. */
export interface PageAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

export interface RendererOptions {
  /** The built `index.html` (storefront/dist): the page's frame, with the client's scripts and styles. */
  template: string;
  /** The engine's `.wasm` bytes. */
  wasm: BufferSource;
  /** host-server's address on loopback, e.g. `http://127.0.0.1:8080`. */
  apiUrl: string;
  /** Sends a request with the `Host` header as given (Node's `fetch` replaces it). */
  fetch: RequestScope['fetch'];
  /** How long a page's render may take before it is given up (ms). */
  renderTimeoutMs?: number;
  /** The names of the client build's `assets/` files (the theme's fonts are preloaded from them). */
  assetFiles?: readonly string[];
}

/**
 * An answer with this header tells host-server to serve the client-rendered index.html instead
 * (the site could not be started, or rendering failed): the browser app then shows what it
 * shows today.
 */
export const FALLBACK_HEADER = 'x-render-fallback';

const scopes = new AsyncLocalStorage<RequestScope>();
/** The engine's answers of the running request, which its page carries for hydration (engine/index.ts). */
const engineAnswers = new AsyncLocalStorage<Map<string, unknown>>();

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The visitor's address and the renderer key, when host-server forwarded the page (api/fetch.ts). */
function visitorOf(request: PageRequest): RequestScope['visitor'] {
  const forwardedFor = header(request, 'x-forwarded-for');
  const rendererKey = header(request, 'x-renderer-key');
  return forwardedFor && rendererKey ? { forwardedFor, rendererKey } : null;
}

function header(request: PageRequest, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The site's language that the address asks for (`?lang=<culture>`, the engine's rule), if any. */
function askedLanguage(site: Site, url: string): number | null {
  const siteCultures = site.languages.map((language) => language.culture);
  const { culture } = askedCulture({ url, siteCultures });
  return site.languages.find((language) => language.culture === culture)?.languageId ?? null;
}

/** The deepest route that matched, with its loader's data. */
function deepestMatch(context: StaticHandlerContext): { routeId: string | null; data: unknown } {
  const match = context.matches.at(-1);
  const routeId = match?.route.id ?? null;
  return { routeId, data: routeId ? context.loaderData[routeId] : undefined };
}

/** Renders a React tree to HTML once everything (lazy pages, `Await`) is ready. */
function renderHtml(element: ReactNode, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Everything is written at once after all is ready: no inline scripts for late
      // suspense boundaries (the shop's content security policy allows none).
      // A completed boundary is written in place however much was written before it: by
      // default React moves a boundary of more than 500 bytes past the first 12,800 bytes
      // out of line, to be put in place by an inline script (a large product list pushed the
      // deferred footer there, and hydration failed with React error 419).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.pipe(sink);
      },
      onShellError(error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        failed ??= error;
        console.error('render error', error);
      },
    });
    setTimeout(() => stream.abort(new Error(`render took longer than ${timeoutMs} ms`)), timeoutMs).unref();
  });
}

/** Fills the built index.html: language, theme, title and head tags, the rendered page and the state. */
function fillTemplate(template: string, parts: { lang: string; theme: string; title: string; head: string; html: string; state: ServerState }): string {
  return template
    .replace(/<html[^>]*>/, `<html lang="${escapeHtml(parts.lang)}" data-theme="${escapeHtml(parts.theme)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>${parts.head}`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${parts.html}</div><script type="application/json" id="${STATE_ELEMENT_ID}">${scriptJson(parts.state)}</script>`,
    );
}

/** What every page in one culture, fallback and brand shares, made once per process. */
interface CultureKit {
  /** Never changes language: every request in this culture uses it, none switches it. */
  i18n: ReturnType<typeof createI18n>;
  /** The catalogs a page carries to the browser. */
  pageResources: I18nResources;
}

const cultureKits = new Map<string, Promise<CultureKit>>();

function cultureKit(options: { culture: Culture; siteFallback: Culture | null; brand: Brand }): Promise<CultureKit> {
  const key = `${options.culture} ${options.siteFallback ?? '-'} ${options.brand}`;
  let kit = cultureKits.get(key);
  if (!kit) {
    kit = loadResources(options).then((resources) => ({ i18n: createI18n(options, resources), pageResources: resourcesForPage(resources, options) }));
    // A failed load is tried again by the next request.
    kit.catch(() => cultureKits.delete(key));
    cultureKits.set(key, kit);
  }
  return kit;
}

/**
 * The route handlers, one per path of the comparison page (it differs per culture) and kind of
 * site (a shop, or the corporate site without the shop's pages), made once per process.
 */
const handlers = new Map<string, ReturnType<typeof createStaticHandler>>();

function handlerFor(options: RouteOptions): ReturnType<typeof createStaticHandler> {
  const key = `${options.comparePath} ${options.shop === false ? 'corporate' : 'shop'}`;
  let handler = handlers.get(key);
  if (!handler) {
    handler = createStaticHandler(buildRoutes(options));
    handlers.set(key, handler);
  }
  return handler;
}

/** Starts the renderer: the engine is instantiated once, from its bytes, and every page chunk is loaded. */
export async function createRenderer(options: RendererOptions) {
  loadEngineFromBytes(options.wasm);
  await preloadAllPages();
  setRequestScopeProvider(() => scopes.getStore());
  recordAnswers(() => engineAnswers.getStore());
  const renderTimeoutMs = options.renderTimeoutMs ?? 8_000;

  return async function render(request: PageRequest): Promise<PageAnswer> {
    const host = header(request, 'host') || '127.0.0.1';
    const scope: RequestScope = {
      apiUrl: options.apiUrl,
      host,
      cookie: header(request, 'cookie'),
      visitor: visitorOf(request),
      context: {},
      cache: { entries: new Map(), inFlight: new Map() },
      routeFailures: new Map(),
      setCookies: [],
      lazyPages: new Set(),
      fetch: options.fetch,
    };
    const answers = new Map<string, unknown>();
    return scopes.run(scope, () =>
      engineAnswers.run(answers, async () => {
        const hostname = host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
        const first = await resolveSite(hostname, null);
        // A language the address asks for (`?lang=`, search engines' links to a page in another
        // of the site's languages), else the visitor's earlier choice on this site (a cookie).
        const chosen = first.kind === 'ready' ? (askedLanguage(first.site, request.url) ?? rememberedLanguage(first.site.siteId)) : null;
        const started = chosen !== null && first.kind === 'ready' && chosen !== first.language.languageId ? await resolveSite(hostname, chosen) : first;
        if (started.kind === 'failed') {
          // The client-rendered app shows the start-up error in the visitor's language.
          return { status: 503, headers: [[FALLBACK_HEADER, 'client']], body: '' };
        }
        const { site, language } = started;
        const store = createStore();
        enterSite(store, site, language);
        const culture = language.culture;
        const i18nOptions = { culture, siteFallback: siteFallbackCulture(site), brand: brandOfSiteType(site.type) };
        const { i18n, pageResources } = await cultureKit(i18nOptions);
        // Asked on every request: the page records the engine's answers it was rendered with.
        const compare = comparePath({ culture }).path;
        const handler = handlerFor({ comparePath: compare, shop: isShop(site) });
        const fetchRequest = new Request(new URL(request.url, `http://${host}`), {
          method: request.method === 'HEAD' ? 'GET' : request.method,
          headers: { cookie: scope.cookie, 'accept-language': header(request, 'accept-language') },
        });
        const context = await handler.query(fetchRequest);
        const setCookies = (): [string, string][] => scope.setCookies.map((cookie) => ['set-cookie', cookie]);
        if (context instanceof Response) {
          // A loader's redirect: a real redirect.
          const location = context.headers.get('Location') ?? '/';
          return { status: context.status, headers: [['location', location], ...setCookies()], body: '' };
        }
        const router = createStaticRouter(handler.dataRoutes, context);
        const html = await renderHtml(
          <JotaiProvider store={store}>
            <I18nextProvider i18n={i18n}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </I18nextProvider>
          </JotaiProvider>,
          renderTimeoutMs,
        );
        const state: ServerState = {
          site,
          language,
          culture,
          siteFallback: i18nOptions.siteFallback,
          brand: i18nOptions.brand,
          comparePath: compare,
          resources: pageResources,
          lazyPages: [...scope.lazyPages],
          engineAnswers: Object.fromEntries(answers),
          router: await dehydrateRouter(context),
        };
        const head = pageHead({
          site,
          currency: currencyFor(site.currency).currency,
          culture,
          t: (key) => i18n.t(key),
          status: context.statusCode,
          ...deepestMatch(context),
        });
        const body = fillTemplate(options.template, {
          lang: culture,
          theme: site.theme,
          title: head.title,
          head: headTags(head, site.brandName) + fontPreloads(site.theme, options.assetFiles ?? []),
          html,
          state,
        });
        return {
          status: context.statusCode,
          headers: [
            ['content-type', 'text/html; charset=utf-8'],
            [
              'cache-control',
              pageCacheControl({
                routeId: deepestMatch(context).routeId,
                indexable: head.indexable,
                cookie: scope.cookie,
                setsCookies: scope.setCookies.length > 0,
              }),
            ],
            ['vary', 'Cookie, Accept-Language'],
            ...setCookies(),
          ],
          body,
        };
      }),
    );
  };
}
