/** The member's passkeys: adding one (named, made by the browser's authenticator) and removing one after a question. */
import { useState, type FormEvent } from 'react';

import { listMyPasskeys, registerPasskey, removeMyPasskey, startPasskeyRegistration } from '../../api/backoffice';
import type { PasskeyView } from '../../api/contract';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { FormMessage, TextInput } from '../../components/Field';
import { AsyncView } from '../../components/States';
import { useToast } from '../../components/Toast';
import { currentLanguage, useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/apiErrors';
import { useConfirmedAction } from '../../lib/useConfirmedAction';
import { formatDateTime } from '../../lib/format';
import { createPasskey, passkeysSupported } from '../../lib/passkeys';
import { useAsync } from '../../lib/useAsync';
import styles from './Profile.module.css';

export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = useAsync((signal) => listMyPasskeys(signal));
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const language = currentLanguage();
  return (
    <section className={styles.section} aria-labelledby="profile-passkeys">
      <h2 id="profile-passkeys">{t('profile.passkeys')}</h2>
      <p>{t('profile.passkeysIntro')}</p>
      <AsyncView state={passkeys.state} onRetry={passkeys.reload} isEmpty={(rows) => rows.length === 0} empty={t('profile.passkeysEmpty')}>
        {(rows) => (
          <ul className={styles.passkeys}>
            {rows.map((passkey) => (
              <li key={passkey.passkeyId}>
                <span>
                  {passkey.name} · {t('profile.passkeyAdded', { date: formatDateTime(passkey.createdAt, language) })}
                </span>
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => setRemoving(passkey)}
                  aria-label={t('profile.removePasskeyLabel', { name: passkey.name })}
                >
                  {t('profile.removePasskey')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </AsyncView>
      {passkeysSupported() ? <AddPasskey onAdded={(added) => passkeys.update((rows) => [...rows, added])} /> : <p>{t('profile.passkeysUnsupported')}</p>}
      {removing && (
        <RemovePasskeyDialog
          passkey={removing}
          onDone={() => {
            passkeys.update((rows) => rows.filter((row) => row.passkeyId !== removing.passkeyId));
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

function AddPasskey({ onAdded }: { onAdded: (passkey: PasskeyView) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('validation.required'));
    setBusy(true);
    setError(null);
    try {
      const credential = await createPasskey(await startPasskeyRegistration());
      onAdded(await registerPasskey(name.trim(), credential));
      toast.show(t('profile.passkeyCreated'));
      setName('');
    } catch (failure) {
      setError(failure instanceof DOMException ? t('signIn.passkeyCancelled') : errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.addPasskey}>
      <TextInput
        label={t('profile.passkeyName')}
        help={t('profile.passkeyNameHelp')}
        name="passkeyName"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <Button type="submit" busy={busy}>
        {t('profile.addPasskey')}
      </Button>
    </form>
  );
}

function RemovePasskeyDialog({ passkey, onDone, onCancel }: { passkey: PasskeyView; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirmation = useConfirmedAction(async () => {
    await removeMyPasskey(passkey.passkeyId);
    toast.show(t('profile.passkeyRemoved'));
    onDone();
  });
  return (
    <ConfirmDialog
      question={t('profile.removePasskeyQuestion', { name: passkey.name })}
      details={<p>{t('profile.removePasskeyDetails')}</p>}
      confirmLabel={t('profile.removePasskey')}
      cancelLabel={t('common.cancel')}
      {...confirmation}
      onCancel={onCancel}
    />
  );
}
