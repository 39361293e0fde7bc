/** Revoking a key (`DELETE /api/backoffice/keys/{id}`), after a question. */
import { revokeKey } from '../../api/backoffice';
import type { IntegrationKeyView } from '../../api/contract';
import { ConfirmDialog } from '../../components/Dialog';
import { useToast } from '../../components/Toast';
import { useTranslation } from '../../i18n';
import { useConfirmedAction } from '../../lib/useConfirmedAction';

export function RevokeKeyDialog({ keyView, onRevoked, onCancel }: { keyView: IntegrationKeyView; onRevoked: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirmation = useConfirmedAction(async () => {
    await revokeKey(keyView.keyId);
    toast.show(t('keys.revoked', { name: keyView.name }));
    onRevoked();
  });
  return (
    <ConfirmDialog
      question={t('keys.revokeQuestion', { name: keyView.name })}
      details={<p>{t('keys.revokeDetails')}</p>}
      confirmLabel={t('keys.revoke')}
      cancelLabel={t('common.cancel')}
      {...confirmation}
      onCancel={onCancel}
    />
  );
}
