/** The invitation's set-up: the authenticator secret, a new password and a first code. */
import { useRef, useState, type FormEvent } from 'react';

import { acceptInvitation } from '../../api/backoffice';
import type { Invitation } from '../../api/contract';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { FormMessage, TextInput } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { PASSWORD_MINIMUM, passwordStrength } from '../../lib/password';
import styles from './Invitation.module.css';

interface Errors {
  password?: string | undefined;
  totpCode?: string | undefined;
}

export function AcceptForm({ invitation, token, onAccepted }: { invitation: Invitation; token: string; onAccepted: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = () => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const check = (): Errors => {
    const code = totpCode.replace(/\s/g, '');
    const found: Errors = {};
    if ([...password].length < PASSWORD_MINIMUM) found.password = t('validation.passwordTooShort');
    if (!/^\d{6}$/.test(code)) found.totpCode = t('validation.totpCode');
    return found;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return focusFirstError();
    setBusy(true);
    try {
      const answer = await acceptInvitation(token, { password, totpCode: totpCode.replace(/\s/g, '') });
      onAccepted(answer.recoveryCodes);
    } catch (error) {
      setBusy(false);
      const fields = fieldErrors(error);
      setErrors({ password: fields.password, totpCode: fields.totpCode });
      if (fields.password || fields.totpCode) focusFirstError();
      else setFailure(errorMessage(error));
    }
  };
  const strength = passwordStrength(password);
  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('invitation.welcome', { name: invitation.name, email: invitation.emailAddress })}</p>
      <h2>{t('invitation.stepApp')}</h2>
      <p>{t('invitation.appIntro')}</p>
      <dl className={styles.secret}>
        <dt>{t('invitation.secret')}</dt>
        <dd>
          <code className={styles.value} data-testid="totp-secret">
            {invitation.totpSecret}
          </code>
          <CopyButton text={invitation.totpSecret} />
        </dd>
        <dt>{t('invitation.uri')}</dt>
        <dd>
          {/* A link as well as text: tapped on the phone, it opens the authenticator app. */}
          <a href={invitation.otpauthUri} className={`${styles.value} mono`}>
            {invitation.otpauthUri}
          </a>
          <CopyButton text={invitation.otpauthUri} />
        </dd>
      </dl>
      <h2>{t('invitation.stepPassword')}</h2>
      <FormMessage kind="error">{failure}</FormMessage>
      {/* The account's name for the browser's password manager, which fills the sign-in page later. */}
      <input type="email" name="username" autoComplete="username" value={invitation.emailAddress} readOnly hidden />
      <TextInput
        label={t('invitation.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        help={
          <>
            {t('invitation.passwordHelp', { minimum: PASSWORD_MINIMUM })}{' '}
            <span className={styles.strength} data-strength={strength} aria-live="polite">
              {t(`invitation.strength.${strength}`)}
            </span>
          </>
        }
        required
      />
      <TextInput
        label={t('invitation.totpCode')}
        name="totpCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={totpCode}
        onChange={(event) => setTotpCode(event.target.value)}
        error={errors.totpCode}
        required
      />
      <Button type="submit" busy={busy}>
        {t('invitation.submit')}
      </Button>
    </form>
  );
}
