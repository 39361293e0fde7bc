import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { isAuthenticated, signIn } from '../../api/auth';
import { clearCache } from '../../api/cache';
import { paths } from '../../lib/paths';
import { cartIdAtom } from '../../state';
import { readApiError } from '../../api/cart';
import { loadCart } from '../../lib/cart';
import { storeAccount } from '../../lib/session';
import { checkNamedForm } from '../../lib/forms';
import { captchaToken, isCaptchaProblem } from '../../lib/captcha';
import { Captcha } from '../../components/ui/Captcha';
import { ErrorSummary, useErrorSummary } from '../../components/ui/ErrorSummary';
import styles from '../../components/shop.module.css';
import { Field } from './fields';
import { useServerErrors } from './useCheckout';

/** Login or continue as a guest. Signing in takes the guest cart into the account's cart. */
export function LoginStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useStore();
  const serverErrors = useServerErrors();
  const resetDone = new URLSearchParams(useLocation().search).get('r') === '1';
  const [values, setValues] = useState({ emailAddress: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { formRef, report, ...summary } = useErrorSummary();
  // A signed-in customer has nothing to do here.
  useEffect(() => {
    let current = true;
    isAuthenticated().then(
      (signedIn) => current && signedIn && navigate(paths.checkout.billing, { replace: true }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [navigate]);
  const submit = async () => {
    const found = await checkNamedForm('signIn', values);
    setErrors(found);
    report();
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const cartId = store.get(cartIdAtom);
      const account = await signIn({
        emailAddress: values.emailAddress.trim(),
        password: values.password,
        shoppingcartId: cartId === null ? null : String(cartId),
        captcha: await captchaToken(),
      });
      clearCache();
      // Signed in: the header greets the customer and billing and delivery start from the account.
      storeAccount(store, account);
      if (account.shoppingcartId) store.set(cartIdAtom, account.shoppingcartId);
      await loadCart(store);
      void navigate(paths.checkout.billing);
    } catch (error) {
      const problem = readApiError(error);
      setErrors(
        problem.status === 401 ? { _: t('errors.loginFailed') } : isCaptchaProblem(problem.code) ? { _: t('account.captcha.failed') } : serverErrors(error),
      );
      report();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.detail} data-testid="checkout-login">
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ErrorSummary errors={errors} {...summary} />
        <h2>{t('checkout.login.title')}</h2>
        {resetDone && (
          <p className={styles.notice} role="status" data-testid="checkout-reset-done">
            {t('auth.loginFlags.resetSuccess')}
          </p>
        )}
        <Field name="emailAddress" label={t('checkout.fields.email')} error={errors.emailAddress}>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="email"
              value={values.emailAddress}
              onChange={(event) => setValues({ ...values, emailAddress: event.target.value })}
            />
          )}
        </Field>
        <Field name="password" label={t('checkout.fields.password')} error={errors.password}>
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(event) => setValues({ ...values, password: event.target.value })}
            />
          )}
        </Field>
        <Captcha />
        {errors._ && (
          <p className={styles.fieldError} role="alert">
            {errors._}
          </p>
        )}
        <button type="submit" className={styles.button} disabled={busy}>
          {t('header.login')}
        </button>
        <Link to={paths.checkout.passwordForgot}>{t('errors.loginFailedForgotLink')}</Link>
      </form>
      <div className={styles.form}>
        <h2>{t('checkout.login.guestTitle')}</h2>
        <p>{t('checkout.login.guestText')}</p>
        <button type="button" className={styles.button} onClick={() => void navigate(paths.checkout.billing)} data-testid="continue-as-guest">
          {t('checkout.login.guestButton')}
        </button>
      </div>
    </div>
  );
}
