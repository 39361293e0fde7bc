import { useTranslation } from '../../i18n/useTranslation';
import styles from '../../components/shop.module.css';

/** The name of a culture's language in the page's language (`de` in Dutch: "Duits"); null when unknown. */
export function languageName(culture: string, pageCulture: string): string | null {
  try {
    return new Intl.DisplayNames([pageCulture], { type: 'language' }).of(culture.split('-')[0] ?? culture) ?? null;
  } catch {
    return null;
  }
}

/** The language a review was written in. */
export function ReviewLanguage({ culture }: { culture?: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  const language = culture ? languageName(culture, i18n.language) : null;
  if (!language) return null;
  return (
    <span className={styles.separated} data-testid="review-language">
      {t('reviews.writtenIn', { language })}
    </span>
  );
}
