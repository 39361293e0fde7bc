/**
 * The pages the payment provider's return leads to (through the dynamic route, by the site's
 * page ids): thank-you (with the scan variant) and failed payment. The order comes from
 * `GET /api/orders/{orderId}`; its amounts are formatted by the engine.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../lib/paths';
import { Markdown } from '../../components/content/Markdown';
import { Page } from '../../components/layout/Page';
import { AsyncView } from '../../components/ui/AsyncView';
import { ErrorBox } from '../../components/ui/ErrorBox';
import { Loading } from '../../components/ui/Loading';
import { Price } from '../../components/ui/Price';
import { formatDate, totalsShown } from '../../engine';
import { cartIdAtom } from '../../state';
import { trackPurchase } from '../../lib/cartTracking';
import { forgetCart, loadCart } from '../../lib/cart';
import styles from '../../components/shop.module.css';
import { fetchOrder, forgetIdempotencyKey, type OrderView } from '../../api/orders';
import { surveyApi, type SurveyLink } from '../../api/survey';

const STATUS_KEYS = {
  created: 'status.created',
  open: 'status.open',
  paid: 'status.paid',
  processing: 'status.processing',
  sent: 'status.sent',
  closed: 'status.closed',
  cancelled: 'status.cancelled',
} as const;

function OrderSummary({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const shown = totalsShown({
    shippingCosts: order.shippingCosts,
    paymentCosts: order.paymentCosts,
    giftCardAmount: order.giftCardAmount,
    vatAmountLow: order.vatAmountLow,
    vatAmountHigh: order.vatAmountHigh,
  });
  return (
    <section className={styles.card} data-testid="order-summary">
      <dl className={styles.totals}>
        <dt>{t('checkout.summary.orderNumber')}</dt>
        <dd data-testid="order-number">{order.orderNumber}</dd>
        <dt>{t('account.orders.orderDate')}</dt>
        <dd>{formatDate({ date: new Date(order.orderDate).toISOString().slice(0, 10) }).text}</dd>
        <dt>{t('account.orders.status')}</dt>
        <dd data-testid="order-status">{t((STATUS_KEYS as Record<string, (typeof STATUS_KEYS)[keyof typeof STATUS_KEYS]>)[order.status] ?? 'status.open')}</dd>
      </dl>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('cart.product')}</th>
              <th scope="col">{t('cart.quantity')}</th>
              <th scope="col">{t('cart.price')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.lineNumber}>
                <td>
                  {line.description}
                  {line.isFree && <span className={styles.muted}>{` ${t('cart.freeProduct')}`}</span>}
                  {line.rqsSamples.map((sample) => (
                    <div key={sample.sequence} className={styles.muted} data-testid="order-sample">
                      {t('checkout.summary.sample', { number: sample.sequence, name: sample.sampleName })}
                    </div>
                  ))}
                </td>
                <td>{line.quantity}</td>
                <td>{line.isFree ? t('common.free') : <Price amount={line.totalAmount} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={styles.totals}>
        <dt>{t('cart.subtotal')}</dt>
        <dd>
          <Price amount={order.subTotalAmount} />
        </dd>
        {order.orderDiscounts.map((discount) => (
          <Row key={discount.promotionKey} label={discount.description} amount={discount.amount} negative />
        ))}
        <dt>{t('cart.shippingCosts')}</dt>
        <dd>
          <Price amount={order.shippingCosts} />
        </dd>
        {shown.paymentCosts && <Row label={t('cart.paymentCosts')} amount={order.paymentCosts} />}
        <dt className={styles.totalRow}>{t('cart.total')}</dt>
        <dd className={styles.totalRow} data-testid="order-total">
          <Price amount={order.totalAmount} />
        </dd>
        {shown.giftCard && (
          <>
            <Row label={t('cart.giftCard.paid')} amount={order.giftCardAmount} negative />
            <Row label={t('cart.amountToPay')} amount={order.amountToPay} />
          </>
        )}
        <dt className={styles.muted}>{t('cart.totalExclVat')}</dt>
        <dd className={styles.muted}>
          <Price amount={order.totalAmountExclVat} />
        </dd>
      </dl>
    </section>
  );
}

function Row({ label, amount, negative = false }: { label: string; amount: string; negative?: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Price amount={amount} negative={negative} />
      </dd>
    </>
  );
}

function useOrderId(): string | null {
  const location = useLocation();
  return new URLSearchParams(location.search).get('orderId');
}

/** Thank you: the order number and summary; the scan variant explains sending the samples. */
export function ThankYouPage({ title, body, scan }: { title: string; body?: string | undefined; scan: boolean }) {
  const { t } = useTranslation();
  const orderId = useOrderId();
  const store = useStore();
  const cartId = useAtomValue(cartIdAtom);
  const promise = useMemo(() => (orderId ? fetchOrder(orderId) : null), [orderId]);
  // The order is placed: the next visit to the cart starts a new one.
  const onPlaced = useEffectEvent(() => {
    forgetIdempotencyKey(cartId);
    forgetCart(store);
  });
  useEffect(() => {
    if (!promise) return;
    promise.then(
      (order) => {
        onPlaced();
        trackPurchase(order);
      },
      () => undefined,
    );
  }, [promise]);
  return (
    <Page title={title || t('checkout.thankYou.title')} testId="page-thank-you">
      {body && <Markdown source={body} />}
      {promise ? (
        <AsyncView promise={promise} pending={<Loading />} rejected={() => <ErrorBox />}>
          {(order) => (
            <>
              <p data-testid="thank-you-number">{t('checkout.thankYou.orderNumber', { orderNumber: order.orderNumber })}</p>
              <p>{t('checkout.thankYou.mail', { email: order.emailAddress })}</p>
              {(scan || order.scanProductsOnly) && (
                <div className={styles.notice} data-testid="rqs-instructions">
                  <p>{t('checkout.thankYou.scanText')}</p>
                  <ol>
                    <li>{t('roughage.step2')}</li>
                    <li>{t('roughage.step3')}</li>
                    <li>{t('roughage.step4')}</li>
                  </ol>
                </div>
              )}
              <OrderSummary order={order} />
              <SurveyInvitation orderId={orderId ?? ''} />
            </>
          )}
        </AsyncView>
      ) : (
        <p>{t('checkout.thankYou.noOrder')}</p>
      )}
      <p>
        <Link to={paths.home}>{t('cart.continueShopping')}</Link>
      </p>
    </Page>
  );
}

