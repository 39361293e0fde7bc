import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';

import { paths } from '../../app/paths';
import { cartItemCountAtom, primaryNavigationAtom, useSite } from '../../state';
import { useComparePath } from '../../app/useComparePath';
import styles from './Header.module.css';
import { LanguageSwitch } from './LanguageSwitch';

/** Where the search box sends the term: the storefront's search route. */
export const SEARCH_PATH = paths.search;

/** The header: brand, primary navigation (filled from the content API later), search, account and cart. */
export function Header() {
  const { t } = useTranslation();
  const site = useSite();
  const count = useAtomValue(cartItemCountAtom);
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const comparePath = useComparePath();
  const navigation = useAtomValue(primaryNavigationAtom);
  return (
    <header className={styles.header}>
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
            if (query) navigate(`${SEARCH_PATH}?q=${encodeURIComponent(query)}`);
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
          <button type="submit">{t('header.searchButton')}</button>
        </form>
        <nav className={styles.tools} aria-label={t('nav.account')}>
          <LanguageSwitch />
          <Link to={paths.account.home}>{t('header.account')}</Link>
          <Link to={paths.cart} aria-label={t('header.cartItems', { count })} data-testid="cart-link">
            {t('header.cart')}
            <span className={styles.count} data-testid="cart-count">
              {count}
            </span>
          </Link>
        </nav>
      </div>
      <nav className={styles.primary} aria-label={t('nav.primary')} data-testid="primary-navigation">
        <ul>
          <li>
            <NavLink to={paths.home} end>
              {t('nav.home')}
            </NavLink>
          </li>
          {navigation.length > 0 ? (
            navigation.map((link) => (
              <li key={link.url}>
                <NavLink to={link.url} target={link.target === '_blank' ? '_blank' : undefined}>
                  {link.title}
                </NavLink>
              </li>
            ))
          ) : (
            <>
              <li>
                <NavLink to={paths.media}>{t('nav.news')}</NavLink>
              </li>
              <li>
                <NavLink to={paths.dealer}>{t('nav.storeLocator')}</NavLink>
              </li>
            </>
          )}
          <li>
            <NavLink to={comparePath}>{t('nav.compare')}</NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
