/**
 * The signed-in app's frame: a skip link, the header (the app's name, the search, the staff
 * member's name and sign-out), the main menu with only what the role may open, and the main
 * landmark that each screen fills. Below 48em the menu folds behind a menu button (a warehouse
 * phone is 390 px wide).
 */
import { Boxes, ClipboardList, Contact, Home, KeyRound, LogOut, Menu, MessageSquareText, Package, UserRound, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';

import type { StaffMe } from '../../api/contract';
import { useTranslation } from '../../i18n';
import { navigationFor, type NavigationId } from '../../lib/navigation';
import styles from './Shell.module.css';

const ICONS: Record<NavigationId, typeof Home> = {
  home: Home,
  orders: Package,
  customers: Contact,
  catalog: Boxes,
  reviews: MessageSquareText,
  staff: Users,
  keys: KeyRound,
  audit: ClipboardList,
  profile: UserRound,
};

export const MAIN_ID = 'main';

export interface ShellProps {
  me: StaffMe;
  onSignOut: () => void;
  signingOut?: boolean;
  /** Tools in the header (the search). */
  tools?: ReactNode;
  children: ReactNode;
}

export function Shell({ me, onSignOut, signingOut = false, tools, children }: ShellProps) {
  const { t } = useTranslation();
  return (
    <>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        {t('nav.skipToContent')}
      </a>
      <Header me={me} onSignOut={onSignOut} signingOut={signingOut} tools={tools} />
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

function Header({ me, onSignOut, signingOut, tools }: Omit<ShellProps, 'children'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // A chosen menu item folds the menu again on a phone.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <NavLink to="/" className={styles.brand}>
          {t('app.name')}
        </NavLink>
        <button type="button" className={styles.menuButton} aria-expanded={open} aria-controls="main-menu" onClick={() => setOpen(!open)}>
          <Menu aria-hidden="true" size={20} />
          {t('nav.menu')}
        </button>
        {tools}
        <div className={styles.who}>
          <span className={styles.name} title={me.emailAddress} aria-hidden="true">
            {me.name}
          </span>
          <span className="visually-hidden">{t('nav.signedInAs', { name: me.name })}</span>
          <button type="button" className={styles.headerButton} onClick={onSignOut} disabled={signingOut} aria-busy={signingOut || undefined}>
            <LogOut aria-hidden="true" size={20} />
            {signingOut ? t('nav.signingOut') : t('nav.signOut')}
          </button>
        </div>
      </div>
      <MainMenu me={me} open={open} />
    </header>
  );
}

function MainMenu({ me, open }: { me: StaffMe; open: boolean }) {
  const { t } = useTranslation();
  return (
    <nav id="main-menu" className={styles.nav} aria-label={t('nav.label')} data-open={open}>
      <ul className={styles.navList}>
        {navigationFor(me).map((item) => {
          const Icon = ICONS[item.id];
          return (
            <li key={item.id}>
              <NavLink to={item.path} end={item.path === '/'} className={styles.navLink}>
                <Icon aria-hidden="true" size={20} />
                {t(item.label)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
