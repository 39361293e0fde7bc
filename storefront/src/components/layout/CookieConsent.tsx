import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { consentChoiceAtom, consentOpenAtom, pushConsent, readConsent, saveConsent } from './consent';
import styles from './CookieConsent.module.css';

/** The cookie consent banner: accept all, only necessary, or choose in the settings. */
export function CookieConsent() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(consentOpenAtom);
  const [settings, setSettings] = useState(false);
  // The choice stored on an earlier visit, read once; without one the banner asks.
  const [stored] = useState(readConsent);
  const [decided, setDecided] = useState(stored !== null);
  const [analytics, setAnalytics] = useState(stored?.analytics ?? false);
  const [marketing, setMarketing] = useState(stored?.marketing ?? false);
  const setChoice = useSetAtom(consentChoiceAtom);

  useEffect(() => {
    if (!stored) return;
    pushConsent(stored);
    setChoice(stored);
  }, [stored, setChoice]);

  if (!open && decided) return null;
  const choose = (choice: { analytics: boolean; marketing: boolean }) => {
    setChoice(saveConsent(choice));
    setDecided(true);
    setOpen(false);
    setSettings(false);
  };
  return (
    <section className={styles.banner} role="dialog" aria-modal="false" aria-labelledby="cookie-title" data-testid="cookie-consent">
      <h2 id="cookie-title" className={styles.title}>
        {t('cookies.title')}
      </h2>
      <p>{t('cookies.text')}</p>
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
        {settings ? (
          <button type="button" onClick={() => choose({ analytics, marketing })}>
            {t('cookies.save')}
          </button>
        ) : (
          <button type="button" onClick={() => setSettings(true)}>
            {t('cookies.settings')}
          </button>
        )}
      </div>
    </section>
  );
}
