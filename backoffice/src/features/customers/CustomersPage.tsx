/**
 * The customers desk (needs `customers.read`): the customers of the member's sites found by part
 * of their name or e-mail address, by last name, a page at a time. The search and the page live
 * in the address (`?q=&p=&ps=`), so coming back from a customer shows the list as it was.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { searchCustomers } from '../../api/backoffice';
import type { CustomerList, CustomerSummary } from '../../api/contract';
import { Button } from '../../components/Button';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageTitle } from '../../components/Page';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { PATHS } from '../../lib/paths';
import { useAsync } from '../../lib/useAsync';
import styles from './Customers.module.css';

const PAGE_SIZES = [24, 50, 100] as const;

interface ListView {
  query: string;
  page: number;
  pageSize: number;
}

function readView(params: URLSearchParams): ListView {
  const page = Number(params.get('p'));
  const pageSize = Number(params.get('ps'));
  return {
    query: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZES[0],
  };
}

function writeView(view: ListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.query) params.set('q', view.query);
  if (view.page > 1) params.set('p', String(view.page));
  if (view.pageSize !== PAGE_SIZES[0]) params.set('ps', String(view.pageSize));
  return params;
}

function useCustomerColumns(): DataColumn<CustomerSummary>[] {
  const { t } = useTranslation();
  const language = currentLanguage();
  return [
    {
      id: 'name',
      header: t('customers.name'),
      cell: ({ row }) => (
        <Link to={PATHS.customer(row.original.accountId)}>
          {row.original.erasedAt != null ? t('customer.erasedTitle') : `${row.original.firstName} ${row.original.lastName}`}
        </Link>
      ),
    },
    {
      id: 'email',
      header: t('customers.email'),
      cell: ({ row }) => (
        <>
          {row.original.emailAddress}
          {!row.original.activated && <span className={styles.muted}> ({t('customers.notActivated')})</span>}
        </>
      ),
    },
    { id: 'site', header: t('customers.site'), cell: ({ row }) => row.original.siteId ?? t('common.none') },
    { id: 'registered', header: t('customers.registered'), cell: ({ row }) => formatDateTime(row.original.registeredAt, language) },
    { id: 'orders', header: t('customers.orders'), cell: ({ row }) => <span className={styles.amount}>{row.original.orderCount}</span> },
  ];
}

export function CustomersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const [typed, setTyped] = useState(view.query);
  const customers = useAsync((signal) => searchCustomers(view.query, view.page, view.pageSize, signal), [view.query, view.page, view.pageSize]);
  const columns = useCustomerColumns();
  const show = (next: Partial<ListView>) => setParams(writeView({ ...view, ...next }));
  const find = (event: FormEvent) => {
    event.preventDefault();
    show({ query: typed.trim(), page: 1 });
  };
  const state = customers.state;
  const data: CustomerList | undefined = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : undefined;
  return (
    <>
      <PageTitle>{t('customers.title')}</PageTitle>
      <p>{t('customers.intro')}</p>
      <form className={styles.search} role="search" onSubmit={find}>
        <label>
          {t('customers.search')}
          <input type="search" value={typed} maxLength={100} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <Button type="submit">{t('customers.find')}</Button>
      </form>
      <p role="status">{data ? t('customers.total', { count: data.total }) : null}</p>
      {state.status === 'failed' && <ErrorState error={state.error} onRetry={customers.reload} />}
      {state.status === 'loading' && !data && <Loading />}
      {data && (
        <DataTable
          label={t('customers.tableLabel')}
          columns={columns}
          rows={data.customers}
          rowKey={(customer) => customer.accountId}
          paging={{ page: view.page, pageSize: view.pageSize, total: data.total }}
          onPageChange={(page, pageSize) => show({ page, pageSize })}
          pageSizes={PAGE_SIZES}
          busy={state.status === 'loading'}
          empty={<EmptyState>{t('customers.empty')}</EmptyState>}
        />
      )}
    </>
  );
}
