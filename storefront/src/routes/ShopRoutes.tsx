/**
 * The named pages whose content comes in later issues: each renders a real page with what
 * exists now (title, empty states, links), so later work adds to it.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { paths, type CheckoutStep } from '../lib/paths';
import { Page } from '../components/layout/Page';
import { ForgotPasswordForm, ResetPasswordForm } from '../features/account';
import { CartPage } from '../features/cart';
import { ProductListPage } from '../features/catalog';
import { CheckoutPage } from '../features/checkout';
import { ComparePage } from '../features/compare';
import { FeedCalculatorPage } from '../features/feed-calculator';
import { VatPreview } from '../features/vat-preview';

export function CartRoute() {
  return <CartPage />;
}

/** The search results of the header's search box: the product overview without a landing page. */
export function SearchRoute() {
  return <ProductListPage title="" landingPageId={null} />;
}

export function FeedCalculatorRoute() {
  return <FeedCalculatorPage />;
}

export function CompareRoute() {
  return <ComparePage />;
}

export function DealerRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('storeLocator.title')} testId="page-dealer">
      <p>{t('dealers.title')}</p>
    </Page>
  );
}

export function MediaIndexRoute() {
  const { t } = useTranslation();
  return <Page title={t('news.title')} testId="page-media" />;
}

export function MediaItemRoute() {
  const { t } = useTranslation();
  const { id, itemname } = useParams();
  return (
    <Page title={t('news.title')} testId="page-media-item">
      <p data-news-item-id={id ?? ''} data-item-name={itemname ?? ''} />
      <p>
        <Link to={paths.media}>{t('news.backToOverview')}</Link>
      </p>
    </Page>
  );
}

export function CheckoutRoute({ step }: { step: CheckoutStep }) {
  return (
    <CheckoutPage step={step} passwordForgot={<ForgotPasswordForm callbackPath={paths.checkout.passwordReset} />} passwordReset={<CheckoutPasswordReset />} />
  );
}

/** The checkout's reset step (the account's form): a new password from the mailed link, then back to the checkout's login. */
function CheckoutPasswordReset() {
  const navigate = useNavigate();
  return <ResetPasswordForm forgotPath={paths.checkout.passwordForgot} onDone={() => navigate(`${paths.checkout.login}?r=1`, { replace: true })} />;
}

/** Diagnostics: the WASM engine in the browser and the server agree (the skeleton's VAT preview). */
export function EngineCheckRoute() {
  return (
    <main data-testid="page-engine-check">
      <VatPreview />
    </main>
  );
}
