import { useTranslation } from '../i18n/useTranslation';
import type { StartResult } from './bootstrap';
import styles from './StartupError.module.css';

type Problem = Extract<StartResult, { kind: 'failed' }>['problem'];

/** A full-page error when the site cannot start. */
export function StartupError({ problem }: { problem: Problem }) {
  const { t } = useTranslation();
  const text = {
    notFound: t('errors.siteNotFound'),
    noLanguage: t('errors.siteWithoutLanguage'),
    missingData: t('errors.siteDataMissing'),
    unavailable: t('errors.generic'),
  }[problem];
  return (
    <main className={styles.page} role="alert" data-testid="startup-error" data-problem={problem}>
      <h1>{t('errors.errorBoxTitle')}</h1>
      <p>{text}</p>
      <p>
        <a
          href="/"
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
        >
          {t('errors.errorBoxRetry')}
        </a>
      </p>
    </main>
  );
}
