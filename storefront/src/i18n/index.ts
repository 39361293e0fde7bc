/**
 * i18next set-up. Catalogs live in `locales/<culture>.json`, Dutch (`nl`) is the source.
 * Only the active culture and the cultures of its fallback chain are downloaded (one chunk per
 * catalog). Chains, brand overrides and the rules for keys: README.md in this folder.
 */
import i18next, { type i18n as I18n, type ParseKeys, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { CULTURES, DEFAULT_CULTURE, type Culture } from './cultures';

export { COMPLETE_CULTURES, CULTURES, DEFAULT_CULTURE, type Culture } from './cultures';

type Catalog = Record<string, unknown>;

// Each catalog is its own chunk: a visitor downloads only their culture and its fallbacks.
const catalogLoaders = import.meta.glob<Catalog>('./locales/*.json', { import: 'default' });
const overrideLoaders = import.meta.glob<Catalog>('./overrides/weidegroen/*.json', { import: 'default' });

/**
 * Regional catalogs: where their missing keys come from. Each first borrows from its parent
 * culture, the engine's text fallback rule (`Culture::parent`, fixtures/README.md): `de-AT` from
 * `de`, `nl-BE` from `nl`, `fr-BE` from `fr-FR`; the parents are complete, `nl` closes the chain.
 */
export const FALLBACK_CHAINS: Partial<Record<Culture, Culture[]>> = {
  'de-AT': ['de', 'nl'],
  'nl-BE': ['nl'],
  'fr-BE': ['fr-FR', 'nl'],
};

const isCulture = (code: string | null | undefined): code is Culture => !!code && (CULTURES as readonly string[]).includes(code);

/**
 * The culture followed by every culture its missing keys come from: the explicit chain of a
 * regional culture, else the site's fallback language, then `en`, then `nl`; no duplicates.
 */
export function cultureChain(culture: Culture, siteFallback?: Culture | null): Culture[] {
  const fallbacks = FALLBACK_CHAINS[culture] ?? [siteFallback, 'en', DEFAULT_CULTURE];
  const chain: Culture[] = [culture];
  for (const code of fallbacks) if (isCulture(code) && !chain.includes(code)) chain.push(code);
  return chain;
}

/** The brand whose wording overrides apply: the second brand (site type 1) is Weidegroen. */
export type Brand = 'hoefslag' | 'weidegroen' | 'corporate';

/** The brand of a site by its type (0 the first brand, 1 the second, 2 the corporate site). */
export const brandOfSiteType = (type: number): Brand => (type === 1 ? 'weidegroen' : type === 2 ? 'corporate' : 'hoefslag');

export interface I18nOptions {
  culture?: Culture;
  /** The site's fallback language, placed before `en` in the chain. */
  siteFallback?: Culture | null;
  brand?: Brand;
}

async function loadCatalog(culture: Culture, brand: Brand): Promise<Catalog | undefined> {
  const load = catalogLoaders[`./locales/${culture}.json`];
  if (!load) return undefined;
  const catalog = await load();
  if (brand !== 'weidegroen') return catalog;
  // The brand's wording wins, also over regional wording (nl over nl-BE, de over de-AT).
  const language = culture.split('-')[0] ?? culture;
  const override = await overrideLoaders[`./overrides/weidegroen/${language}.json`]?.();
  return override ? deepMerge(catalog, override) : catalog;
}

function deepMerge(base: Catalog, over: Catalog): Catalog {
  const result: Catalog = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] =
      typeof value === 'object' && value !== null && typeof current === 'object' && current !== null ? deepMerge(current as Catalog, value as Catalog) : value;
  }
  return result;
}

/** The catalogs of a culture's chain, as i18next resources: what a server-rendered page inlines. */
export type I18nResources = Record<string, { translation: Catalog }>;

function settle(options: I18nOptions | Culture): Required<I18nOptions> {
  const { culture = DEFAULT_CULTURE, siteFallback = null, brand = 'hoefslag' } = typeof options === 'string' ? { culture: options } : options;
  return { culture, siteFallback, brand };
}

/** A plural form (`key_one`, `key_other`, ordinal `key_ordinal_two`): each language asks for its own. */
const PLURAL_FORM = /_(ordinal_)?(zero|one|two|few|many|other)$/;

/** The texts of `fallback` that a lookup can still reach when every catalog in `earlier` has been asked first. */
function reachable(fallback: Catalog, earlier: readonly Catalog[]): Catalog {
  const kept: Catalog = {};
  for (const [key, value] of Object.entries(fallback)) {
    const before = earlier.map((catalog) => catalog[key]);
    if (typeof value === 'object' && value !== null) {
      const inner = reachable(
        value as Catalog,
        before.filter((found): found is Catalog => typeof found === 'object' && found !== null),
      );
      if (Object.keys(inner).length > 0) kept[key] = inner;
    } else if (PLURAL_FORM.test(key) || !before.some((found) => typeof found === 'string')) {
      // A plural form is kept even when an earlier catalog has it: a language with other plural
      // categories (Polish `few`, `many`) asks its fallback for `other` when it lacks its own form.
      kept[key] = value;
    }
  }
  return kept;
}