/**
 * The invitation to the customer survey: its signed link, which the server gives only
 * to the browser that placed the order (or its signed-in owner). Loaded after the page is live;
 * nothing shows when there is none or it was answered.
 */
function SurveyInvitation({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<SurveyLink | null>(null);
  useEffect(() => {
    if (!orderId) return;
    let current = true;
    surveyApi.linkOf(orderId).then(
      (answer) => {
        if (current) setLink(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [orderId]);
  if (!link || link.answered) return null;
  const query = new URLSearchParams({ order: link.orderNumber, token: link.token });
  return (
    <p data-testid="thank-you-survey">
      {`${t('customerSurvey.thankYouIntro')} `}
      <Link to={`${paths.survey}?${query.toString()}`}>{t('customerSurvey.thankYouLink')}</Link>
    </p>
  );
}

/**
 * The order, its failure already observed: a render that React drops before showing it (while
 * the page's chunk or data loads) leaves a promise nobody reads, and its failure must not
 * surface as an unhandled rejection. The page shows the failure itself.
 */
function watchedOrder(orderId: string): Promise<OrderView> {
  const order = fetchOrder(orderId);
  order.catch(() => undefined);
  return order;
}

/**
 * Failed payment. The server cancels an order whose payment failed (and mails the customer so);
 * an order still awaiting its payment is only unpaid. The page names the order by its number,
 * from the order itself (the browser that placed it may fetch it); without it, no reference at
 * all. The cart is kept: "try again" and another method go back to the payment step.
 */
export function PaymentFailedPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const orderId = useOrderId();
  const store = useStore();
  const cartId = useAtomValue(cartIdAtom);
  const promise = useMemo(() => (orderId ? watchedOrder(orderId) : null), [orderId]);
  // A new attempt is a new order; the cart is fetched again (it is kept). Once, on arrival.
  const onArrival = useEffectEvent(() => {
    forgetIdempotencyKey(cartId);
    void loadCart(store);
  });
  useEffect(() => onArrival(), []);
  const unknownOrder = <p data-testid="payment-failed-text">{t('checkout.failed.text')}</p>;
  return (
    <Page title={title || t('checkout.failed.title')} testId="page-payment-failed">
      {promise ? (
        <AsyncView promise={promise} pending={<Loading />} rejected={() => unknownOrder}>
          {(order) => (
            <p data-testid="payment-failed-text">
              {order.status === 'cancelled'
                ? t('checkout.failed.cancelled', { orderNumber: order.orderNumber })
                : t('checkout.failed.notPaid', { orderNumber: order.orderNumber })}
            </p>
          )}
        </AsyncView>
      ) : (
        unknownOrder
      )}
      <p>{t('checkout.failed.cartKept')}</p>
      <p className={styles.row}>
        <Link to={paths.checkout.payment} className={styles.button} data-testid="retry-payment">
          {t('checkout.failed.retry')}
        </Link>
        <Link to={paths.checkout.payment}>{t('checkout.failed.otherMethod')}</Link>
      </p>
    </Page>
  );
}
