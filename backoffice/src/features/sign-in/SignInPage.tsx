/**
 * Signing in, in two steps: e-mail address and password (`POST /api/backoffice/signin`, which
 * answers a challenge), then the 6-digit code of the authenticator app (`/signin/totp`) or,
 * when the phone is lost, a recovery code (`/signin/recovery`), or, for a member who registered
 * one, a passkey (`/signin/passkey`); each answers the staff member and sets the session
 * cookie. Afterwards the app opens the page the staff member asked for.
 */
import { KeyRound } from 'lucide-react';
import { useState } from 'react';

import { signInWithPasskey, startPasskeySignIn } from '../../api/backoffice';
import { useNavigate, useSearchParams } from 'react-router';

import type { SignInChallenge, StaffMe } from '../../api/contract';
import { Button } from '../../components/Button';
import { FormMessage } from '../../components/Field';
import { changeLanguage, languageOf, useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/apiErrors';
import { passkeysSupported, signWithPasskey } from '../../lib/passkeys';
import { safeReturnPath } from '../../lib/paths';
import { rememberSession } from '../../lib/session';
import { PasswordStep } from './PasswordStep';
import { SecondFactorStep, type SecondFactor } from './SecondFactorStep';
import styles from './SignIn.module.css';

type Step = { name: 'password'; notice?: string } | { name: SecondFactor; challenge: SignInChallenge };

export function SignInPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signedIn = async (me: StaffMe) => {
    rememberSession(me);
    await changeLanguage(languageOf(me));
    await navigate(safeReturnPath(search.get('returnTo')), { replace: true });
  };
  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <p className={styles.brand}>{t('app.name')}</p>
        <h1>{t('signIn.title')}</h1>
        {step.name === 'password' ? (
          <PasswordStep notice={step.notice} onChallenge={(challenge) => setStep({ name: 'totp', challenge })} />
        ) : (
          <SecondFactorStep
            key={step.name}
            kind={step.name}
            challenge={step.challenge}
            onSignedIn={signedIn}
            onSwitch={(kind) => setStep({ name: kind, challenge: step.challenge })}
            onExpired={(notice) => setStep({ name: 'password', notice })}
          />
        )}
        {step.name !== 'password' && step.challenge.hasPasskey && passkeysSupported() && <Passkey challenge={step.challenge.challenge} onSignedIn={signedIn} />}
      </main>
    </div>
  );
}

/** Signing in with a passkey instead of a code: the browser asks the authenticator. */
function Passkey({ challenge, onSignedIn }: { challenge: string; onSignedIn: (me: StaffMe) => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const credential = await signWithPasskey(await startPasskeySignIn(challenge));
      await onSignedIn(await signInWithPasskey(challenge, credential));
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof DOMException ? t('signIn.passkeyCancelled') : errorMessage(failure));
    }
  };
  return (
    <div className={styles.passkey}>
      <Button variant="secondary" busy={busy} icon={<KeyRound aria-hidden="true" size={20} />} onClick={() => void signIn()}>
        {t('signIn.passkey')}
      </Button>
      <FormMessage kind="error">{error}</FormMessage>
    </div>
  );
}
