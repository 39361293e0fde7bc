import { useAtomValue, useStore } from 'jotai';
import { Search, ShoppingCart, UserRound } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { isShop } from '../../api/sites';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../lib/paths';
import { useHideOnScroll } from '../../lib/scrollDirection';
import { checkSession, useSignOut } from '../../lib/session';
import { cartItemCountAtom, sessionAtom, useSite } from '../../state';
import styles from './Header.module.css';
import { LanguageSwitch } from './LanguageSwitch';
import { PrimaryNavigation } from './PrimaryNavigation';
import { HeaderUsps } from './Usps';

/** Where the search box sends the term: the storefront's search route. */
export const SEARCH_PATH = paths.search;

/**
 * The header: brand, search, account and cart, the site's primary navigation and its header USPs;
 * on the corporate site, which sells nothing, the brand, the navigation and the languages only.
 * It stays at the top of the window: it moves out of sight while the page scrolls down and comes
 * back when it scrolls up (kept in sight while a control in it has the focus, see the CSS).
 */
export function Header() {
  const { t } = useTranslation();
  const site = useSite();
  const count = useAtomValue(cartItemCountAtom);
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const headerRef = useRef<HTMLElement>(null);
  const headerHeight = useCallback(() => headerRef.current?.offsetHeight ?? 0, []);
  const hidden = useHideOnScroll(headerHeight);
  if (!isShop(site)) {
    return (
      <header ref={headerRef} className={styles.header} data-hidden={hidden} data-testid="site-header">
        <div className={styles.bar}>
          <Link to={paths.home} className={styles.brand} data-testid="brand-name">
            {site.brandName}
          </Link>
          <div className={styles.tools}>
            <LanguageSwitch />
          </div>
        </div>
        <PrimaryNavigation />
      </header>
    );
  }
  return (
    <header ref={headerRef} className={styles.header} data-hidden={hidden} data-testid="site-header">
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.brand} data-testid="brand-name">
          {site.brandName}
        </Link>
        <form
          className={styles.search}
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const query = term.trim();
            if (query) void navigate(`${SEARCH_PATH}?q=${encodeURIComponent(query)}`);
          }}
        >
          <input
            type="search"
            name="q"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder={t('header.searchPlaceholder')}
            aria-label={t('header.searchPlaceholder')}
          />
          <button type="submit">
            <Search className={styles.icon} aria-hidden="true" focusable="false" />
            <span className={styles.label}>{t('header.searchButton')}</span>
          </button>
        </form>
        <nav className={styles.tools} aria-label={t('nav.account')}>
          <LanguageSwitch />
          <AccountTools />
          <Link to={paths.cart} className={styles.tool} data-testid="cart-link">
            <ShoppingCart className={styles.icon} aria-hidden="true" focusable="false" />
            <span className={styles.label}>{t('header.cart')}</span>
            <span className={styles.count} data-testid="cart-count" aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden" data-testid="cart-count-text">
              {' '}
              {t('header.cartItems', { count })}
            </span>
          </Link>
        </nav>
      </div>
      <PrimaryNavigation />
      <HeaderUsps />
    </header>
  );
}

/**
 * The account in the header: "Inloggen" for visitors; for a signed-in customer the greeting
 * with the unread results and the account menu (a disclosure: open or closed) with sign-out.
 */
function AccountTools() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const store = useStore();
  const signOut = useSignOut();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (store.get(sessionAtom).status === 'unknown') void checkSession(store);
  }, [store]);
  // Escape closes the open menu and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  // A followed link closes the menu (state adjusted while rendering, when the path changes).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setOpen(false);
  }
  if (session.status !== 'signedIn') {
    return (
      <Link to={paths.account.login} className={styles.tool} data-testid="header-login">
        <UserRound className={styles.icon} aria-hidden="true" focusable="false" />
        <span className={styles.label}>{t('header.login')}</span>
      </Link>
    );
  }
  const unread = session.account.unreadQuickscanResults;
  const links = [
    [paths.account.home, t('account.menu.overview')],
    [paths.account.orders, t('account.menu.orders')],
    [paths.account.invoices, t('account.menu.invoices')],
    [paths.account.rqsResults, t('account.menu.results')],
    [paths.account.information, t('account.menu.personalData')],
  ] as const;
  return (
    <div className={styles.account}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.accountButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        data-testid="account-menu-button"
      >
        <UserRound className={styles.icon} aria-hidden="true" focusable="false" />
        <span className={styles.label} data-testid="header-greeting">
          {t('account.greeting', { firstName: session.account.firstName })}
        </span>
        {unread > 0 && (
          <span className={styles.count} data-testid="header-unread">
            <span aria-hidden="true">{unread}</span>
            <span className="visually-hidden">{t('header.unreadResults', { count: unread })}</span>
          </span>
        )}
      </button>
      <ul id={menuId} className={styles.accountMenu} hidden={!open} aria-label={t('header.accountMenu')}>
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => void signOut()} data-testid="header-sign-out">
            {t('account.menu.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
