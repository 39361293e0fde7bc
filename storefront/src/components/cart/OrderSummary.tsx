/**
 * The checkout's order summary: the lines (name, variant, quantity, amount), the subtotal,
 * discounts, shipping and payment costs and the total, all as the server calculated the cart
 * (its last answer; which rows show is the engine's `cart.totalsShown`). Beside the steps on a
 * wide screen; on a phone a disclosure above them, closed, that shows the total.
 */
import { ChevronDown, ShoppingBag } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { CalculatedCart } from '../../engine';
import { paths } from '../../lib/paths';
import { useProductTexts } from '../product/productTexts';
import { Price } from '../ui/Price';
import { cartTotalsShown } from './CartTotals';
import styles from './OrderSummary.module.css';

export function OrderSummary({ calculation }: { calculation: CalculatedCart }) {
  const { t } = useTranslation();
  const texts = useProductTexts();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const shown = cartTotalsShown(calculation);
  const count = Number(calculation.itemCount);
  const total = calculation.totalAmount;
  return (
    <section className={styles.summary} aria-labelledby={headingId} data-testid="order-summary">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="order-summary-toggle"
      >
        <ShoppingBag className={styles.icon} aria-hidden="true" focusable="false" />
        <span className={styles.toggleLabel}>{open ? t('checkout.summary.hide') : t('checkout.summary.show')}</span>
        <ChevronDown className={styles.chevron} data-open={open} aria-hidden="true" focusable="false" />
        <span className={styles.toggleTotal}>
          <Price amount={total} />
        </span>
      </button>
      <div id={panelId} className={styles.panel} data-open={open} data-testid="order-summary-panel">
        <h2 id={headingId} className={styles.heading}>
          {t('checkout.summary.yourOrder')}{' '}
          <span className={styles.count} data-testid="cart-count" aria-hidden="true">
            {count}
          </span>
          <span className="visually-hidden">{t('header.cartItems', { count })}</span>
        </h2>
        <ul className={styles.lines}>
          {calculation.products.map((line) => (
            <li key={line.productVariantId} className={styles.line} data-testid="order-summary-line" data-variant-id={line.productVariantId}>
              <span className={styles.lineName}>
                <span>
                  <span className={styles.quantity}>{line.quantity} ×</span> {line.description}
                </span>
                {line.productLabel && <span className={styles.muted}>{texts.variantLabel(line.productLabel)}</span>}
                {line.freeProducts.map((free) => (
                  <span key={free.productVariantId} className={styles.muted}>
                    {t('cart.freeProduct')}: {t('cart.freeProductLine', { count: Number(free.quantity), product: free.description })}
                  </span>
                ))}
              </span>
              <span className={styles.amount}>
                <Price amount={line.totalAmount} />
              </span>
            </li>
          ))}
        </ul>
        <dl className={styles.totals}>
          <dt>{t('cart.subtotal')}</dt>
          <dd data-testid="order-summary-subtotal">
            <Price amount={calculation.subTotalAmount} />
          </dd>
          {calculation.orderDiscounts.map((discount) => (
            <Row key={`${discount.promotionKey}-${discount.description}`} label={discount.description}>
              <Price amount={discount.amount} negative />
            </Row>
          ))}
          <dt>{t('cart.shippingCosts')}</dt>
          <dd data-testid="order-summary-shipping">{shown.shippingFree ? t('common.free') : <Price amount={calculation.shippingCosts} />}</dd>
          {calculation.shippingDiscounts.map((discount) => (
            <Row key={`ship-${discount.promotionKey}`} label={discount.description}>
              <Price amount={discount.amount} negative />
            </Row>
          ))}
          {shown.paymentCosts && (
            <Row label={t('cart.paymentCosts')} testId="order-summary-payment-costs">
              <Price amount={calculation.paymentCosts} />
            </Row>
          )}
          <dt className={styles.totalRow}>{t('cart.total')}</dt>
          <dd className={styles.totalRow} data-testid="order-summary-total">
            <Price amount={total} />
          </dd>
          {shown.giftCard && (
            <>
              <Row label={t('cart.giftCard.paid')}>
                <Price amount={calculation.giftCardAmount} negative />
              </Row>
              <dt className={styles.totalRow}>{t('cart.amountToPay')}</dt>
              <dd className={styles.totalRow} data-testid="order-summary-to-pay">
                <Price amount={calculation.amountToPay} />
              </dd>
            </>
          )}
        </dl>
        <Link to={paths.cart} className={styles.edit} data-testid="order-summary-edit">
          {t('checkout.summary.editCart')}
        </Link>
      </div>
    </section>
  );
}

function Row({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}
