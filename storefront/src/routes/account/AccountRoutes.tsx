/**
 * The account area (/account): signed-in children with the account menu, and the pages for
 * visitors who are not signed in. The guards are in app/loaders.ts; the pages and their
 * loaders come from features/account.
 */
import { NavLink, Outlet } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../lib/paths';
import { FocusHeadingOnNavigate } from '../../components/ui/FocusHeading';
import { useSignOut } from '../../lib/session';
import styles from './Account.module.css';

export {
  AccountHomePage as AccountHomeRoute,
  ConfirmPage as ConfirmRoute,
  ForgotPage as ForgotRoute,
  InformationPage as AccountInformationRoute,
  InvoicesPage as AccountInvoicesRoute,
  LoginPage as LoginRoute,
  OrdersPage as AccountOrdersRoute,
  RegisterPage as RegisterRoute,
  ResendConfirmationPage as ResendConfirmationRoute,
  ResetPage as ResetRoute,
  ResultsPage as AccountRqsResultsRoute,
  ReturnsPage as AccountReturnsRoute,
  SubscriptionsPage as AccountSubscriptionsRoute,
} from '../../features/account';

/** The frame of the signed-in account pages: the menu beside the page, with sign-out. */
export function AccountLayout() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const links = [
    [paths.account.home, t('account.menu.overview')],
    [paths.account.orders, t('account.menu.orders')],
    [paths.account.invoices, t('account.menu.invoices')],
    [paths.account.returns, t('account.menu.returns')],
    [paths.account.rqsResults, t('account.menu.results')],
    [paths.account.subscriptions, t('account.menu.subscriptions')],
    [paths.account.information, t('account.menu.personalData')],
    [`${paths.account.information}reviews/`, t('account.menu.reviews')],
  ] as const;
  return (
    <div className={styles.layout} data-account-area>
      <FocusHeadingOnNavigate selector="[data-account-area]" />
      <nav className={styles.menu} aria-label={t('account.title')}>
        <ul>
          {links.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to} end={to === paths.account.home || to.endsWith('reviews/')}>
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <button type="button" className={styles.signOut} onClick={() => void signOut()} data-testid="account-sign-out">
              {t('account.menu.signOut')}
            </button>
          </li>
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}

/** The frame of the pages for visitors who are not signed in: the focus follows navigation. */
export function AccountVisitorLayout() {
  return (
    <div data-account-visitor>
      <FocusHeadingOnNavigate selector="[data-account-visitor]" />
      <Outlet />
    </div>
  );
}
