/**
 * The customers desk (needs `customers.read`): the customers of the member's sites found by part
 * of their name or e-mail address, by last name, a page at a time. The search and the page live
 * in the address (`?q=&p=&ps=`), so coming back from a customer shows the list as it was.
 */
import { Link } from 'react-router';

import { searchCustomers } from '../../api/backoffice';
import type { CustomerSummary } from '../../api/contract';
import type { DataColumn } from '../../components/DataTable';
import { PageTitle } from '../../components/Page';
import { SearchedList } from '../../components/SearchedList';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { PATHS } from '../../lib/paths';
import styles from './Customers.module.css';

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
  const columns = useCustomerColumns();
  return (
    <>
      <PageTitle>{t('customers.title')}</PageTitle>
      <p>{t('customers.intro')}</p>
      <SearchedList
        texts={{
          search: t('customers.search'),
          find: t('customers.find'),
          total: (count) => t('customers.total', { count }),
          tableLabel: t('customers.tableLabel'),
          empty: t('customers.empty'),
        }}
        load={(query, page, pageSize, signal) => searchCustomers(query, page, pageSize, signal).then((list) => ({ total: list.total, rows: list.customers }))}
        columns={columns}
        rowKey={(customer) => customer.accountId}
      />
    </>
  );
}
