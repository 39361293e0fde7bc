/**
 * Start-up: the site comes from the host name, the
 * language from what the visitor chose before (if the site has it) or the engine's rule, and
 * a mailing's `mailplus_id` is handed on once.
 */
import type { createStore } from 'jotai';

import { setApiContext } from '../api/client';
import { sendConversion } from '../api/conversion';
import { fetchSiteByDomain, SiteError, type Language, type Site, type SiteProblem } from '../api/sites';
import { resolveCulture } from '../engine';
import { CULTURES, DEFAULT_CULTURE, type Culture } from '../i18n/cultures';
import { rememberLanguage } from '../lib/cookies';
import { cartIdAtom, cultureAtom, hydratePersisted, languageIdAtom, siteAtom, siteIdAtom } from '../state';

type Store = ReturnType<typeof createStore>;

export type StartResult = { kind: 'ready'; site: Site; language: Language } | { kind: 'failed'; problem: SiteProblem | 'unavailable' };

/** The site's language to show: the stored one if the site has it, else the engine's rule. */
export function chooseLanguage(site: Site, storedLanguageId: number | null): Language {
  const stored = site.languages.find((language) => language.languageId === storedLanguageId);
  const fallback = site.languages.find((language) => language.languageId === site.fallbackLanguageId);
  const { culture } = resolveCulture({
    requested: stored?.culture ?? null,
    siteCultures: site.languages.map((language) => language.culture),
    siteFallback: fallback?.culture ?? null,
  });
  const chosen = site.languages.find((language) => language.culture === culture) ?? fallback ?? site.languages[0];
  if (!chosen) throw new SiteError('noLanguage', `site ${site.siteId} has no language`);
  return chosen;
}

/** The culture of the site's fallback language, if it has one. */
export function siteFallbackCulture(site: Site): Culture | null {
  return site.languages.find((language) => language.languageId === site.fallbackLanguageId)?.culture ?? null;
}

/** The site of a host name and the language to show (the stored choice, if the site has it). */
export async function resolveSite(hostname: string, storedLanguageId: number | null): Promise<StartResult> {
  try {
    const site = await fetchSiteByDomain(hostname);
    return { kind: 'ready', site, language: chooseLanguage(site, storedLanguageId) };
  } catch (error) {
    if (error instanceof SiteError) return { kind: 'failed', problem: error.problem };
    console.error(error);
    return { kind: 'failed', problem: 'unavailable' };
  }
}

/**
 * Puts a started site and its language in the store and the API context. In the browser the
 * language is also kept in a cookie, so the server renders the next page in it.
 */
export function enterSite(store: Store, site: Site, language: Language): void {
  // A cart belongs to one site: a visitor arriving on another site starts a new one.
  if (store.get(siteIdAtom) !== site.siteId) store.set(cartIdAtom, null);
  store.set(siteIdAtom, site.siteId);
  store.set(languageIdAtom, language.languageId);
  store.set(siteAtom, site);
  store.set(cultureAtom, language.culture);
  setApiContext({ siteId: site.siteId, languageId: language.languageId });
  if (typeof document !== 'undefined') rememberLanguage(site.siteId, language.languageId);
}

/** Loads the site for a host name and puts it, the language and the persisted ids in the store. */
export async function startSite(hostname: string, store: Store): Promise<StartResult> {
  hydratePersisted(store);
  const started = await resolveSite(hostname, store.get(languageIdAtom));
  if (started.kind === 'ready') enterSite(store, started.site, started.language);
  return started;
}

/** The culture for pages shown before a site is known (start-up errors): the browser's, else nl. */
export function browserCulture(languages: readonly string[]): Culture {
  const known = CULTURES as readonly string[];
  for (const code of languages) {
    if (known.includes(code)) return code as Culture;
    const base = code.split('-')[0] ?? '';
    const match = CULTURES.find((culture) => culture === base || culture.startsWith(`${base}-`));
    if (match) return match;
  }
  return DEFAULT_CULTURE;
}

/**
 * Reads `mailplus_id` once and hands it to the mailing service with the visitor's cart, which
 * keeps it for its order; failures are only logged.
 */
export function forwardMailplusId(search: string, cartId: string | number | null = null): Promise<void> | null {
  const mailplusId = new URLSearchParams(search).get('mailplus_id');
  if (!mailplusId) return null;
  return sendConversion(mailplusId, cartId === null ? null : String(cartId)).catch((error: unknown) => console.warn('mailplus conversion failed', error));
}
