/** Times, days, cultures and site lists as the staff member's language writes them (amounts come written by the server's engine). */
import type { StaffLanguage } from '../api/contract';

// British English writes day, month, year, as the shop's other languages do.
const LOCALES: Record<StaffLanguage, string> = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE' };

/** A time of the API (milliseconds since the epoch) as a date and time, in the browser's time zone. */
export function formatDateTime(at: number, language: StaffLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}

/** A day of the API (`2026-03-01`, ISO 8601) as the staff member's language writes a date. */
export function formatDay(day: string, language: StaffLanguage): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  // The day as it is, wherever the browser is: no time zone moves it to the day before.
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** One of the shop's cultures (`de-AT`) named in the staff member's language: `German (Austria)`. */
export function cultureName(culture: string, language: StaffLanguage): string {
  try {
    return new Intl.DisplayNames([LOCALES[language]], { type: 'language', languageDisplay: 'standard' }).of(culture) ?? culture;
  } catch {
    return culture;
  }
}

/** The sites of a staff member or key as text: `1, 3`; an empty list means every site. */
export function formatSites(sites: readonly number[], everySite: string): string {
  return sites.length === 0 ? everySite : sites.join(', ');
}

/** `1, 3` typed in a field: the site numbers, or null when the text is not such a list. */
export function parseSites(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (!parts.every((part) => /^\d{1,9}$/.test(part))) return null;
  return [...new Set(parts.map(Number))];
}

/** An amount as typed, with a decimal comma (`12,50`) or point, in the contract's form (`12.50`). */
export function typedAmount(text: string): string {
  return text.trim().replace(',', '.');
}
