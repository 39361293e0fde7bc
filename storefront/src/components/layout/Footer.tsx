import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '../../lib/paths';
import { useSite } from '../../state';
import { consentOpenAtom } from './consent';
import styles from './Footer.module.css';

/** The footer; its link columns come from the content API (the site's footerId) later. */
export function Footer() {
  const { t } = useTranslation();
  const site = useSite();
  const openConsent = useSetAtom(consentOpenAtom);
  return (
    <footer className={styles.footer} data-footer-id={site.layout.footerId ?? ''}>
      <div className={styles.inner}>
        <nav aria-label={t('footer.information')}>
          <ul>
            <li>
              <Link to={paths.dealer}>{t('nav.storeLocator')}</Link>
            </li>
            <li>
              <Link to={paths.media}>{t('nav.news')}</Link>
            </li>
            <li>
              <button type="button" className={styles.linkButton} onClick={() => openConsent(true)}>
                {t('cookies.settings')}
              </button>
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear(), company: site.brandName })}</p>
      </div>
    </footer>
  );
}
