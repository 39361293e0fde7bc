/**
 * The account area (/account): signed-in children with the account menu, and the pages for
 * visitors who are not signed in. The guards are in app/loaders.ts.
 */
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';

import { paths } from '../../app/paths';
import { readLoginFlags } from '../../app/loaders';
import { Page } from '../../components/layout/Page';
import styles from './Account.module.css';

/** The frame of the signed-in account pages: the menu beside the page. */
export function AccountLayout() {
  const { t } = useTranslation();
  const links = [
    [paths.account.home, t('account.menu.overview')],
    [paths.account.orders, t('account.menu.orders')],
    [paths.account.invoices, t('account.menu.invoices')],
    [paths.account.returns, t('account.menu.returns')],
    [paths.account.rqsResults, t('account.menu.results')],
    [paths.account.subscriptions, t('account.menu.subscriptions')],
    [paths.account.information, t('account.menu.personalData')],
  ] as const;
  return (
    <div className={styles.layout}>
      <nav className={styles.menu} aria-label={t('account.title')}>
        <ul>
          {links.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to} end>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}

export function AccountHomeRoute() {
  const { t } = useTranslation();
  return <Page title={t('account.title')} testId="page-account-home" />;
}

export function AccountInformationRoute() {
  const { t } = useTranslation();
  const { action } = useParams();
  return <Page title={t('account.personalData.title')} testId={`page-account-information${action ? `-${action}` : ''}`} />;
}

export function AccountOrdersRoute() {
  const { t } = useTranslation();
  const { orderId } = useParams();
  return (
    <Page title={t('account.orders.title')} testId="page-account-orders">
      {orderId && (
        <dl>
          <dt>{t('account.orders.orderNumber')}</dt>
          <dd>{orderId}</dd>
        </dl>
      )}
    </Page>
  );
}

export function AccountInvoicesRoute() {
  const { t } = useTranslation();
  return <Page title={t('account.invoices.title')} testId="page-account-invoices" />;
}

export function AccountReturnsRoute() {
  const { t } = useTranslation();
  const { productVariantId } = useParams();
  return (
    <Page title={t('account.returns.title')} testId="page-account-returns">
      {productVariantId && <p>{t('account.returns.chooseProduct')}</p>}
    </Page>
  );
}

export function AccountRqsResultsRoute() {
  const { t } = useTranslation();
  return <Page title={t('account.results.title')} testId="page-account-rqs-results" />;
}

export function AccountSubscriptionsRoute() {
  const { t } = useTranslation();
  return <Page title={t('account.subscriptions.title')} testId="page-account-subscriptions" />;
}

export function LoginRoute() {
  const { t } = useTranslation();
  const flags = readLoginFlags(useLocation().search);
  return (
    <Page title={t('auth.login.title')} testId="page-login">
      {flags.info && <p role="status">{t('auth.loginFlags.info')}</p>}
      {flags.success && <p role="status">{t('auth.loginFlags.success')}</p>}
      {flags.activated && <p role="status">{t('auth.loginFlags.activated')}</p>}
      {flags.resetSuccess && <p role="status">{t('auth.loginFlags.resetSuccess')}</p>}
      {flags.error && <p role="alert">{flags.error}</p>}
      <p>
        <Link to={paths.account.forgot}>{t('auth.login.forgot')}</Link>
      </p>
      <p>
        {t('auth.login.noAccount')}{' '}
        <Link to={paths.account.register}>{t('auth.login.register')}</Link>
      </p>
    </Page>
  );
}

export function RegisterRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('auth.register.title')} testId="page-register">
      <p>{t('auth.register.intro')}</p>
    </Page>
  );
}

export function ForgotRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('auth.forgot.title')} testId="page-forgot">
      <p>{t('auth.forgot.intro')}</p>
    </Page>
  );
}

export function ResetRoute() {
  const { t } = useTranslation();
  return <Page title={t('auth.reset.title')} testId="page-reset" />;
}

export function ResendConfirmationRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('auth.resend.title')} testId="page-resend-confirmation">
      <p>{t('auth.resend.intro')}</p>
    </Page>
  );
}

export function ConfirmRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('auth.activation.title')} testId="page-confirm">
      <p>{t('auth.activation.busy')}</p>
    </Page>
  );
}
