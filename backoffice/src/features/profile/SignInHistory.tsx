/** The staff member's last sign-ins (at most 50, newest first), failed ones marked. */
import { listMySignIns } from '../../api/backoffice';
import type { SignInRecord } from '../../api/contract';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { AsyncView } from '../../components/States';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/useAsync';
import styles from './Profile.module.css';

export function SignInHistory() {
  const { t } = useTranslation();
  const signIns = useAsync((signal) => listMySignIns(signal));
  const language = currentLanguage();
  const columns: DataColumn<SignInRecord>[] = [
    { id: 'at', header: t('profile.at'), cell: ({ row }) => formatDateTime(row.original.at, language) },
    {
      id: 'outcome',
      header: t('profile.outcome'),
      cell: ({ row }) => (
        <span className={styles.badge} data-kind={row.original.outcome}>
          {t(`profile.outcomes.${row.original.outcome}`)}
        </span>
      ),
    },
    { id: 'device', header: t('profile.device'), cell: ({ row }) => row.original.device },
    { id: 'address', header: t('profile.address'), cell: ({ row }) => row.original.address },
  ];
  return (
    <section className={styles.section} aria-labelledby="profile-signins">
      <h2 id="profile-signins">{t('profile.signIns')}</h2>
      <AsyncView state={signIns.state} onRetry={signIns.reload} isEmpty={(rows) => rows.length === 0} empty={t('profile.signInsEmpty')}>
        {(rows) => <DataTable label={t('profile.signIns')} columns={columns} rows={rows} rowKey={(row) => `${row.at}-${row.address}-${row.outcome}`} />}
      </AsyncView>
    </section>
  );
}
