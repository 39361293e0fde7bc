/**
 * The ten recovery codes, shown once after the invitation is accepted: copy or download them,
 * then confirm they are stored before going on to sign in.
 */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Checkbox, FormMessage } from '../../components/Field';
import { PageTitle } from '../../components/Page';
import { useTranslation } from '../../i18n';
import { downloadText } from '../../lib/files';
import { PATHS } from '../../lib/paths';
import styles from './Invitation.module.css';

export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stored, setStored] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const text = `${codes.join('\n')}\n`;
  const goOn = () => {
    if (!stored) return setError(t('validation.stored'));
    void navigate(PATHS.signIn, { replace: true });
  };
  return (
    <>
      <PageTitle>{t('invitation.codesTitle')}</PageTitle>
      <p>{t('invitation.codesIntro')}</p>
      <ul className={`${styles.codes} mono`} aria-label={t('invitation.codesLabel')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.buttons}>
        <CopyButton text={text} label={t('invitation.copyCodes')} />
        <Button variant="secondary" size="small" icon={<Download aria-hidden="true" size={18} />} onClick={() => downloadText(t('invitation.fileName'), text)}>
          {t('invitation.downloadCodes')}
        </Button>
      </div>
      <Checkbox
        label={t('invitation.stored')}
        checked={stored}
        onChange={(checked) => {
          setStored(checked);
          setError(null);
        }}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <Button onClick={goOn}>{t('invitation.continue')}</Button>
    </>
  );
}
