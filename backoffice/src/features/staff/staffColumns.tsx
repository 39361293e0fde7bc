/** The staff table's columns. */
import type { StaffMember } from '../../api/contract';
import { Button } from '../../components/Button';
import type { DataColumn } from '../../components/DataTable';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime, formatSites } from '../../lib/format';
import { LANGUAGE_LABELS, ROLE_LABELS } from '../../lib/labels';
import styles from './Staff.module.css';

export function useStaffColumns(onEdit: (member: StaffMember) => void): DataColumn<StaffMember>[] {
  const { t } = useTranslation();
  const language = currentLanguage();
  return [
    {
      id: 'name',
      header: t('staff.name'),
      cell: ({ row }) => (
        <>
          {row.original.name}
          <span className={styles.email}>{row.original.emailAddress}</span>
        </>
      ),
    },
    { id: 'role', header: t('staff.role'), cell: ({ row }) => t(ROLE_LABELS[row.original.role]) },
    { id: 'sites', header: t('staff.sites'), cell: ({ row }) => formatSites(row.original.sites, t('common.everySite')) },
    { id: 'language', header: t('staff.language'), cell: ({ row }) => t(LANGUAGE_LABELS[row.original.language]) },
    {
      id: 'status',
      header: t('staff.status'),
      cell: ({ row }) => (
        <span className={styles.status} data-status={row.original.status}>
          {t(`staff.statuses.${row.original.status}`)}
        </span>
      ),
    },
    {
      id: 'lastSignIn',
      header: t('staff.lastSignIn'),
      cell: ({ row }) => (row.original.lastSignInAt == null ? t('common.never') : formatDateTime(row.original.lastSignInAt, language)),
    },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row }) => (
        <Button variant="secondary" size="small" onClick={() => onEdit(row.original)} aria-label={t('staff.editLabel', { name: row.original.name })}>
          {t('staff.edit')}
        </Button>
      ),
    },
  ];
}
