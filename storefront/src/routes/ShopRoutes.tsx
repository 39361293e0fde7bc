/**
 * The named pages whose content comes in later issues: each renders a real page with what
 * exists now (title, empty states, links), so later work adds to it.
 */
import { useLoaderData, useNavigate } from 'react-router';

import type { SearchResponse } from '../api/catalog';
import type { NewsPage } from '../api/content';
import { paths, type CheckoutStep } from '../lib/paths';
import { ForgotPasswordForm, ResetPasswordForm } from '../features/account';
import { CartPage } from '../features/cart';
import { ProductListPage } from '../features/catalog';
import { CheckoutPage } from '../features/checkout';
import { ComparePage } from '../features/compare';
import { NewsIndexPage } from '../features/content';
import { FeedCalculatorPage } from '../features/feed-calculator';
import { VatPreview } from '../features/vat-preview';
import { StoreLocatorPage, type StoreLocatorData } from '../features/store-locator';

export function CartRoute() {
  return <CartPage />;
}

/** The search results of the header's search box: the product overview without a landing page. */
export function SearchRoute() {
  const results = useLoaderData<SearchResponse | null>();
  return <ProductListPage title="" landingPageId={null} results={results} />;
}

export function FeedCalculatorRoute() {
  return <FeedCalculatorPage />;
}

export function CompareRoute() {
  return <ComparePage />;
}

export function DealerRoute() {
  const data = useLoaderData<StoreLocatorData>();
  return <StoreLocatorPage data={data} />;
}

/** `/media/`: the news overview, from its loader (routes/media.ts). */
export function MediaIndexRoute() {
  const news = useLoaderData<NewsPage>();
  return <NewsIndexPage news={news} />;
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
