import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type RefObject } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { consentChoiceAtom, consentOpenAtom, pushConsent, readConsent, saveConsent } from './consent';
import styles from './CookieConsent.module.css';

/**
 * While the bar is shown, its height is the page's `--consent-height` (global.css): the page
 * gets that much room at its end, and a control that takes the focus scrolls clear of the bar.
 */
function useReservedHeight(bar: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--consent-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-height');
    };
  }, [bar, shown]);
}

/**
 * The cookie consent: a compact bar at the bottom of the window, not a modal, so the page stays
 * usable until the visitor chooses: accept all, only necessary, or choose in the settings. It
 * comes first in the page (after the skip link), so the keyboard reaches it at once; reopened
 * from a "cookie settings" button it takes the focus and gives it back after the choice.
 */
export function CookieConsent() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(consentOpenAtom);
  const [settings, setSettings] = useState(false);
  // The choice stored on an earlier visit, read once; without one the bar asks.
  const [stored] = useState(readConsent);
  const [decided, setDecided] = useState(stored !== null);
  const [analytics, setAnalytics] = useState(stored?.analytics ?? false);
  const [marketing, setMarketing] = useState(stored?.marketing ?? false);
  const setChoice = useSetAtom(consentChoiceAtom);
  const bar = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const shown = open || !decided;

  useEffect(() => {
    if (!stored) return;
    pushConsent(stored);
    setChoice(stored);
  }, [stored, setChoice]);

  // Reopened by the visitor: the focus moves to the bar, from the button that opened it.
  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    bar.current?.focus();
  }, [open]);

  useReservedHeight(bar, shown);

  if (!shown) return null;
  const choose = (choice: { analytics: boolean; marketing: boolean }) => {
    setChoice(saveConsent(choice));
    setDecided(true);
    setOpen(false);
    setSettings(false);
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  };
  return (
    <section ref={bar} className={styles.banner} aria-labelledby="cookie-title" tabIndex={-1} data-testid="cookie-consent">
      <div className={styles.inner}>
        {/* The title runs into the text, on one line with it: a bar of few lines on a phone. */}
        <div className={styles.text}>
          <h2 id="cookie-title" className={styles.title}>
            {t('cookies.title')}
          </h2>{' '}
          <p>
            {t('cookies.text')}{' '}
            {!settings && (
              <button type="button" className={styles.link} onClick={() => setSettings(true)}>
                {t('cookies.settings')}
              </button>
            )}
          </p>
        </div>
        {settings && (
          <fieldset className={styles.settings}>
            <label>
              <input type="checkbox" checked disabled /> {t('cookies.necessary')}
              <small>{t('cookies.necessaryText')}</small>
            </label>
            <label>
              <input type="checkbox" checked={analytics} onChange={(event) => setAnalytics(event.target.checked)} /> {t('cookies.analytics')}
              <small>{t('cookies.analyticsText')}</small>
            </label>
            <label>
              <input type="checkbox" checked={marketing} onChange={(event) => setMarketing(event.target.checked)} /> {t('cookies.marketing')}
              <small>{t('cookies.marketingText')}</small>
            </label>
          </fieldset>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => choose({ analytics: true, marketing: true })}>
            {t('cookies.accept')}
          </button>
          <button type="button" onClick={() => choose({ analytics: false, marketing: false })}>
            {t('cookies.reject')}
          </button>
          {settings && (
            <button type="button" className={styles.save} onClick={() => choose({ analytics, marketing })}>
              {t('cookies.save')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
