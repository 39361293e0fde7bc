/** Account home, orders (list with load more, one order's detail, order again) and invoices. */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate, useParams } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { textOfKey } from '../../i18n';
import { paths } from '../../lib/paths';
import { Page } from '../../components/layout/Page';
import { formStyles, FormMessage } from '../../components/ui/Form';
import { Price } from '../../components/ui/Price';
import { orderPayable } from '../../engine';
import { readProblem, serverErrors } from '../../lib/apiErrors';
import { sessionAtom } from '../../state';
import { addToCart } from '../../lib/cart';
import { accountApi, type InvoicePage, type OrderDetail, type OrderPage, type OrderSummary, type PaymentMethod, type Person } from './api';
import type { AccountLoaderData } from './loaders';
import { Data, dateText, Empty, StatusLabel, styles } from './ui';

export function AccountHomePage() {
  const { t } = useTranslation();
  const data = useLoaderData<AccountLoaderData<'home'>>();
  const session = useAtomValue(sessionAtom);
  return (
    <Page title={t('account.title')} testId="page-account-home">
      <Data resolve={data.account}>
        {(account) => (
          <section className={styles.section} aria-labelledby="account-greeting">
            <h2 id="account-greeting" data-testid="account-greeting">
              {t('account.greeting', { firstName: account.firstName })}
            </h2>
            <UnreadResults count={session.status === 'signedIn' ? session.account.unreadQuickscanResults : account.unreadQuickscanResults} />
          </section>
        )}
      </Data>
      <section className={styles.section} aria-labelledby="account-latest-orders">
        <h2 id="account-latest-orders">{t('account.home.latestOrders')}</h2>
        <Data resolve={data.orders}>
          {(orders) => (orders.items.length === 0 ? <Empty>{t('account.orders.empty')}</Empty> : <OrderList orders={orders.items} headingLevel={3} />)}
        </Data>
        <p>
          <Link to={paths.account.orders}>{t('account.home.allOrders')}</Link>
        </p>
      </section>
      <nav className={styles.section} aria-labelledby="account-shortcuts">
        <h2 id="account-shortcuts">{t('account.home.shortcuts')}</h2>
        <ul className={styles.actions}>
          <li>
            <Link to={paths.account.invoices}>{t('account.menu.invoices')}</Link>
          </li>
          <li>
            <Link to={paths.account.returns}>{t('account.menu.returns')}</Link>
          </li>
          <li>
            <Link to={paths.account.subscriptions}>{t('account.menu.subscriptions')}</Link>
          </li>
          <li>
            <Link to={paths.account.information}>{t('account.menu.personalData')}</Link>
          </li>
          <li>
            <Link to={`${paths.account.information}reviews/`}>{t('account.menu.reviews')}</Link>
          </li>
        </ul>
      </nav>
    </Page>
  );
}

/**
 * The count of unread scan results (`unreadQuickscanResults`), named
 * as results and linked to the results page, where they are listed. The session's count is the
 * one the header shows and follows when a result is opened.
 */
function UnreadResults({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <p data-testid="account-unread">
      {count > 0 ? <Link to={paths.account.rqsResults}>{t('account.home.unreadResults', { count })}</Link> : t('account.home.noUnread')}
    </p>
  );
}

