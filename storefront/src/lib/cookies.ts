/** The storefront's cookies: consent and the last localization choice, each kept 365 days. */
export const COOKIE_DAYS = 365;
export const CONSENT_COOKIE = 'hoofbeat_consent';
export const LOCALIZATION_COOKIE = 'hoofbeat_localization';

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, days: number = COOKIE_DAYS): void {
  const maxAge = days * 24 * 60 * 60;
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}
