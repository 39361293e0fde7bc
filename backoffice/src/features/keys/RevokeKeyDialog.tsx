/** Revoking a key (`DELETE /api/backoffice/keys/{id}`), after a question. */
import { useState } from 'react';

import { revokeKey } from '../../api/backoffice';
import type { IntegrationKeyView } from '../../api/contract';
import { ConfirmDialog } from '../../components/Dialog';
import { useToast } from '../../components/Toast';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/apiErrors';

export function RevokeKeyDialog({ keyView, onRevoked, onCancel }: { keyView: IntegrationKeyView; onRevoked: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await revokeKey(keyView.keyId);
      toast.show(t('keys.revoked', { name: keyView.name }));
      onRevoked();
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(failure));
    }
  };
  return (
    <ConfirmDialog
      question={t('keys.revokeQuestion', { name: keyView.name })}
      details={<p>{t('keys.revokeDetails')}</p>}
      confirmLabel={t('keys.revoke')}
      cancelLabel={t('common.cancel')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}
