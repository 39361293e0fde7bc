/** A new key's secret, shown this once, with a copy button; closing the dialog forgets it. */
import { useRef } from 'react';

import type { NewIntegrationKey } from '../../api/contract';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n';
import styles from './Keys.module.css';

export function SecretDialog({ created, onClose }: { created: NewIntegrationKey; onClose: () => void }) {
  const { t } = useTranslation();
  const done = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={t('keys.secretTitle', { name: created.key.name })}
      onClose={onClose}
      initialFocus={done}
      footer={
        <Button ref={done} onClick={onClose}>
          {t('keys.done')}
        </Button>
      }
    >
      <p>{t('keys.secretIntro')}</p>
      <p>
        <strong>{t('keys.secret')}</strong>
      </p>
      <code className={`${styles.secret} mono`} data-testid="key-secret">
        {created.secret}
      </code>
      <CopyButton text={created.secret} />
    </Dialog>
  );
}
