/**
 * The named pages whose content comes in later issues: each renders a real page with what
 * exists now (title, empty states, links), so later work adds to it.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { paths, type CheckoutStep } from '../app/paths';
import { Page } from '../components/layout/Page';
import { VatPreview } from '../features/vat-preview/VatPreview';
import { cartItemCountAtom } from '../state';

export function CartRoute() {
  const { t } = useTranslation();
  const count = useAtomValue(cartItemCountAtom);
  return (
    <Page title={t('cart.title')} testId="page-cart">
      <p>{count === 0 ? t('cart.empty') : t('cart.itemCount', { count })}</p>
    </Page>
  );
}

export function CompareRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('compare.title')} testId="page-compare">
      <p>{t('compare.empty')}</p>
    </Page>
  );
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

const CHECKOUT_STEPS: CheckoutStep[] = ['login', 'billing', 'delivery', 'payment'];

export function CheckoutRoute({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation();
  const titles: Record<CheckoutStep, string> = {
    base: t('checkout.title'),
    login: t('checkout.steps.login'),
    billing: t('checkout.steps.billing'),
    passwordReset: t('auth.reset.title'),
    passwordForgot: t('auth.forgot.title'),
    delivery: t('checkout.steps.delivery'),
    payment: t('checkout.steps.payment'),
    complete: t('checkout.thankYou.title'),
  };
  return (
    <Page title={titles[step]} testId={`page-checkout-${step}`}>
      <nav aria-label={t('checkout.title')}>
        <ol>
          {CHECKOUT_STEPS.map((name) => (
            <li key={name} aria-current={name === step ? 'step' : undefined}>
              <Link to={paths.checkout[name]}>{titles[name]}</Link>
            </li>
          ))}
        </ol>
      </nav>
    </Page>
  );
}

/** Diagnostics: the WASM engine in the browser and the server agree (the skeleton's VAT preview). */
export function EngineCheckRoute() {
  return (
    <main data-testid="page-engine-check">
      <VatPreview />
    </main>
  );
}
