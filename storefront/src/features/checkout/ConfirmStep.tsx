import { useState, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { textOfKey } from '../../i18n';
import { paths } from '../../lib/paths';
import { ErrorBox } from '../../components/ui/ErrorBox';
import { Loading } from '../../components/ui/Loading';
import { Price } from '../../components/ui/Price';
import type { CheckoutGates } from '../../engine';
import { readApiError, type Address } from '../../api/cart';
import { CartTotals } from '../../components/cart/CartTotals';
import { useProductTexts } from '../../components/product/productTexts';
import { useCart } from '../../lib/cart';
import { cartErrorText } from '../../lib/cartErrors';
import { placeOrder } from '../../api/orders';
import { parcelShopLine, useParcelShop } from './parcelShop';
import styles from '../../components/shop.module.css';
import { DutchNotice } from './BillingStep';
import type { Country } from './reference';
import { usePaymentMethods } from './useCheckout';

/** The order API's refusal codes (with or without the `errors.` prefix) and their messages. */
const ORDER_ERROR_KEYS = {
  outOfStock: 'errors.outOfStock',
  giftCardBalance: 'errors.giftCardRejected',
  giftCardRejected: 'errors.giftCardRejected',
  discountCodeInvalid: 'cart.discountCode.invalid',
  discountCodeUsed: 'errors.discountCodeUsed',
  paymentProviderUnavailable: 'errors.paymentProviderUnavailable',
} as const;
const orderErrorKey = (code: string | null) =>
  code ? (ORDER_ERROR_KEYS as Record<string, (typeof ORDER_ERROR_KEYS)[keyof typeof ORDER_ERROR_KEYS]>)[code.replace(/^errors\./, '')] : undefined;

/** Where the browser goes after the order: the payment page, or the success page. */
export const browser = { assign: (url: string) => window.location.assign(url) };

export function ConfirmStep({ countries, gates }: { countries: Country[]; gates: CheckoutGates }) {
  const { t } = useTranslation();
  const texts = useProductTexts();
  const cart = useCart();
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const chosenId = cart.answer?.cart.payment.paymentMethodId ?? null;
  // Something is left to pay after a gift card: the engine's gates say so.
  const paying = gates.paymentMethodNeeded;
  // The method's name and bank come from the server's list, asked only when they are shown.
  const offered = usePaymentMethods(paying && chosenId !== null);
  const pickupPoint = useParcelShop(cart.answer?.cart.shippingMethod === 1 ? cart.answer.cart.dpdParcelShopId : null);
  const answer = cart.answer;
  const calculation = cart.calculation;
  if (!answer || !calculation) return null;
  const view = answer.cart;
  const country = (id: number | null | undefined) => countries.find((candidate) => candidate.countryId === id)?.name ?? '';
  const address = (value: Address | undefined | null) =>
    value
      ? [
          `${value.street ?? ''} ${value.streetNumber ?? ''}${value.streetNumberAddition ? ` ${value.streetNumberAddition}` : ''}`.trim(),
          `${value.zipcode ?? ''} ${value.city ?? ''}`.trim(),
          country(value.countryId),
        ]
      : [];
  const method = offered.methods?.find((candidate) => candidate.paymentMethodId === chosenId);
  const bank = method?.issuers.find((candidate) => candidate.issuerId === view.payment.issuer)?.name;
  const billing = view.billing;
  const delivery = calculation.scanProductsOnly
    ? [t('checkout.delivery.skipped')]
    : view.shippingMethod === 1
      ? [t('checkout.delivery.pickupPoint'), ...(pickupPoint ? [t('checkout.pickupFinder.chosenShop', { location: parcelShopLine(pickupPoint) })] : [])]
      : view.alternativeShippingAddress
        ? [
            t('checkout.delivery.alternativeAddress'),
            `${view.shipping?.firstName ?? ''} ${view.shipping?.lastName ?? ''}`.trim(),
            ...address(view.shipping?.address),
          ]
        : [t('checkout.delivery.home'), ...address(billing?.address)];

  const place = () => {
    if (!accepted) {
      setTermsError(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    placeOrder(view.shoppingcartId).then(
      (placed) => browser.assign(placed.redirectUrl),
      (error: unknown) => {
        const problem = readApiError(error);
        const details: string[] = [];
        for (const field of problem.fieldErrors) {
          const text = textOfKey(t, field.key ?? '');
          details.push(text || field.message);
        }
        const known = orderErrorKey(problem.code);
        if (known) details.push(t(known));
        // No reason the visitor can act on (a server fault, no connection): the server's own
        // text is not in the visitor's language, so the shop's advice is shown instead.
        else if (details.length === 0) details.push(t('errors.contactCustomerService'));
        setFailure(details);
        setBusy(false);
        void cart.reload();
      },
    );
  };

  return (
    <div className={styles.form} style={{ maxWidth: 'none' }} data-testid="confirm-step">
      <h2>{t('checkout.summary.title')}</h2>
      <div className={styles.cartLayout}>
        <section>
          <table className={styles.table} data-testid="order-lines">
            <thead>
              <tr>
                <th scope="col">{t('cart.product')}</th>
                <th scope="col">{t('cart.quantity')}</th>
                <th scope="col">{t('cart.price')}</th>
              </tr>
            </thead>
            <tbody>
              {calculation.products.map((line) => (
                <tr key={line.productVariantId}>
                  <td>
                    {line.description}
                    <div className={styles.muted}>{texts.variantLabel(line.productLabel)}</div>
                    {line.rqsSamples.map((sample) => (
                      <div key={sample.sequence} className={styles.muted}>
                        {t('checkout.summary.sample', { number: sample.sequence, name: sample.sampleName })}
                      </div>
                    ))}
                    {line.freeProducts.map((free) => (
                      <div key={free.productVariantId} className={styles.muted}>
                        {t('cart.freeProductLine', { count: Number(free.quantity), product: free.description })}
                      </div>
                    ))}
                  </td>
                  <td>{line.quantity}</td>
                  <td>
                    <Price amount={line.totalAmount} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={styles.grid} style={{ marginTop: 'var(--space-4)' }}>
            <div className={styles.card} data-testid="summary-billing">
              <h3>{t('checkout.steps.billing')}</h3>
              <span>{`${billing?.firstName ?? ''} ${billing?.lastName ?? ''}`}</span>
              <span>{billing?.emailAddress}</span>
              {address(billing?.address).map((part) => (
                <span key={part}>{part}</span>
              ))}
              {view.company?.companyName && <span>{view.company.companyName}</span>}
              {view.company?.vatNumber && <span>{view.company.vatNumber}</span>}
              <Link to={paths.checkout.billing}>{t('common.edit')}</Link>
            </div>
            <div className={styles.card} data-testid="summary-delivery">
              <h3>{t('checkout.steps.delivery')}</h3>
              {delivery.map((part, index) => (
                <span key={index}>{part}</span>
              ))}
              {!calculation.scanProductsOnly && <Link to={paths.checkout.delivery}>{t('common.edit')}</Link>}
            </div>
            <div className={styles.card} data-testid="summary-payment">
              <h3>{t('checkout.steps.payment')}</h3>
              {!paying ? (
                <span>{t('checkout.payment.notRequired')}</span>
              ) : chosenId !== null && offered.failed ? (
                <ErrorBox onRetry={offered.retry} />
              ) : chosenId !== null && offered.methods === null ? (
                <Loading />
              ) : (
                <span>
                  {method?.name ?? ''}
                  {bank ? ` (${bank})` : ''}
                </span>
              )}
              {view.payment.giftCardNumber && <span>{t('cart.giftCard.title')}</span>}
              <Link to={paths.checkout.payment}>{t('common.edit')}</Link>
            </div>
          </div>
        </section>
        <aside className={styles.card}>
          {view.discountCode && <DiscountCodeSummary code={view.discountCode} onRemoved={() => setFailure(null)} />}
          <CartTotals calculation={calculation} />
          <label className={styles.row}>
            <input
              type="checkbox"
              checked={accepted}
              onChange={(event) => {
                setAccepted(event.target.checked);
                setTermsError(false);
              }}
              data-testid="accept-terms"
              aria-invalid={termsError ? true : undefined}
            />
            <span>
              <Trans i18nKey="checkout.payment.terms" components={{ termsLink: <TermsLink /> }} />
            </span>
          </label>
          {termsError && (
            <span className={styles.fieldError} role="alert">
              {t('validation.required')}
            </span>
          )}
          {gates.orderOnDutchSite && <DutchNotice />}
          {failure && (
            <div className={styles.warning} role="alert" data-testid="order-error">
              <p>{t('errors.orderPlacementFailed')}</p>
              {failure.map((text, index) => (
                <p key={index}>{text}</p>
              ))}
            </div>
          )}
          <button type="button" className={styles.button} onClick={place} disabled={busy || cart.pending} data-testid="place-order">
            {paying ? t('checkout.payment.payAndPlaceOrder') : t('checkout.payment.placeOrder')}
          </button>
        </aside>
      </div>
    </div>
  );
}

/**
 * The cart's discount code, which the customer may take off here: the server refuses the order
 * when the customer has used the code as often as it may be used, and the order can then be
 * placed without it. Taking it off clears that refusal (the cart changed).
 */
function DiscountCodeSummary({ code, onRemoved }: { code: string; onRemoved: () => void }) {
  const { t } = useTranslation();
  const cart = useCart();
  const [error, setError] = useState<string | null>(null);
  const remove = () => {
    setError(null);
    cart.removeDiscountCode().then(onRemoved, (failure: unknown) => setError(cartErrorText(failure, t)));
  };
  return (
    <div className={styles.row} data-testid="summary-discount-code">
      <span>{t('cart.discountCode.applied', { code })}</span>
      <button type="button" className={styles.secondary} onClick={remove} disabled={cart.pending}>
        {t('cart.discountCode.remove')}
      </button>
      {error && (
        <span className={styles.fieldError} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** The terms' link in the acceptance sentence (its text comes from the catalog, through Trans). */
function TermsLink({ children }: { children?: ReactNode }) {
  return (
    <a href="/algemene-voorwaarden/" target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