function OrderList({
  orders,
  headingLevel = 2,
  firstNewIndex,
  firstNewRef,
}: {
  orders: OrderSummary[];
  headingLevel?: 2 | 3;
  firstNewIndex?: number;
  firstNewRef?: React.RefObject<HTMLAnchorElement | null>;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.list} data-testid="order-list">
      {orders.map((order, index) => (
        <li key={order.orderNumber} className={styles.card} data-testid="order-item">
          <Heading className={styles.cardTitle}>
            <Link
              to={`${paths.account.orders}${encodeURIComponent(order.orderNumber)}/`}
              ref={index === firstNewIndex ? firstNewRef : undefined}
              aria-label={`${t('account.orders.view')} ${order.orderNumber}`}
            >
              {order.orderNumber}
            </Link>
          </Heading>
          <dl className={styles.facts}>
            <dt>{t('account.orders.orderDate')}</dt>
            <dd>{dateText(order.orderDate)}</dd>
            <dt>{t('account.orders.status')}</dt>
            <dd>
              <StatusLabel status={order.status} />
            </dd>
            <dt>{t('account.orders.amount')}</dt>
            <dd>
              <Price amount={order.totalAmount} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The orders a page at a time (24, unless the address asks for another): "load more" adds the next page and moves the focus to it. */
function OrdersList({ first }: { first: OrderPage }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<OrderPage[]>([first]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstNewRef = useRef<HTMLAnchorElement>(null);
  const orders = pages.flatMap((page) => page.items);
  const last = pages[pages.length - 1] ?? first;
  const [firstNewIndex, setFirstNewIndex] = useState<number | undefined>();
  // After "load more" the focus goes to the first order added.
  useEffect(() => {
    if (firstNewIndex !== undefined) firstNewRef.current?.focus();
  }, [firstNewIndex]);
  if (orders.length === 0) return <Empty testId="orders-empty">{t('account.orders.empty')}</Empty>;
  const loadMore = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await accountApi.orders(last.page + 1, last.pageSize);
      setFirstNewIndex(orders.length);
      setPages([...pages, next]);
    } catch (problem) {
      setError(serverErrors(problem, t)._ ?? t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <OrderList orders={orders} firstNewIndex={firstNewIndex} firstNewRef={firstNewRef} />
      <p role="status" aria-live="polite" data-testid="orders-shown">
        {t('account.orders.shown', { count: orders.length, total: last.total })}
      </p>
      <FormMessage kind="error">{error}</FormMessage>
      {last.hasMore && (
        <button type="button" className={formStyles.secondary} onClick={() => void loadMore()} disabled={busy} data-testid="orders-load-more">
          {t('account.orders.loadMore')}
        </button>
      )}
    </>
  );
}

export function OrdersPage() {
  const { t } = useTranslation();
  const { orderId } = useParams();
  const data = useLoaderData<AccountLoaderData<'orders'>>();
  if (orderId && data.order) {
    return (
      <Page title={`${t('account.orders.orderNumber')} ${orderId}`} testId="page-account-order">
        <p>
          <Link to={paths.account.orders}>{t('account.orders.backToOrders')}</Link>
        </p>
        <Data resolve={data.order}>
          {([order, methods]) => (
            <OrderDetailView order={order} paymentMethod={methods.find((method) => method.paymentMethodId === order.paymentMethodId) ?? null} />
          )}
        </Data>
      </Page>
    );
  }
  return (
    <Page title={t('account.orders.title')} testId="page-account-orders">
      {data.orders && <Data resolve={data.orders}>{(first) => <OrdersList first={first} />}</Data>}
    </Page>
  );
}

function AddressBlock({ person }: { person: Person | null }) {
  if (!person) return null;
  const address = person.address ?? {};
  return (
    <address>
      {[person.firstName, person.lastName].filter(Boolean).join(' ')}
      <br />
      {[address.street, address.streetNumber, address.streetNumberAddition].filter(Boolean).join(' ')}
      <br />
      {[address.zipcode, address.city].filter(Boolean).join(' ')}
    </address>
  );
}

/** Leaves the shop for the payment provider's page (a seam for tests). */
export const paymentPage = { assign: (url: string) => window.location.assign(url) };

/** The server's refusals of "pay now", as the account's own texts. */
const PAY_REFUSALS: Record<string, string> = {
  'errors.orderAlreadyPaid': 'account.orders.payAlreadyPaid',
  'errors.orderCancelled': 'account.orders.payCancelled',
  'errors.orderPaysByTransfer': 'account.orders.payByTransfer',
};

/**
 * "Pay now" for an order that awaits payment online (not a bank transfer): the server starts
 * the payment (or finds the open one) and the browser goes to the provider's page.
 */
function PayNow({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const payNow = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await accountApi.payOrder(orderNumber);
      paymentPage.assign(answer.redirectUrl);
    } catch (problem) {
      const refusal = PAY_REFUSALS[readProblem(problem).code ?? ''];
      setError(refusal ? textOfKey(t, refusal, t('errors.generic')) : (serverErrors(problem, t)._ ?? t('errors.generic')));
      setBusy(false);
    }
  };
  return (
    <>
      <FormMessage kind="error">{error}</FormMessage>
      <button type="button" className={formStyles.button} onClick={() => void payNow()} disabled={busy} aria-busy={busy} data-testid="order-pay">
        {busy ? t('account.orders.paying') : t('account.orders.payNow')}
      </button>
    </>
  );
}

function OrderDetailView({ order, paymentMethod }: { order: OrderDetail; paymentMethod: PaymentMethod | null }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const orderAgain = async () => {
    setBusy(true);
    setError(null);
    try {
      for (const line of order.lines.filter((item) => !item.isFree && item.rqsSamples.length === 0)) {
        await addToCart(store, line.productVariantId, line.quantity);
      }
      await navigate(paths.cart);
    } catch (problem) {
      setError(serverErrors(problem, t)._ ?? t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  const amounts: [string, string][] = [
    [t('account.orders.subtotal'), order.subTotalAmount],
    [t('account.orders.shippingCosts'), order.shippingCosts],
    [t('account.orders.paymentCosts'), order.paymentCosts],
    [t('account.orders.vatLow'), order.vatAmountLow],
    [t('account.orders.vatHigh'), order.vatAmountHigh],
    [t('account.orders.totalExclVat'), order.totalAmountExclVat],
    [t('account.orders.totalInclVat'), order.totalAmount],
  ];
  if (Number(order.giftCardAmount) > 0) amounts.push([t('account.orders.giftCard'), order.giftCardAmount]);
  return (
    <div data-testid="order-detail">
      <dl className={styles.facts}>
        <dt>{t('account.orders.orderDate')}</dt>
        <dd>{dateText(order.orderDate)}</dd>
        <dt>{t('account.orders.status')}</dt>
        <dd data-testid="order-status">
          <StatusLabel status={order.status} />
        </dd>
        <dt>{t('account.orders.paymentMethod')}</dt>
        <dd>{paymentMethod?.name ?? '–'}</dd>
        {order.trackAndTrace && (
          <>
            <dt>{t('account.orders.trackAndTrace')}</dt>
            <dd>{order.trackAndTrace}</dd>
          </>
        )}
      </dl>
      {orderPayable({ status: order.status, amountToPay: order.amountToPay }) && (
        <div data-testid="order-unpaid">
          <p className={styles.empty}>
            {t('account.orders.unpaid')} <Price amount={order.amountToPay} />
          </p>
          {paymentMethod?.flow === 'offline' ? <p>{t('account.orders.payByTransfer')}</p> : <PayNow orderNumber={order.orderNumber} />}
        </div>
      )}
      <section className={styles.section} aria-labelledby="order-lines">
        <h2 id="order-lines">{t('account.orders.products')}</h2>
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('account.returns.product')}</th>
                <th scope="col">{t('account.returns.quantity')}</th>
                <th scope="col">{t('account.orders.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.lineNumber} data-testid="order-line">
                  <td>
                    {line.description}
                    {line.rqsSamples.length > 0 && (
                      <ul aria-label={t('account.results.sampleName')}>
                        {line.rqsSamples.map((sample) => (
                          <li key={sample.sequence}>{sample.sampleName}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{line.quantity}</td>
                  <td>{line.isFree ? t('common.free') : <Price amount={line.totalAmount} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className={styles.facts} data-testid="order-amounts">
          {amounts.map(([label, amount]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>
                <Price amount={amount} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className={styles.columns}>
        <section aria-labelledby="order-billing">
          <h2 id="order-billing">{t('account.orders.invoiceAddress')}</h2>
          <AddressBlock person={order.billing} />
        </section>
        <section aria-labelledby="order-shipping">
          <h2 id="order-shipping">{t('account.orders.deliveryAddress')}</h2>
          <AddressBlock person={order.alternativeShippingAddress && order.shipping ? order.shipping : order.billing} />
        </section>
      </div>
      <section className={styles.section} aria-labelledby="order-history">
        <h2 id="order-history">{t('account.orders.history')}</h2>
        <ol data-testid="order-history">
          {order.statusHistory.map((change) => (
            <li key={`${change.status}-${change.changedAt}`}>
              {dateText(change.changedAt)}: <StatusLabel status={change.status} />
            </li>
          ))}
        </ol>
      </section>
      <FormMessage kind="error">{error}</FormMessage>
      <button type="button" className={formStyles.button} onClick={() => void orderAgain()} disabled={busy} data-testid="order-again">
        {t('account.orders.reorder')}
      </button>
    </div>
  );
}

export function InvoicesPage() {
  const { t } = useTranslation();
  const data = useLoaderData<AccountLoaderData<'invoices'>>();
  return (
    <Page title={t('account.invoices.title')} testId="page-account-invoices">
      <Data resolve={data.invoices}>{(first) => <InvoiceList first={first} />}</Data>
    </Page>
  );
}

function InvoiceList({ first }: { first: InvoicePage }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState([first]);
  const [busy, setBusy] = useState(false);
  const invoices = pages.flatMap((page) => page.items);
  const last = pages[pages.length - 1] ?? first;
  if (invoices.length === 0) return <Empty testId="invoices-empty">{t('account.invoices.empty')}</Empty>;
  return (
    <>
      <ul className={styles.list} data-testid="invoice-list">
        {invoices.map((invoice) => (
          <li key={invoice.invoiceNumber} className={styles.card} data-testid="invoice-item">
            <h2 className={styles.cardTitle}>{invoice.invoiceNumber}</h2>
            <dl className={styles.facts}>
              <dt>{t('account.invoices.invoiceDate')}</dt>
              <dd>{dateText(invoice.invoiceDate)}</dd>
              <dt>{t('account.orders.orderNumber')}</dt>
              <dd>{invoice.orderNumber}</dd>
              <dt>{t('account.invoices.status')}</dt>
              <dd>
                <StatusLabel status={invoice.status} />
              </dd>
              <dt>{t('account.invoices.amount')}</dt>
              <dd>
                <Price amount={invoice.totalAmount} />
              </dd>
            </dl>
            <p>
              <a href={accountApi.invoicePdfUrl(invoice.invoiceNumber)} download={invoice.pdfFileName} data-testid="invoice-pdf">
                {t('account.invoices.downloadPdf')}
                <span className="visually-hidden"> {invoice.invoiceNumber}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
      {last.hasMore && (
        <button
          type="button"
          className={formStyles.secondary}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void accountApi
              .invoices(last.page + 1, last.pageSize)
              .then((next) => setPages([...pages, next]))
              .finally(() => setBusy(false));
          }}
        >
          {t('account.invoices.loadMore')}
        </button>
      )}
    </>
  );
}
