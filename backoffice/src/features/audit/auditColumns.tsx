/** The audit table's columns: only the time sorts (on the server). */
import type { AuditEntry } from '../../api/contract';
import type { DataColumn } from '../../components/DataTable';
import filterStyles from '../../components/Filters.module.css';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import styles from './Audit.module.css';

export function useAuditColumns(): DataColumn<AuditEntry>[] {
  const { t } = useTranslation();
  const language = currentLanguage();
  const none = t('common.none');
  return [
    { id: 'at', accessorFn: (entry) => entry.at, header: t('audit.at'), cell: ({ row }) => formatDateTime(row.original.at, language) },
    {
      id: 'actor',
      header: t('audit.by'),
      cell: ({ row }) => (
        <>
          {row.original.actor.name}
          <span className={filterStyles.muted}>
            {t(`audit.actorKinds.${row.original.actor.kind}`)} {row.original.actor.id}
          </span>
        </>
      ),
    },
    { id: 'action', header: t('audit.action'), cell: ({ row }) => row.original.action },
    {
      id: 'entity',
      header: t('audit.entity'),
      cell: ({ row }) => (
        <>
          {row.original.entityType}
          <span className={filterStyles.muted}>{row.original.entityId}</span>
        </>
      ),
    },
    {
      id: 'changes',
      header: t('audit.changes'),
      cell: ({ row }) =>
        row.original.changes.length === 0 ? (
          none
        ) : (
          <ul className={styles.changes}>
            {row.original.changes.map((change) => (
              <li key={change.field}>{t('audit.change', { field: change.field, before: change.before ?? none, after: change.after ?? none })}</li>
            ))}
          </ul>
        ),
    },
    { id: 'address', header: t('audit.address'), cell: ({ row }) => row.original.address },
  ];
}
