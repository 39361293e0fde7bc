import { ChevronDown, Menu, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { NavLink, useLocation } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { LayoutLink } from '../../api/layout';
import { isShop } from '../../api/sites';
import { paths } from '../../lib/paths';
import { useComparePath } from '../../lib/useComparePath';
import { useSite } from '../../state';
import styles from './PrimaryNavigation.module.css';
import { useSiteLayout } from './siteLayout';
import { useMenuOverflow } from './useMenuOverflow';

const targetOf = (link: LayoutLink) => (link.target === '_blank' ? '_blank' : undefined);

/** The open item's key when the "More" sub-menu is open (no site link has it: it is no path). */
const MORE = ' more';

/** While `open`, Escape calls `onClose` and gives the focus back to the button that opened it. */
function useEscapeCloses(open: boolean, onClose: () => void, button: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose, button]);
}

/**
 * A disclosure of a sub-menu (aria-expanded): its label, if any, then an inline caret that
 * turns when the sub-menu is open; Escape closes the sub-menu.
 */
function Disclosure({
  label,
  visibleLabel,
  open,
  onToggle,
  onClose,
  children,
  testId,
  listTestId,
}: {
  /** The button's name for screen readers. */
  label: string;
  /** The button's text, when it shows one (the "More" item); otherwise the caret alone shows. */
  visibleLabel?: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  children: ReactNode;
  testId: string;
  listTestId: string;
}) {
  const submenuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEscapeCloses(open, onClose, buttonRef);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={visibleLabel ? styles.moreButton : styles.submenuButton}
        aria-expanded={open}
        aria-controls={submenuId}
        onClick={onToggle}
        data-testid={testId}
      >
        {visibleLabel}
        <ChevronDown className={styles.caret} aria-hidden="true" focusable="false" />
        {!visibleLabel && <span className="visually-hidden">{label}</span>}
      </button>
      <ul id={submenuId} className={styles.submenu} hidden={!open} data-testid={listTestId}>
        {children}
      </ul>
    </>
  );
}

function ChildLinks({ link }: { link: LayoutLink }) {
  return (link.children ?? []).map((child) => (
    <li key={child.url}>
      <NavLink to={child.url} target={targetOf(child)}>
        {child.title ?? child.url}
      </NavLink>
    </li>
  ));
}

/** An item of the site's menu: its link, and for one with a sub-menu the caret that opens it. */
function MenuItem({ link, open, onToggle, onClose }: { link: LayoutLink; open: boolean; onToggle: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const title = link.title ?? link.url;
  const anchor = (
    <NavLink to={link.url} target={targetOf(link)}>
      {title}
    </NavLink>
  );
  if ((link.children ?? []).length === 0) return anchor;
  return (
    <span className={styles.itemRow}>
      {anchor}
      <Disclosure label={t('layout.submenu', { name: title })} open={open} onToggle={onToggle} onClose={onClose} testId="submenu-button" listTestId="submenu">
        <ChildLinks link={link} />
      </Disclosure>
    </span>
  );
}

/** One entry of the menu, whether it is the site's content or one of the shop's own links. */
interface Entry {
  key: string;
  node: ReactNode;
  /** The same entry inside the "More" sub-menu (with its children, if any). */
  inMore: ReactNode;
  hasSubmenu: boolean;
}

/** The menu's entries: home, the site's menu (or the shop's fixed links without one), and on a shop the feed calculator and compare. */
function useEntries(openItem: string | null, setOpenItem: (item: string | null) => void): Entry[] {
  const { t } = useTranslation();
  const layout = useSiteLayout();
  const site = useSite();
  const comparePath = useComparePath();
  const closeItem = useCallback(() => setOpenItem(null), [setOpenItem]);
  // A link of the shop's own; under "More" it is a copy without the row's test id.
  const plain = (to: string, label: string, { end = false, testId }: { end?: boolean; testId?: string } = {}): Entry => ({
    key: to,
    node: (
      <NavLink to={to} end={end} data-testid={testId}>
        {label}
      </NavLink>
    ),
    inMore: (
      <NavLink to={to} end={end}>
        {label}
      </NavLink>
    ),
    hasSubmenu: false,
  });
  const items = layout?.navigation.items ?? [];
  const siteEntries =
    items.length > 0
      ? items.map((link): Entry => ({
          key: link.url,
          node: <MenuItem link={link} open={openItem === link.url} onToggle={() => setOpenItem(openItem === link.url ? null : link.url)} onClose={closeItem} />,
          inMore: (
            <>
              <NavLink to={link.url} target={targetOf(link)}>
                {link.title ?? link.url}
              </NavLink>
              {(link.children ?? []).length > 0 && (
                <ul className={styles.nested}>
                  <ChildLinks link={link} />
                </ul>
              )}
            </>
          ),
          hasSubmenu: (link.children ?? []).length > 0,
        }))
      : [plain(paths.media, t('nav.news')), plain(paths.dealer, t('nav.storeLocator'))];
  const shopTools = isShop(site)
    ? [plain(paths.feedCalculator, t('nav.feedCalculator'), { testId: 'nav-feed-calculator' }), plain(comparePath, t('nav.compare'))]
    : [];
  return [plain(paths.home, t('nav.home'), { end: true }), ...siteEntries, ...shopTools];
}

/**
 * The primary navigation from the site's layout (the same on every page), with its sub-menus.
 * On a desktop screen it is one line: what does not fit goes under "More" (useMenuOverflow.ts).
 * Narrower screens show it behind a menu button (a disclosure: aria-expanded, Escape closes).
 * Without a layout (it could not be loaded) the fixed links of the shop stand in.
 */
export function PrimaryNavigation() {
  const { t } = useTranslation();
  const location = useLocation();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
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
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEscapeCloses(menuOpen, closeMenu, menuButtonRef);
  const closeItem = useCallback(() => setOpenItem(null), []);
  const entries = useEntries(openItem, setOpenItem);
  const fitting = useMenuOverflow(listRef, entries.length);
  const moved = fitting === null ? [] : entries.slice(fitting);
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
        {menuOpen ? <X className={styles.icon} aria-hidden="true" focusable="false" /> : <Menu className={styles.icon} aria-hidden="true" focusable="false" />}
        {menuOpen ? t('nav.closeMenu') : t('nav.menu')}
      </button>
      <ul ref={listRef} id={listId} className={styles.list} data-open={menuOpen} data-testid="primary-navigation-items">
        {entries.map((entry, index) => (
          <li key={entry.key} className={entry.hasSubmenu ? styles.hasSubmenu : undefined} data-moved={fitting !== null && index >= fitting} data-menu-item="">
            {entry.node}
          </li>
        ))}
        {/* Always there, for measuring; shown only when items moved under it. */}
        <li className={styles.more} data-needed={moved.length > 0} inert={moved.length === 0} data-menu-more="">
          <Disclosure
            label={t('nav.more')}
            visibleLabel={t('nav.more')}
            open={openItem === MORE}
            onToggle={() => setOpenItem(openItem === MORE ? null : MORE)}
            onClose={closeItem}
            testId="more-button"
            listTestId="more-submenu"
          >
            {moved.map((entry) => (
              <li key={entry.key}>{entry.inMore}</li>
            ))}
          </Disclosure>
        </li>
      </ul>
    </nav>
  );
}
