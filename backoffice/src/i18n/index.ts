/**
 * i18next for the back office: three catalogs (Dutch, the source; English; German), all bundled
 * (about 10 KB each): a staff member switches language without waiting. The signed-in staff
 * member's language picks the catalog (their own choice in this browser first); before sign-in,
 * the language last used in this browser, else the browser's preferred one, else Dutch.
 */
import i18next, { type i18n as I18n, type ParseKeys } from 'i18next';
import { initReactI18next, useTranslation as useReactI18nextTranslation } from 'react-i18next';

import type { StaffLanguage } from '../api/contract';
import de from './de.json';
import en from './en.json';
import nl from './nl.json';

export const LANGUAGES: readonly StaffLanguage[] = ['nl', 'en', 'de'];
export const DEFAULT_LANGUAGE: StaffLanguage = 'nl';
export const CATALOGS: Record<StaffLanguage, typeof nl> = { nl, en, de };

/** A key of the catalogs, as the typed `t` takes it. */
export type TranslationKey = ParseKeys;

/** The hook every component uses: react-i18next's, typed by the source catalog. */
export const useTranslation = () => useReactI18nextTranslation();

/** The language last used in this browser (shown before sign-in). */
const LAST_USED_KEY = 'hoofbeat.backoffice.language';
/** A staff member's own choice in this browser (a shared warehouse device has several). */
const chosenKey = (staffId: string) => `${LAST_USED_KEY}.${staffId}`;

export function isLanguage(value: unknown): value is StaffLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function read(key: string): StaffLanguage | null {
  try {
    const value = localStorage.getItem(key);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, language: StaffLanguage): void {
  try {
    localStorage.setItem(key, language);
  } catch {
    // A browser without storage still shows the language now.
  }
}

/** The language to start in before anyone has signed in: the last used, the browser's, or Dutch. */
export function initialLanguage(preferred: readonly string[] = navigator.languages): StaffLanguage {
  const match = preferred.map((tag) => tag.split('-')[0]).find(isLanguage);
  return read(LAST_USED_KEY) ?? match ?? DEFAULT_LANGUAGE;
}

/** A signed-in staff member's language: their choice in this browser, else their account's. */
export function languageOf(staff: { staffId: string; language: StaffLanguage }): StaffLanguage {
  return read(chosenKey(staff.staffId)) ?? staff.language;
}

/** Starts i18next with every catalog, in one language. */
export async function initI18n(language: StaffLanguage): Promise<I18n> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: Object.fromEntries(LANGUAGES.map((code) => [code, { translation: CATALOGS[code] }])),
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
  } else if (i18next.language !== language) {
    await i18next.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18next;
}

/** Switches the app's language and keeps it for this browser (for `staffId`, their own choice). */
export async function changeLanguage(language: StaffLanguage, staffId?: string): Promise<void> {
  write(LAST_USED_KEY, language);
  if (staffId) write(chosenKey(staffId), language);
  await initI18n(language);
}

/** The current language of the app. */
export function currentLanguage(): StaffLanguage {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/**
 * A message key that arrives at run time (the API's error `code`, a field error's `key`), with
 * a fallback text for a key no catalog holds.
 */
export function translateKey(key: string, fallback: string): string {
  return i18next.t(key, { defaultValue: fallback });
}
