/** The storefront's cookies: consent and the last localization choice, each kept 365 days. */
import { requestScope } from '../api/fetch';

export const COOKIE_DAYS = 365;
export const CONSENT_COOKIE = 'hoofbeat_consent';
export const LOCALIZATION_COOKIE = 'hoofbeat_localization';

/** The visitor's cookies: the browser's, or on the server the request's `Cookie` header. */
function cookieHeader(): string {
  return typeof document === 'undefined' ? (requestScope()?.cookie ?? '') : document.cookie;
}

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of cookieHeader().split(/;\s*/)) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, days: number = COOKIE_DAYS): void {
  const maxAge = days * 24 * 60 * 60;
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** The language the visitor chose on a site, as `<siteId>:<languageId>`: the server renders pages in it. */
export const LANGUAGE_COOKIE = 'hoofbeat_language';

/** Keeps the visitor's language of a site for the server renderer. */
export function rememberLanguage(siteId: number, languageId: number): void {
  if (readCookie(LANGUAGE_COOKIE) !== `${siteId}:${languageId}`) writeCookie(LANGUAGE_COOKIE, `${siteId}:${languageId}`);
}

/** The language id the visitor chose on this site, from the cookie (server and browser). */
export function rememberedLanguage(siteId: number): number | null {
  const [site, language] = (readCookie(LANGUAGE_COOKIE) ?? '').split(':');
  const languageId = Number(language);
  return Number(site) === siteId && Number.isInteger(languageId) ? languageId : null;
}
