import { useStore } from 'jotai';
import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { ScrollManager } from './ScrollManager';
import { OnlineStatus } from '../ui/OnlineStatus';
import { NavigationProgress } from '../ui/ProgressBar';
import { CookieConsent } from './CookieConsent';
import { TagManager } from './TagManager';
import { CurrencyDisclaimer } from './CurrencyDisclaimer';
import { Deferred } from '../ui/Deferred';
import { Footer } from './Footer';
import { CartDrawer } from '../cart/CartDrawer';
import { CheckoutHeader } from './CheckoutHeader';
import { Header } from './Header';
import { LocalizationBanner } from './LocalizationBanner';
import { NotificationBar } from './NotificationBar';
import styles from './Shell.module.css';
import { loadCart } from '../../lib/cart';

/** A route's `handle` that asks for the checkout's focused frame (the `checkout` routes). */
export interface LayoutHandle {
  layout?: 'checkout';
}

/**
 * The frame around every page: header, notification bar, page, footer and the notices. The
 * checkout's pages (a route handle `{ layout: 'checkout' }`) get a focused frame: the checkout's
 * own header (brand and help) and no shop navigation, notification, localization suggestion,
 * footer or newsletter.
 */
export function Shell() {
  const { t } = useTranslation();
  const store = useStore();
  const focused = useMatches().some((match) => (match.handle as LayoutHandle | undefined)?.layout === 'checkout');
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
      {focused ? (
        <CheckoutHeader />
      ) : (
        <>
          <LocalizationBanner />
          <NotificationBar />
          <Header />
        </>
      )}
      <main id="content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <CurrencyDisclaimer />
      {!focused && (
        <Deferred>
          <Footer />
        </Deferred>
      )}
      <CartDrawer />
      <TagManager />
      <OnlineStatus />
    </div>
  );
}
