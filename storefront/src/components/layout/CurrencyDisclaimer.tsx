import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { currencyFor } from '../../engine';
import { useSite } from '../../state';
import { useSiteLayout } from './siteLayout';
import styles from './Footer.module.css';

/**
 * The currency-conversion disclaimer on sites whose prices are converted from euro (the engine
 * derives the currency and whether it is indicative from the site's symbol), with the link to the
 * page that explains it when the site has one.
 */
export function CurrencyDisclaimer() {
  const { t } = useTranslation();
  const site = useSite();
  const layout = useSiteLayout();
  if (!currencyFor(site.currency).indicative) return null;
  const link = layout?.currencyConversionDisclaimerLink;
  return (
    <p className={styles.disclaimer} data-testid="currency-disclaimer">
      {t('currency.disclaimer')}{' '}
      {link && (
        <Link to={link} data-testid="currency-disclaimer-link">
          {t('currency.disclaimerLink')}
        </Link>
      )}
    </p>
  );
}
