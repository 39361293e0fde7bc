/**
 * The order desk's work queue (needs `orders.read`): the orders of the member's sites, newest
 * first, filtered by status, payment status, days, scan orders and a search, with the number
 * of orders per status. A page at a time from the server (keyset paging: "older orders" goes
 * on from where the page ended). The filters and the page live in the address, so coming back
 * from an order shows the list as it was.
 */
import { Link, useSearchParams } from 'react-router';

import { listOrders, ordersExportUrl } from '../../api/backoffice';
import type { OrderQueue, QueuedOrder } from '../../api/contract';
import { Button } from '../../components/Button';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageTitle } from '../../components/Page';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import filterStyles from '../../components/Filters.module.css';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { can } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../lib/labels';
import { PATHS } from '../../lib/paths';
import { useAsync } from '../../lib/useAsync';
import styles from './Orders.module.css';
import { OrderFiltersForm } from './OrderFiltersForm';
import { pageQuery, readView, writeView, type OrderFilters, type OrdersView } from './ordersQuery';
import { SavedViews } from './SavedViews';

function useOrderColumns(): DataColumn<QueuedOrder>[] {
  const { t } = useTranslation();
  const language = currentLanguage();
  return [
    {
      id: 'order',
      header: t('orders.order'),
      cell: ({ row }) => (
        <>
          <Link to={PATHS.order(row.original.orderNumber)}>{row.original.orderNumber}</Link>
          <span className={filterStyles.muted}>{formatDateTime(row.original.placedAt, language)}</span>
        </>
      ),
    },
    {
      id: 'customer',
      header: t('orders.customer'),
      cell: ({ row }) => (
        <>
          {row.original.customerName || t('common.none')}
          <span className={filterStyles.muted}>{row.original.emailAddress}</span>
        </>
      ),
    },
    { id: 'status', header: t('orders.status'), cell: ({ row }) => t(ORDER_STATUS_LABELS[row.original.status]) },
    {
      id: 'payment',
      header: t('orders.payment'),
      cell: ({ row }) => (row.original.paymentStatus ? t(PAYMENT_STATUS_LABELS[row.original.paymentStatus]) : t('orders.noPayment')),
    },
    { id: 'site', header: t('orders.site'), cell: ({ row }) => row.original.siteId },
    { id: 'total', header: t('orders.total'), cell: ({ row }) => <span className={styles.amount}>{row.original.totalText}</span> },
  ];
}

export function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const key = writeView(view).toString();
  const orders = useAsync((signal) => listOrders(pageQuery(view), signal), [key]);
  const columns = useOrderColumns();
  const show = (next: Partial<OrdersView>) => setParams(writeView({ ...view, ...next }));
  const applyFilters = (filters: OrderFilters) => show({ ...filters, after: '' });
  const { me } = useSession();
  const state = orders.state;
  const data: OrderQueue | undefined = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : undefined;
  return (
    <>
      <PageTitle>{t('orders.title')}</PageTitle>
      {data && data.counts.length > 0 && (
        <ul className={styles.counts} aria-label={t('orders.counts')}>
          {data.counts.map((count) => (
            <li key={count.status}>
              <Button
                variant={view.status === count.status ? 'primary' : 'secondary'}
                size="small"
                aria-pressed={view.status === count.status}
                onClick={() => applyFilters({ ...view, status: view.status === count.status ? '' : count.status })}
              >
                {t('orders.countOf', { status: t(ORDER_STATUS_LABELS[count.status]), number: count.count })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <SavedViews query={writeView({ ...view, after: '' }).toString()} />
      {can(me, 'reports.read') && (
        <p>
          <a href={ordersExportUrl(writeView({ ...view, after: '' }).toString())} download data-testid="orders-export">
            {t('orders.export')}
          </a>
        </p>
      )}
      <OrderFiltersForm filters={view} onApply={applyFilters} />
      {state.status === 'failed' && <ErrorState error={state.error} onRetry={orders.reload} />}
      {state.status === 'loading' && !data && <Loading />}
      {data && (
        <DataTable
          label={t('orders.tableLabel')}
          columns={columns}
          rows={data.orders}
          rowKey={(order) => order.orderNumber}
          busy={state.status === 'loading'}
          empty={<EmptyState>{view.after ? t('orders.noOlder') : t('orders.empty')}</EmptyState>}
        />
      )}
      {data && (view.after || data.next) && (
        <nav className={styles.pager} aria-label={t('table.paging')}>
          {view.after && (
            <Button variant="secondary" size="small" onClick={() => show({ after: '' })}>
              {t('orders.newest')}
            </Button>
          )}
          {data.next && (
            <Button variant="secondary" size="small" onClick={() => show({ after: data.next ?? '' })}>
              {t('orders.older')}
            </Button>
          )}
        </nav>
      )}
    </>
  );
}
