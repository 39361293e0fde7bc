import { useStore } from 'jotai';
import { useEffect } from 'react';
import { Outlet } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { ScrollManager } from './ScrollManager';
import { OnlineStatus } from '../ui/OnlineStatus';
import { NavigationProgress } from '../ui/ProgressBar';
import { CookieConsent } from './CookieConsent';
import { TagManager } from './TagManager';
import { CurrencyDisclaimer } from './CurrencyDisclaimer';
import { Deferred } from '../ui/Deferred';
import { Footer } from './Footer';
import { Header } from './Header';
import { LocalizationBanner } from './LocalizationBanner';
import { NotificationBar } from './NotificationBar';
import styles from './Shell.module.css';
import { loadCart } from '../../lib/cart';

/** The frame around every page: header, notification bar, page, footer and the notices. */
export function Shell() {
  const { t } = useTranslation();
  const store = useStore();
  // The stored cart, for the header's item count and the cart pages.
  useEffect(() => {
    void loadCart(store);
  }, [store]);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#content">
        {t('common.skipToContent')}
      </a>
      {/* First after the skip link: the keyboard reaches the cookie bar before the page. */}
      <CookieConsent />
      <NavigationProgress />
      <ScrollManager />
      <LocalizationBanner />
      <NotificationBar />
      <Header />
      <main id="content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <CurrencyDisclaimer />
      <Deferred>
        <Footer />
      </Deferred>
      <TagManager />
      <OnlineStatus />
    </div>
  );
}
