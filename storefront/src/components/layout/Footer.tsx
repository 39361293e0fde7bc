import { useSetAtom } from 'jotai';
import { Link } from 'react-router';

import { isShop } from '../../api/sites';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../lib/paths';
import { useSite } from '../../state';
import { consentOpenAtom } from './consent';
import { FooterNewsletter } from './FooterSlots';
import styles from './Footer.module.css';
import { CustomerServiceBlock, FooterColumns, SocialLinks } from './FooterParts';
import { useSiteLayout } from './siteLayout';

/**
 * The footer: the site's link columns, customer service and social links (the layout), the fixed
 * links and the copyright; on a shop also the newsletter's sign-up and the store locator.
 */
export function Footer() {
  const { t } = useTranslation();
  const site = useSite();
  const layout = useSiteLayout();
  const openConsent = useSetAtom(consentOpenAtom);
  const shop = isShop(site);
  return (
    <footer className={styles.footer} data-footer-id={site.layout.footerId ?? ''} data-testid="footer">
      {layout && (
        <div className={styles.columns}>
          <FooterColumns columns={layout.footer.columns} />
          <CustomerServiceBlock service={layout.customerService} />
          <SocialLinks links={layout.socialLinks} />
        </div>
      )}
      <div className={styles.inner}>
        {shop && <FooterNewsletter />}
        <nav aria-label={t('footer.information')}>
          <ul>
            {shop && (
              <li>
                <Link to={paths.dealer}>{t('nav.storeLocator')}</Link>
              </li>
            )}
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
