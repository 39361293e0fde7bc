/**
 * The checkout: login or guest, billing, delivery, payment and confirmation. Which step may
 * open is the engine's decision (`checkout.gates`); a closed step sends the visitor to the
 * first open step, which shows the reasons (message keys, translated). A skipped step passes
 * on to the next open one. Beside the steps (above them on a phone, closed) the order summary
 * shows the cart as the server calculated it; the confirmation step is that summary itself.
 */
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { paths, type CheckoutStep } from '../../lib/paths';
import { Page } from '../../components/layout/Page';
import { ErrorBox } from '../../components/ui/ErrorBox';
import { Loading } from '../../components/ui/Loading';
import { translateMessage } from '../../i18n';
import { CartNotices, MismatchBox } from '../../components/cart/CartNotices';
import { OrderSummary } from '../../components/cart/OrderSummary';
import { useCart } from '../../lib/cart';
import styles from '../../components/shop.module.css';
import own from './Checkout.module.css';
import { BillingStep } from './BillingStep';
import { ConfirmStep } from './ConfirmStep';
import { DeliveryStep } from './DeliveryStep';
import { redirectFor, type GatedStep } from './gates';
import { LoginStep } from './LoginStep';
import { PaymentStep } from './PaymentStep';
import { useCheckout } from './useCheckout';

interface Reason {
  key: string;
  params?: { count?: number; amount?: number };
}

const GATED: readonly CheckoutStep[] = ['billing', 'delivery', 'payment', 'complete'];
const NAV_STEPS: readonly CheckoutStep[] = ['login', 'billing', 'delivery', 'payment', 'complete'];

/**
 * `passwordForgot` and `passwordReset` are the account's password forms for those two steps,
 * composed by the route (a feature does not import another).
 */
export function CheckoutPage({ step, passwordForgot, passwordReset }: { step: CheckoutStep; passwordForgot: ReactNode; passwordReset: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { countries, gates, loaded, failed } = useCheckout();
  const calculation = useCart().answer?.calculation ?? null;
  const titles: Record<CheckoutStep, string> = {
    base: t('checkout.title'),
    login: t('checkout.steps.login'),
    billing: t('checkout.steps.billing'),
    passwordReset: t('auth.reset.title'),
    passwordForgot: t('auth.forgot.title'),
    delivery: t('checkout.steps.delivery'),
    payment: t('checkout.steps.payment'),
    complete: t('checkout.steps.confirmation'),
  };
  const summary = step !== 'complete' && calculation && calculation.products.length > 0 ? <OrderSummary calculation={calculation} /> : null;
  const steps = (body: ReactNode) => (
    <>
      <nav aria-label={t('checkout.title')}>
        <ol className={styles.steps}>
          {NAV_STEPS.map((name) => {
            const status = GATED.includes(name) && gates ? gates.steps[name as GatedStep].status : 'open';
            return (
              <li key={name} aria-current={name === step ? 'step' : undefined} data-status={status}>
                {status === 'open' && name !== step ? <Link to={paths.checkout[name]}>{titles[name]}</Link> : <span>{titles[name]}</span>}
              </li>
            );
          })}
        </ol>
      </nav>
      {body}
    </>
  );
  const frame = (body: ReactNode) => (
    <Page title={titles[step]} testId={`page-checkout-${step}`}>
      <div className={own.layout} data-summary={summary !== null}>
        {summary && <div className={own.summary}>{summary}</div>}
        <div className={own.steps}>{steps(body)}</div>
      </div>
    </Page>
  );
  if (failed) return frame(<ErrorBox />);
  if (!loaded || !gates || !countries) return frame(<Loading />);
  if (step === 'base') return <Navigate to={paths.checkout.login} replace />;
  if (GATED.includes(step)) {
    const redirect = redirectFor(step as GatedStep, gates);
    if (redirect) return <Navigate to={redirect.to} replace state={{ reasons: redirect.reasons }} />;
  }
  const reasons = ((location.state as { reasons?: Reason[] } | null)?.reasons ?? []).filter((reason) => reason.key);
  const reasonsBox =
    reasons.length > 0 ? (
      <div className={styles.warning} role="alert" data-testid="gate-reasons">
        <ul>
          {reasons.map((reason) => (
            <li key={reason.key}>{translateMessage(reason)}</li>
          ))}
        </ul>
      </div>
    ) : null;
  let body: ReactNode;
  switch (step) {
    case 'login':
      body = <LoginStep />;
      break;
    case 'billing':
      body = <BillingStep countries={countries} gates={gates} />;
      break;
    case 'delivery':
      body = <DeliveryStep countries={countries} gates={gates} />;
      break;
    case 'payment':
      body = <PaymentStep countries={countries} gates={gates} />;
      break;
    case 'complete':
      body = <ConfirmStep countries={countries} gates={gates} />;
      break;
    case 'passwordForgot':
      body = passwordForgot;
      break;
    case 'passwordReset':
      body = passwordReset;
      break;
    default:
      body = null;
  }
  return frame(
    <>
      {reasonsBox}
      <MismatchBox />
      <CartNotices />
      {body}
    </>,
  );
}
