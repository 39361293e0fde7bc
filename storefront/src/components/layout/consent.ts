/**
 * Cookie consent: the visitor's choice, kept 365 days in a cookie and pushed to the tag
 * manager's data layer (`window.dataLayer`). Statistics or marketing let the tag manager load
 * (TagManager.tsx); marketing also lets third-party content in: the advice videos' players and
 * the store locator's map tiles (the specification names no category for these).
 */
import { atom } from 'jotai';

import { consentUpdate } from '../../lib/analytics';
import { CONSENT_COOKIE, readCookie, writeCookie } from '../../lib/cookies';

export interface Consent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  /** When the choice was made, ISO 8601. */
  date: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function readConsent(): Consent | null {
  const raw = readCookie(CONSENT_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Consent>;
    return { necessary: true, analytics: parsed.analytics === true, marketing: parsed.marketing === true, date: String(parsed.date ?? '') };
  } catch {
    return null;
  }
}

/** Stores the choice and tells the data layer. */
export function saveConsent(choice: { analytics: boolean; marketing: boolean }, now: Date = new Date()): Consent {
  const consent: Consent = { necessary: true, ...choice, date: now.toISOString() };
  writeCookie(CONSENT_COOKIE, JSON.stringify(consent));
  pushConsent(consent);
  return consent;
}

export function pushConsent(consent: Consent): void {
  // Consent mode's update (the default, denied, was pushed at start: main.tsx).
  consentUpdate(consent);
  window.dataLayer ??= [];
  window.dataLayer.push({
    event: 'consent_update',
    consent: {
      necessary: 'granted',
      analytics_storage: consent.analytics ? 'granted' : 'denied',
      ad_storage: consent.marketing ? 'granted' : 'denied',
    },
  });
}

/** True while the banner is open (no choice yet, or the visitor reopened the settings). */
export const consentOpenAtom = atom(false);

/** The visitor's choice once known (stored or just made): the tag manager loads only with consent. */
export const consentChoiceAtom = atom<Consent | null>(null);
