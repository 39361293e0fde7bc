import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import styles from './ErrorBox.module.css';

/**
 * 'Oeps, hier ging iets mis!': a retry link that reloads the page
 * (or, with `onRetry`, asks again without a reload) and a link to the base path.
 */
export function ErrorBox({ children, onRetry }: { children?: ReactNode; onRetry?: () => void }) {
  const { t } = useTranslation();
  // The page itself (the same on the server and in the browser, so hydration matches).
  const { pathname, search } = useLocation();
  return (
    <section className={styles.box} role="alert" aria-labelledby="error-box-title">
      <h2 id="error-box-title" className={styles.title}>
        {t('errors.errorBoxTitle')}
      </h2>
      {children ?? <p>{t('errors.generic')}</p>}
      <p className={styles.actions}>
        <a
          href={`${pathname}${search}`}
          onClick={(event) => {
            event.preventDefault();
            if (onRetry) onRetry();
            else window.location.reload();
          }}
        >
          {t('errors.errorBoxRetry')}
        </a>
        <Link to="/">{t('errors.errorBoxHome')}</Link>
      </p>
    </section>
  );
}
