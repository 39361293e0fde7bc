/**
 * The audit trail (needs `audit.read`): every change, a page at a time from the server
 * (`GET /api/backoffice/audit`), sorted by time either way, filtered by entity type, entity
 * id and actor; the same selection downloads as CSV.
 */
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { auditCsvUrl, listAudit } from '../../api/backoffice';
import type { AuditPage as AuditPageData } from '../../api/contract';
import { DataTable, type SortState } from '../../components/DataTable';
import { PageTitle } from '../../components/Page';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useTranslation } from '../../i18n';
import { useAsync } from '../../lib/useAsync';
import styles from './Audit.module.css';
import { useAuditColumns } from './auditColumns';
import { AuditFiltersForm } from './AuditFiltersForm';
import { csvQuery, pageQuery, PAGE_SIZES, readView, writeView, type AuditFilters, type AuditView } from './auditQuery';

export function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const key = writeView(view).toString();
  const entries = useAsync((signal) => listAudit(pageQuery(view), signal), [key]);
  const columns = useAuditColumns();
  const show = (next: Partial<AuditView>) => setParams(writeView({ ...view, ...next }));
  const applyFilters = (filters: AuditFilters) => show({ ...filters, page: 1 });
  const sortBy = (sort: SortState) => show({ sort: sort.desc ? '-at' : 'at', page: 1 });
  const state = entries.state;
  const data: AuditPageData | undefined = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : undefined;
  return (
    <>
      <PageTitle>{t('audit.title')}</PageTitle>
      <p>{t('audit.intro')}</p>
      <AuditFiltersForm filters={view} onApply={applyFilters} />
      <div className={styles.summary}>
        <p role="status">{data ? t('audit.total', { count: data.total }) : null}</p>
        <a href={auditCsvUrl(csvQuery(view))} download>
          <Download aria-hidden="true" size={18} /> {t('audit.exportCsv')}
        </a>
      </div>
      {state.status === 'failed' && <ErrorState error={state.error} onRetry={entries.reload} />}
      {state.status === 'loading' && !data && <Loading />}
      {data && (
        <DataTable
          label={t('audit.tableLabel')}
          columns={columns}
          rows={data.entries}
          rowKey={(entry) => String(entry.entryId)}
          sort={{ id: 'at', desc: view.sort === '-at' }}
          onSortChange={sortBy}
          paging={{ page: view.page, pageSize: view.pageSize, total: data.total }}
          onPageChange={(page, pageSize) => show({ page, pageSize })}
          pageSizes={PAGE_SIZES}
          busy={state.status === 'loading'}
          empty={<EmptyState>{t('audit.empty')}</EmptyState>}
        />
      )}
    </>
  );
}
