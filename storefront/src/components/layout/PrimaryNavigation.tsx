import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { LayoutLink } from '../../api/layout';
import { paths } from '../../lib/paths';
import { useComparePath } from '../../lib/useComparePath';
import styles from './PrimaryNavigation.module.css';
import { useSiteLayout } from './siteLayout';

const targetOf = (link: LayoutLink) => (link.target === '_blank' ? '_blank' : undefined);

/**
 * An item with a sub-menu: its own link and a disclosure button (aria-expanded) that shows the
 * sub-menu; Escape closes it and gives the focus back to the button.
 */
function MenuItem({ link, open, onToggle, onClose }: { link: LayoutLink; open: boolean; onToggle: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const submenuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const children = link.children ?? [];
  // Escape closes the open sub-menu and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);
  if (children.length === 0) {
    return (
      <li>
        <NavLink to={link.url} target={targetOf(link)}>
          {link.title ?? link.url}
        </NavLink>
      </li>
    );
  }
  return (
    <li className={styles.hasSubmenu}>
      <span className={styles.itemRow}>
        <NavLink to={link.url} target={targetOf(link)}>
          {link.title ?? link.url}
        </NavLink>
        <button
          ref={buttonRef}
          type="button"
          className={styles.submenuButton}
          aria-expanded={open}
          aria-controls={submenuId}
          onClick={onToggle}
          data-testid="submenu-button"
        >
          <span aria-hidden="true">▾</span>
          <span className={styles.visuallyHidden}>{t('layout.submenu', { name: link.title ?? link.url })}</span>
        </button>
      </span>
      <ul id={submenuId} className={styles.submenu} hidden={!open} data-testid="submenu">
        {children.map((child) => (
          <li key={child.url}>
            <NavLink to={child.url} target={targetOf(child)}>
              {child.title ?? child.url}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The primary navigation from the site's layout (the same on every page), with its sub-menus; on
 * narrow screens behind a menu button (a disclosure: aria-expanded, Escape closes). Without a
 * layout (it could not be loaded) the fixed links of the shop stand in.
 */
export function PrimaryNavigation() {
  const { t } = useTranslation();
  const layout = useSiteLayout();
  const comparePath = useComparePath();
  const location = useLocation();
  const listId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [openItem, setOpenItem] = useState<string | null>(null);
  // A followed link closes the menus (state adjusted while rendering, when the path changes).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
    setOpenItem(null);
  }
  // Escape closes the open mobile menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);
  const closeItem = useCallback(() => setOpenItem(null), []);
  const items = layout?.navigation.items ?? [];
  return (
    <nav className={styles.primary} aria-label={t('nav.primary')} data-testid="primary-navigation">
      <button
        ref={menuButtonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={menuOpen}
        aria-controls={listId}
        onClick={() => setMenuOpen(!menuOpen)}
        data-testid="menu-button"
      >
        <span aria-hidden="true">☰</span> {menuOpen ? t('nav.closeMenu') : t('nav.menu')}
      </button>
      <ul id={listId} className={styles.list} data-open={menuOpen} data-testid="primary-navigation-items">
        <li>
          <NavLink to={paths.home} end>
            {t('nav.home')}
          </NavLink>
        </li>
        {items.length > 0 ? (
          items.map((link) => (
            <MenuItem
              key={link.url}
              link={link}
              open={openItem === link.url}
              onToggle={() => setOpenItem(openItem === link.url ? null : link.url)}
              onClose={closeItem}
            />
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
          <NavLink to={paths.feedCalculator} data-testid="nav-feed-calculator">
            {t('nav.feedCalculator')}
          </NavLink>
        </li>
        <li>
          <NavLink to={comparePath}>{t('nav.compare')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
