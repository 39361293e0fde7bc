import { useTranslation } from '../../i18n/useTranslation';
import styles from './Loading.module.css';

/** A loading indicator: `fullPage` covers the screen, otherwise it fills its container. */
export function Loading({ fullPage = false, label }: { fullPage?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={fullPage ? styles.fullPage : styles.inline} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label ?? t('loading.default')}</span>
    </div>
  );
}
