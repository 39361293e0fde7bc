/** The first step of signing in: e-mail address and password, answered with a challenge. */
import { useRef, useState, type FormEvent } from 'react';

import { signIn } from '../../api/backoffice';
import type { SignInChallenge } from '../../api/contract';
import { Button } from '../../components/Button';
import { FormMessage, TextInput } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/apiErrors';
import styles from './SignIn.module.css';

interface Errors {
  emailAddress?: string;
  password?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function PasswordStep({ notice, onChallenge }: { notice?: string | undefined; onChallenge: (challenge: SignInChallenge) => void }) {
  const { t } = useTranslation();
  const [emailAddress, setEmailAddress] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(notice ?? null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const check = (): Errors => ({
    ...(EMAIL.test(emailAddress.trim()) ? {} : { emailAddress: emailAddress.trim() ? t('validation.emailAddress') : t('validation.required') }),
    ...(password ? {} : { password: t('validation.required') }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      // The first field in error takes the focus, where its message is read.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    try {
      onChallenge(await signIn({ emailAddress: emailAddress.trim(), password }));
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('signIn.intro')}</p>
      <FormMessage kind="error">{failure}</FormMessage>
      <TextInput
        label={t('signIn.emailAddress')}
        type="email"
        name="emailAddress"
        autoComplete="username"
        value={emailAddress}
        onChange={(event) => setEmailAddress(event.target.value)}
        error={errors.emailAddress}
        required
      />
      <TextInput
        label={t('signIn.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        required
      />
      <div className={styles.submit}>
        <Button type="submit" busy={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </Button>
      </div>
    </form>
  );
}
