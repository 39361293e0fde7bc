/** The keys table's columns. */
import type { IntegrationKeyView } from '../../api/contract';
import { Button } from '../../components/Button';
import type { DataColumn } from '../../components/DataTable';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime, formatSites } from '../../lib/format';
import { PERMISSION_LABELS } from '../../lib/labels';
import styles from './Keys.module.css';

export function useKeyColumns(onRevoke: (key: IntegrationKeyView) => void): DataColumn<IntegrationKeyView>[] {
  const { t } = useTranslation();
  const language = currentLanguage();
  const when = (at: number | null) => (at === null ? t('common.never') : formatDateTime(at, language));
  return [
    { id: 'name', header: t('keys.name'), cell: ({ row }) => row.original.name },
    {
      id: 'permissions',
      header: t('keys.permissions'),
      cell: ({ row }) => (
        <ul className={styles.permissions}>
          {row.original.permissions.map((permission) => (
            <li key={permission}>{t(PERMISSION_LABELS[permission])}</li>
          ))}
        </ul>
      ),
    },
    { id: 'sites', header: t('keys.sites'), cell: ({ row }) => formatSites(row.original.sites, t('common.everySite')) },
    { id: 'createdAt', header: t('keys.createdAt'), cell: ({ row }) => when(row.original.createdAt) },
    { id: 'lastUsedAt', header: t('keys.lastUsedAt'), cell: ({ row }) => when(row.original.lastUsedAt ?? null) },
    {
      id: 'status',
      header: t('keys.status'),
      cell: ({ row }) =>
        row.original.revokedAt == null ? (
          t('keys.active')
        ) : (
          <span className={styles.revoked}>{t('keys.revokedAt', { date: when(row.original.revokedAt) })}</span>
        ),
    },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row }) =>
        row.original.revokedAt === null ? (
          <Button variant="secondary" size="small" onClick={() => onRevoke(row.original)} aria-label={t('keys.revokeLabel', { name: row.original.name })}>
            {t('keys.revoke')}
          </Button>
        ) : null,
    },
  ];
}
