import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { cultureAtom } from '../../state';
import { findSuggestion, rememberLocalizationChoice, suggestionAtom } from './localization';
import styles from './LocalizationBanner.module.css';

function countryName(countryCode: string, culture: string): string {
  try {
    return new Intl.DisplayNames([culture], { type: 'region' }).of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}

/** A dismissible banner suggesting the site for the visitor's country. */
export function LocalizationBanner() {
  const { t } = useTranslation();
  const culture = useAtomValue(cultureAtom);
  const [suggestion, setSuggestion] = useAtom(suggestionAtom);
  useEffect(() => {
    let current = true;
    findSuggestion(new URL(window.location.href), navigator.languages ?? [navigator.language])
      .then((found) => current && setSuggestion(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [setSuggestion]);
  if (!suggestion) return null;
  const country = countryName(suggestion.countryCode, culture);
  return (
    <aside className={styles.banner} aria-label={t('localization.country')} data-testid="localization-banner">
      <p>{t('localization.suggestion', { country })}</p>
      <div className={styles.actions}>
        <a href={suggestion.href} onClick={() => rememberLocalizationChoice()}>
          {t('localization.goToSite', { country })}
        </a>
        <button
          type="button"
          onClick={() => {
            rememberLocalizationChoice();
            setSuggestion(null);
          }}
        >
          {t('localization.stay')}
        </button>
      </div>
    </aside>
  );
}
