/**
 * The second step of signing in: the authenticator app's 6-digit code, or a recovery code
 * instead. A wrong or reused code can be typed again; an expired challenge starts over.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { signInWithRecoveryCode, signInWithTotp } from '../../api/backoffice';
import { ApiError } from '../../api/client';
import type { SignInChallenge, StaffMe } from '../../api/contract';
import { Button } from '../../components/Button';
import { TextInput } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/apiErrors';
import styles from './SignIn.module.css';

export type SecondFactor = 'totp' | 'recovery';

export interface SecondFactorStepProps {
  kind: SecondFactor;
  challenge: SignInChallenge;
  onSignedIn: (me: StaffMe) => Promise<void>;
  onSwitch: (kind: SecondFactor) => void;
  onExpired: (notice?: string) => void;
}

const TOTP = /^\d{6}$/;

/** The code as the server takes it: a TOTP code without the spaces an app shows in it. */
function normalize(kind: SecondFactor, code: string): string {
  return kind === 'totp' ? code.replace(/\s/g, '') : code.trim();
}

export function SecondFactorStep({ kind, challenge, onSignedIn, onSwitch, onExpired }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The new step is announced by its heading; the field is where the staff member types next.
  useEffect(() => {
    input.current?.focus();
  }, []);
  const invalid = (): string | undefined => {
    const value = normalize(kind, code);
    if (kind === 'totp') return TOTP.test(value) ? undefined : t('validation.totpCode');
    return value ? undefined : t('validation.recoveryCode');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = invalid();
    setError(found);
    if (found) return input.current?.focus();
    setBusy(true);
    try {
      const call = kind === 'totp' ? signInWithTotp : signInWithRecoveryCode;
      await onSignedIn(await call({ challenge: challenge.challenge, code: normalize(kind, code) }));
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.code === 'errors.signInExpired') return onExpired(errorMessage(failure));
      setError(errorMessage(failure));
      input.current?.focus();
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <h2>{kind === 'totp' ? t('signIn.totpTitle') : t('signIn.recoveryTitle')}</h2>
      <p>{kind === 'totp' ? t('signIn.totpIntro') : t('signIn.recoveryIntro')}</p>
      <TextInput
        ref={input}
        label={kind === 'totp' ? t('signIn.totpCode') : t('signIn.recoveryCode')}
        name="code"
        {...(kind === 'totp'
          ? { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 }
          : { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false })}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
        required
      />
      <div className={styles.submit}>
        <Button type="submit" busy={busy}>
          {busy ? t('signIn.busy') : t('signIn.verify')}
        </Button>
      </div>
      <div className={styles.alternative}>
        <Button variant="link" onClick={() => onSwitch(kind === 'totp' ? 'recovery' : 'totp')}>
          {kind === 'totp' ? t('signIn.recoveryLink') : t('signIn.totpLink')}
        </Button>
        <Button variant="link" onClick={() => onExpired()}>
          {t('signIn.startOver')}
        </Button>
      </div>
    </form>
  );
}
