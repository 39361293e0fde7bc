import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { Price, shownPrice, useFormatEuro } from '../ui/Price';
import { totalsShown, type CalculatedCart, type TotalsShown } from '../../engine';
import { cultureAtom, useSite } from '../../state';
import styles from '../shop.module.css';
import { cartPendingAtom } from '../../lib/cart';

/** Which rows the totals of a calculation show, by the engine's rule. */
export function cartTotalsShown(calculation: CalculatedCart): TotalsShown {
  return totalsShown({
    shippingCosts: calculation.shippingCosts,
    shippingOffered: calculation.shippingMethods.length > 0,
    paymentCosts: calculation.paymentCosts,
    giftCardAmount: calculation.giftCardAmount,
    vatAmountLow: calculation.vatAmountLow,
    vatAmountHigh: calculation.vatAmountHigh,
  });
}

/** The totals of a calculation (the engine's preview or the server's answer). */
export function CartTotals({ calculation, vatHigh, vatLow }: { calculation: CalculatedCart; vatHigh?: string; vatLow?: string }) {
  const { t } = useTranslation();
  const pending = useAtomValue(cartPendingAtom);
  const site = useSite();
  const high = vatHigh ?? site.vatPercentageHigh;
  const low = vatLow ?? site.vatPercentageLow;
  const discounts = [...calculation.orderDiscounts];
  const shown = cartTotalsShown(calculation);
  return (
    <dl className={styles.totals} data-testid="cart-totals" aria-busy={pending}>
      <dt>{t('cart.subtotal')}</dt>
      <dd data-testid="subtotal">
        <Price amount={calculation.subTotalAmount} />
      </dd>
      {discounts.map((discount) => (
        <Fragmentish key={`${discount.promotionKey}-${discount.description}`} label={discount.description}>
          <Price amount={discount.amount} negative />
        </Fragmentish>
      ))}
      <dt>{t('cart.shippingCosts')}</dt>
      <dd data-testid="shipping-costs">{shown.shippingFree ? t('common.free') : <Price amount={calculation.shippingCosts} />}</dd>
      {calculation.shippingDiscounts.map((discount) => (
        <Fragmentish key={`ship-${discount.promotionKey}`} label={discount.description}>
          <Price amount={discount.amount} negative />
        </Fragmentish>
      ))}
      {shown.paymentCosts && (
        <>
          <dt>{t('cart.paymentCosts')}</dt>
          <dd>
            <Price amount={calculation.paymentCosts} />
          </dd>
        </>
      )}
      <dt className={styles.totalRow}>{t('cart.total')}</dt>
      <dd className={styles.totalRow} data-testid="total">
        <Price amount={calculation.totalAmount} />
      </dd>
      {shown.giftCard && (
        <>
          <dt>{t('cart.giftCard.paid')}</dt>
          <dd data-testid="gift-card-amount">
            <Price amount={calculation.giftCardAmount} negative />
          </dd>
          <dt className={styles.totalRow}>{t('cart.amountToPay')}</dt>
          <dd className={styles.totalRow} data-testid="amount-to-pay">
            <Price amount={calculation.amountToPay} />
          </dd>
        </>
      )}
      <ChargedInEuro amountToPay={calculation.amountToPay} />
      <dt className={styles.muted}>{t('cart.totalExclVat')}</dt>
      <dd className={styles.muted}>
        <Price amount={calculation.totalAmountExclVat} />
      </dd>
      {shown.vatLow && (
        <>
          <dt className={styles.muted}>{t('cart.vatLow', { rate: low })}</dt>
          <dd className={styles.muted}>
            <Price amount={calculation.vatAmountLow} />
          </dd>
        </>
      )}
      {shown.vatHigh && (
        <>
          <dt className={styles.muted}>{t('cart.vatHigh', { rate: high })}</dt>
          <dd className={styles.muted}>
            <Price amount={calculation.vatAmountHigh} />
          </dd>
        </>
      )}
    </dl>
  );
}

/** Where amounts are indicative conversions: the euro amount that will really be charged. */
function ChargedInEuro({ amountToPay }: { amountToPay: string }) {
  const { t } = useTranslation();
  const site = useSite();
  const culture = useAtomValue(cultureAtom);
  const formatEuro = useFormatEuro();
  if (!shownPrice(amountToPay, site, culture).indicative) return null;
  return (
    <>
      <dt className={styles.totalRow}>{t('currency.charged')}</dt>
      <dd className={styles.totalRow} data-testid="charged-in-euro">
        {formatEuro(amountToPay)}
      </dd>
    </>
  );
}

function Fragmentish({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
