/**
 * Signing in, in two steps: e-mail address and password (`POST /api/backoffice/signin`, which
 * answers a challenge), then the 6-digit code of the authenticator app (`/signin/totp`) or,
 * when the phone is lost, a recovery code (`/signin/recovery`), which answer the staff member
 * and set the session cookie. Afterwards the app opens the page the staff member asked for.
 */
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import type { SignInChallenge, StaffMe } from '../../api/contract';
import { Button } from '../../components/Button';
import { changeLanguage, languageOf, useTranslation } from '../../i18n';
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
        <Passkey />
      </main>
    </div>
  );
}

/** Passkeys are planned: the button shows where they will be, and says they are not there yet. */
function Passkey() {
  const { t } = useTranslation();
  return (
    <div className={styles.passkey}>
      <Button variant="secondary" disabled icon={<KeyRound aria-hidden="true" size={20} />} aria-describedby="passkey-note">
        {t('signIn.passkey')}
      </Button>
      <p id="passkey-note" className={styles.note}>
        {t('signIn.passkeyComing')}
      </p>
    </div>
  );
}
