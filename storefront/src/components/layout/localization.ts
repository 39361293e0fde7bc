/**
 * The suggestion for visitors from another country: unless
 * the visitor already chose (the localization cookie, 365 days), the server is asked whether a
 * site fits the visitor's country better (`POST /api/Sites?url=&countryCode=`).
 *
 * The visitor's country is the region of the browser's preferred languages (`de-AT` -> `AT`);
 * without a region nothing is asked.
 */
import { atom } from 'jotai';

import { checkLocalization } from '../../api/sites';
import { LOCALIZATION_COOKIE, readCookie, writeCookie } from '../../lib/cookies';

export interface Suggestion {
  /** Where to go, with the current URL's query parameters the other site understands. */
  href: string;
  countryCode: string;
}

export const suggestionAtom = atom<Suggestion | null>(null);

export function visitorCountry(languages: readonly string[]): string | null {
  for (const language of languages) {
    const region = /^[a-z]{2,3}-([A-Za-z]{2})\b/.exec(language)?.[1];
    if (region) return region.toUpperCase();
  }
  return null;
}

/** The redirect URL plus those of the current query parameters the other site accepts. */
export function suggestionHref(redirectUrl: string, current: URL, accepted: readonly string[]): string {
  const target = new URL(redirectUrl, current);
  for (const name of accepted) {
    const value = current.searchParams.get(name);
    if (value !== null && !target.searchParams.has(name)) target.searchParams.set(name, value);
  }
  return target.href;
}

export async function findSuggestion(location: URL, languages: readonly string[]): Promise<Suggestion | null> {
  if (readCookie(LOCALIZATION_COOKIE)) return null;
  const countryCode = visitorCountry(languages);
  if (!countryCode) return null;
  const answer = await checkLocalization(location.href, countryCode);
  if (!answer.redirectUrl) return null;
  const href = suggestionHref(answer.redirectUrl, location, answer.availableQueryParameters);
  if (new URL(href).host === location.host) return null;
  return { href, countryCode };
}

/** Remembers that the visitor chose (either way), with the date of the choice. */
export function rememberLocalizationChoice(now: Date = new Date()): void {
  writeCookie(LOCALIZATION_COOKIE, now.toISOString());
}
