/** The staff member's sessions: where they are signed in, and ending one (after a question). */
import { useState } from 'react';

import { endMySession, listMySessions } from '../../api/backoffice';
import type { StaffSessionView } from '../../api/contract';
import { Button } from '../../components/Button';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { ConfirmDialog } from '../../components/Dialog';
import { AsyncView } from '../../components/States';
import { useToast } from '../../components/Toast';
import { currentLanguage, useTranslation } from '../../i18n';
import { useConfirmedAction } from '../../lib/useConfirmedAction';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/useAsync';
import styles from './Profile.module.css';

export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useAsync((signal) => listMySessions(signal));
  const [ending, setEnding] = useState<StaffSessionView | null>(null);
  const columns = useSessionColumns(setEnding);
  return (
    <section className={styles.section} aria-labelledby="profile-sessions">
      <h2 id="profile-sessions">{t('profile.sessions')}</h2>
      <p>{t('profile.sessionsIntro')}</p>
      <AsyncView state={sessions.state} onRetry={sessions.reload} isEmpty={(rows) => rows.length === 0} empty={t('profile.sessionsEmpty')}>
        {(rows) => <DataTable label={t('profile.sessions')} columns={columns} rows={rows} rowKey={(row) => row.sessionId} />}
      </AsyncView>
      {ending && (
        <EndSessionDialog
          session={ending}
          onDone={() => {
            sessions.update((rows) => rows.filter((row) => row.sessionId !== ending.sessionId));
            setEnding(null);
          }}
          onCancel={() => setEnding(null)}
        />
      )}
    </section>
  );
}

function useSessionColumns(onEnd: (session: StaffSessionView) => void): DataColumn<StaffSessionView>[] {
  const { t } = useTranslation();
  const language = currentLanguage();
  return [
    { id: 'device', header: t('profile.device'), cell: ({ row }) => <SessionDevice session={row.original} /> },
    { id: 'address', header: t('profile.address'), cell: ({ row }) => row.original.address },
    { id: 'startedAt', header: t('profile.startedAt'), cell: ({ row }) => formatDateTime(row.original.startedAt, language) },
    { id: 'lastSeenAt', header: t('profile.lastSeenAt'), cell: ({ row }) => formatDateTime(row.original.lastSeenAt, language) },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row }) =>
        row.original.current ? null : (
          <Button variant="secondary" size="small" onClick={() => onEnd(row.original)} aria-label={t('profile.endLabel', { device: row.original.device })}>
            {t('profile.end')}
          </Button>
        ),
    },
  ];
}

function SessionDevice({ session }: { session: StaffSessionView }) {
  const { t } = useTranslation();
  return (
    <>
      {session.device} {session.current && <span className={styles.badge}>{t('profile.current')}</span>}
    </>
  );
}

function EndSessionDialog({ session, onDone, onCancel }: { session: StaffSessionView; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirmation = useConfirmedAction(async () => {
    await endMySession(session.sessionId);
    toast.show(t('profile.ended'));
    onDone();
  });
  return (
    <ConfirmDialog
      question={t('profile.endQuestion', { device: session.device })}
      details={<p>{t('profile.endDetails')}</p>}
      confirmLabel={t('profile.end')}
      cancelLabel={t('common.cancel')}
      {...confirmation}
      onCancel={onCancel}
    />
  );
}