/**
 * The catalogs a server-rendered page carries: the culture's own whole, and of each fallback only
 * what the cultures before it in the chain lack. i18next asks the culture first and a fallback
 * only for a key the cultures before it do not have, so it finds the same text for every key,
 * from a page that is tens of kilobytes smaller.
 */
export function resourcesForPage(resources: I18nResources, options: I18nOptions | Culture): I18nResources {
  const { culture, siteFallback } = settle(options);
  const page: I18nResources = {};
  const earlier: Catalog[] = [];
  for (const code of cultureChain(culture, siteFallback)) {
    const catalog = resources[code]?.translation;
    if (!catalog) continue;
    page[code] = { translation: earlier.length === 0 ? catalog : reachable(catalog, earlier) };
    earlier.push(catalog);
  }
  return page;
}

/** Loads the catalogs of a culture's chain (with the brand's wording). */
export async function loadResources(options: I18nOptions | Culture = {}): Promise<I18nResources> {
  const { culture, siteFallback, brand } = settle(options);
  const resources: I18nResources = {};
  await Promise.all(
    cultureChain(culture, siteFallback).map(async (code) => {
      const catalog = await loadCatalog(code, brand);
      if (catalog) resources[code] = { translation: catalog };
    }),
  );
  return resources;
}

function settingsFor(culture: Culture, siteFallback: Culture | null, resources: I18nResources) {
  const chain = cultureChain(culture, siteFallback);
  return {
    resources,
    lng: culture,
    fallbackLng: { [culture]: chain.slice(1), default: [DEFAULT_CULTURE] },
    load: 'currentOnly' as const,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  };
}

/**
 * A new i18next instance of its own, started at once on the given catalogs: one per
 * server-rendered request (entry-server.tsx hands it to `I18nextProvider`), so requests in
 * different cultures never share one.
 */
export function createI18n(options: I18nOptions, resources: I18nResources): I18n {
  const { culture, siteFallback } = settle(options);
  const instance = i18next.createInstance({ ...settingsFor(culture, siteFallback, resources), initAsync: false });
  void instance.init();
  return instance;
}

/**
 * Starts (or restarts) i18next in one culture, loading only its chain; with `resources` (the
 * catalogs a server-rendered page inlined) nothing is loaded.
 */
export async function initI18n(options: I18nOptions | Culture = {}, inlined?: I18nResources): Promise<I18n> {
  const { culture, siteFallback } = settle(options);
  const resources = inlined ?? (await loadResources(options));
  const settings = settingsFor(culture, siteFallback, resources);
  if (i18next.isInitialized) {
    // A new site, culture or brand (tests, or a language switch): replace every bundle.
    for (const code of Object.keys(i18next.store.data)) {
      i18next.removeResourceBundle(code, 'translation');
      delete i18next.store.data[code];
    }
    for (const [code, bundle] of Object.entries(resources)) {
      i18next.addResourceBundle(code, 'translation', bundle.translation, true, true);
    }
    i18next.options.fallbackLng = settings.fallbackLng;
    // The language utilities keep their own copy of the fallback chain (untyped in i18next).
    (i18next.services.languageUtils as { options: { fallbackLng: unknown } }).options.fallbackLng = settings.fallbackLng;
    await i18next.changeLanguage(culture);
    document.documentElement.lang = culture;
    return i18next;
  }
  await i18next.use(initReactI18next).init(settings);
  document.documentElement.lang = culture;
  return i18next;
}

/**
 * A key that arrives at run time (from the server or the engine), as the typed `t` takes it.
 * Unchecked by the compiler, so every call gives a fallback for a key no catalog holds; the
 * catalog tests check that every key the server and the engine can send is translated.
 */
type RunTimeKey = ParseKeys;

/** Translates an engine message (`{ key, params }`), e.g. a validation failure. */
export function translateMessage(message: { key: string; params?: { count?: number; amount?: number } }): string {
  return i18next.t(message.key, { defaultValue: message.key, ...message.params });
}

/**
 * The text of a key that arrives at run time (a status, a reason, an error code from the server
 * or the engine): `fallback` when the catalogs lack it.
 */
export function textOfKey(t: TFunction, key: string, fallback = ''): string {
  if (key === '') return fallback;
  return t(key as RunTimeKey, { defaultValue: fallback });
}
