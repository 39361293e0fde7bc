/**
 * The checkout's own header: the brand (a link home) and, when the site's layout has them, the
 * customer service's phone number and e-mail address. No shop navigation, search, account or
 * cart links: the checkout keeps the visitor on the order (Baymard's "focused checkout").
 */
import { useStore } from 'jotai';
import { Mail, Phone } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../lib/paths';
import { checkSession } from '../../lib/session';
import { sessionAtom, useSite } from '../../state';
import styles from './CheckoutHeader.module.css';
import { useSiteLayout } from './siteLayout';

export function CheckoutHeader() {
  const { t } = useTranslation();
  const site = useSite();
  const service = useSiteLayout()?.customerService;
  const store = useStore();
  // Who is signed in (the shop's header asks this elsewhere): the checkout's forms wait for it.
  useEffect(() => {
    if (store.get(sessionAtom).status === 'unknown') void checkSession(store);
  }, [store]);
  const phone = service?.phone ? service.phone : null;
  const email = service?.email ? service.email : null;
  return (
    <header className={styles.header} data-testid="checkout-header">
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.brand} data-testid="brand-name">
          {site.brandName}
        </Link>
        {(phone || email) && (
          <section className={styles.help} aria-label={t('checkout.help.label')} data-testid="checkout-help">
            <p className={styles.question}>{t('checkout.help.question')}</p>
            <ul className={styles.contacts}>
              {phone && (
                <li>
                  <a href={service?.phoneLink || `tel:${phone}`} className={styles.contact} data-testid="customer-service-phone">
                    <Phone className={styles.icon} aria-hidden="true" focusable="false" />
                    <span className="visually-hidden">{t('layout.phone')}: </span>
                    {phone}
                  </a>
                </li>
              )}
              {email && (
                <li>
                  <a href={`mailto:${email}`} className={styles.contact} data-testid="customer-service-email">
                    <Mail className={styles.icon} aria-hidden="true" focusable="false" />
                    <span className="visually-hidden">{t('layout.email')}: </span>
                    {email}
                  </a>
                </li>
              )}
            </ul>
          </section>
        )}
      </div>
    </header>
  );
}
