/**
 * One customer (needs `customers.read`): their details, and what they have in the shop: their
 * newest orders (each a link to the order desk), returns, subscriptions, roughage results and
 * reviews. Amounts are the server's, written by the engine in the member's language. A member
 * who may erase customers' data finds the erasure at the end; an erased customer says so.
 */
import { Link, useParams } from 'react-router';

import { customerProfile } from '../../api/backoffice';
import type { CustomerOrder, CustomerProfile } from '../../api/contract';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageTitle } from '../../components/Page';
import { ErrorState, Loading } from '../../components/States';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { ORDER_STATUS_LABELS, RETURN_STATUS_LABELS, REVIEW_STATUS_LABELS, SCAN_TYPE_LABELS, SUBSCRIPTION_STATUS_LABELS } from '../../lib/labels';
import { PATHS } from '../../lib/paths';
import { useAsync } from '../../lib/useAsync';
import panels from '../../components/Panels.module.css';
import styles from './Customers.module.css';
import { ErasedNotice, Erasure } from './Erasure';

export function CustomerPage() {
  const { t } = useTranslation();
  const { accountId = '' } = useParams();
  const profile = useAsync((signal) => customerProfile(accountId, signal), [accountId]);
  const state = profile.state;
  return (
    <>
      <p>
        <Link to={PATHS.customers}>{t('customer.back')}</Link>
      </p>
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <ErrorState error={state.error} onRetry={profile.reload} />}
      {state.status === 'loaded' && <Customer customer={state.data} onErased={profile.reload} />}
    </>
  );
}

function Customer({ customer, onErased }: { customer: CustomerProfile; onErased: () => void }) {
  const { t } = useTranslation();
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  return (
    <>
      <PageTitle>{customer.erasedAt != null ? t('customer.erasedTitle') : name}</PageTitle>
      <ErasedNotice customer={customer} />
      <div className={panels.sections}>
        <Details customer={customer} />
        <Returns customer={customer} />
        <Subscriptions customer={customer} />
        <Results customer={customer} />
        <Reviews customer={customer} />
      </div>
      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders">{t('customer.orders')}</h2>
        <Orders orders={customer.orders} />
      </section>
      <Erasure customer={customer} onErased={onErased} />
    </>
  );
}

function Details({ customer }: { customer: CustomerProfile }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const yesNo = (value: boolean) => t(value ? 'customer.yes' : 'customer.no');
  const facts: [string, string][] = [
    [t('customer.email'), customer.emailAddress],
    [t('customer.phone'), customer.phoneNumber || t('common.none')],
    [t('customer.company'), customer.companyName ?? t('common.none')],
    [t('customer.site'), customer.siteId == null ? t('common.none') : String(customer.siteId)],
    [t('customer.registered'), formatDateTime(customer.registeredAt, language)],
    [t('customer.activated'), yesNo(customer.activated)],
    [t('customer.newsletter'), yesNo(customer.newsletter)],
  ];
  return (
    <section className={panels.section} aria-labelledby="customer-details">
      <h2 id="customer-details">{t('customer.details')}</h2>
      <dl className={panels.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={panels.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Orders({ orders }: { orders: CustomerOrder[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: DataColumn<CustomerOrder>[] = [
    { id: 'number', header: t('customer.orderNumber'), cell: ({ row }) => <Link to={PATHS.order(row.original.orderNumber)}>{row.original.orderNumber}</Link> },
    { id: 'placed', header: t('customer.placed'), cell: ({ row }) => formatDateTime(row.original.placedAt, language) },
    { id: 'status', header: t('customer.status'), cell: ({ row }) => t(ORDER_STATUS_LABELS[row.original.status]) },
    { id: 'total', header: t('customer.total'), cell: ({ row }) => <span className={styles.amount}>{row.original.totalText}</span> },
  ];
  if (orders.length === 0) return <p>{t('customer.noOrders')}</p>;
  return <DataTable label={t('customer.ordersLabel')} columns={columns} rows={orders} rowKey={(order) => order.orderNumber} />;
}

/** A section with a heading and a list, or a line saying there is nothing. */
function ListSection({ id, title, empty, items }: { id: string; title: string; empty: string; items: { key: string; text: string }[] }) {
  return (
    <section className={panels.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.key}>{item.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Returns({ customer }: { customer: CustomerProfile }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const items = customer.returns.map((line) => ({
    key: line.returnId,
    text: `${t('customer.returnLine', { quantity: line.quantity, product: line.productName, order: line.orderNumber })} · ${t(RETURN_STATUS_LABELS[line.status])} · ${formatDateTime(line.createdAt, language)}`,
  }));
  return <ListSection id="customer-returns" title={t('customer.returns')} empty={t('customer.noReturns')} items={items} />;
}

function Subscriptions({ customer }: { customer: CustomerProfile }) {
  const { t } = useTranslation();
  const items = customer.subscriptions.map((subscription) => {
    const next = subscription.nextDeliveryDate ? ` · ${t('customer.nextDelivery', { date: subscription.nextDeliveryDate })}` : '';
    return {
      key: subscription.subscriptionId,
      text: `${t('customer.subscriptionLine', { quantity: subscription.quantity, product: subscription.productName, weeks: subscription.intervalWeeks })} · ${t(SUBSCRIPTION_STATUS_LABELS[subscription.status])}${next}`,
    };
  });
  return <ListSection id="customer-subscriptions" title={t('customer.subscriptions')} empty={t('customer.noSubscriptions')} items={items} />;
}

function Results({ customer }: { customer: CustomerProfile }) {
  const { t } = useTranslation();
  const items = customer.results.map((result) => ({
    key: `${result.orderNumber}-${result.sampleName}-${result.resultDate}`,
    text: `${t('customer.resultLine', { sample: result.sampleName, order: result.orderNumber })} · ${t(SCAN_TYPE_LABELS[result.scanType])} · ${result.resultDate}${result.read ? '' : ` · ${t('customer.unread')}`}`,
  }));
  return <ListSection id="customer-results" title={t('customer.results')} empty={t('customer.noResults')} items={items} />;
}

function Reviews({ customer }: { customer: CustomerProfile }) {
  const { t } = useTranslation();
  const items = customer.reviews.map((review) => ({
    key: String(review.reviewId),
    text: `${t('customer.reviewLine', { product: review.productName, rating: review.rating, title: review.title })} · ${t(REVIEW_STATUS_LABELS[review.status])}`,
  }));
  return <ListSection id="customer-reviews" title={t('customer.reviews')} empty={t('customer.noReviews')} items={items} />;
}
