/**
 * Integration keys (needs `settings.edit`): the keys other systems use the API with
 * (`x-api-key`), creating one with chosen permissions (its secret shown once), and revoking
 * one after a question.
 */
import { Plus } from 'lucide-react';
import { useState } from 'react';

import { listKeys } from '../../api/backoffice';
import type { IntegrationKeyView, NewIntegrationKey } from '../../api/contract';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { PageTitle } from '../../components/Page';
import { AsyncView } from '../../components/States';
import { useTranslation } from '../../i18n';
import { useAsync } from '../../lib/useAsync';
import { CreateKeyDialog } from './CreateKeyDialog';
import { useKeyColumns } from './keyColumns';
import styles from './Keys.module.css';
import { RevokeKeyDialog } from './RevokeKeyDialog';
import { SecretDialog } from './SecretDialog';

export function KeysPage() {
  const { t } = useTranslation();
  const keys = useAsync((signal) => listKeys(signal));
  const [creating, setCreating] = useState(false);
  // The new key's secret lives only here, until its dialog closes: it is never shown again.
  const [created, setCreated] = useState<NewIntegrationKey | null>(null);
  const [revoking, setRevoking] = useState<IntegrationKeyView | null>(null);
  const columns = useKeyColumns(setRevoking);
  const put = (key: IntegrationKeyView) =>
    keys.update((rows) => (rows.some((row) => row.keyId === key.keyId) ? rows.map((row) => (row.keyId === key.keyId ? key : row)) : [...rows, key]));
  return (
    <>
      <PageTitle>{t('keys.title')}</PageTitle>
      <div className={styles.top}>
        <p>{t('keys.intro')}</p>
        <Button icon={<Plus aria-hidden="true" size={20} />} onClick={() => setCreating(true)}>
          {t('keys.create')}
        </Button>
      </div>
      <AsyncView state={keys.state} onRetry={keys.reload} isEmpty={(rows) => rows.length === 0} empty={t('keys.empty')}>
        {(rows) => <DataTable label={t('keys.tableLabel')} columns={columns} rows={rows} rowKey={(row) => row.keyId} />}
      </AsyncView>
      {creating && (
        <CreateKeyDialog
          onCreated={(answer) => {
            put(answer.key);
            setCreating(false);
            setCreated(answer);
          }}
          onClose={() => setCreating(false)}
        />
      )}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <RevokeKeyDialog
          keyView={revoking}
          onRevoked={() => {
            // The list shows the key as revoked at once; the server's time follows on the next load.
            put({ ...revoking, revokedAt: revoking.revokedAt ?? Date.now() });
            setRevoking(null);
          }}
          onCancel={() => setRevoking(null)}
        />
      )}
    </>
  );
}
