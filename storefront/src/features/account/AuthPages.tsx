/**
 * The pages for visitors who are not signed in: login (flags i, s, a,
 * r, e), register, forgot, reset, resend-confirmation and confirm. Every check is the engine's.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { ErrorSummary } from '../../components/ui/ErrorSummary';
import { signIn } from '../../api/auth';
import { clearCache } from '../../api/cache';
import { readLoginFlags } from './loginFlags';
import { paths } from '../../lib/paths';
import { Page } from '../../components/layout/Page';
import { Captcha } from '../../components/ui/Captcha';
import { CheckField, formStyles, FormField, FormMessage } from '../../components/ui/Form';
import { readProblem } from '../../lib/apiErrors';
import { captchaToken } from '../../lib/captcha';
import { refreshSession } from '../../lib/session';
import { cartIdAtom, siteAtom } from '../../state';
import { accountApi } from './api';
import type { ConfirmData } from './loaders';
import { bind, useAccountForm } from './useAccountForm';

/** A path of this shop to go back to after signing in; anything else is ignored. */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** The form's own message (not a field's), focusable so the focus can move to it. */
function FormError({ text, children }: { text?: string | undefined; children?: React.ReactNode }) {
  return (
    <FormMessage kind="error" testId="form-error">
      {text ? (
        <div tabIndex={-1} data-form-error>
          <p>{text}</p>
          {children}
        </div>
      ) : null}
    </FormMessage>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const flags = readLoginFlags(location.search);
  const returnPath = safeReturnPath(new URLSearchParams(location.search).get('returnUrl'));
  const [loginFailed, setLoginFailed] = useState(false);
  const { formRef, ...form } = useAccountForm({
    initial: { emailAddress: '', password: '' },
    rules: 'signIn',
    submit: async (values) => {
      setLoginFailed(false);
      const cartId = store.get(cartIdAtom);
      const account = await signIn({
        emailAddress: values.emailAddress.trim(),
        password: values.password,
        shoppingcartId: cartId === null ? null : String(cartId),
        captcha: await captchaToken(),
      });
      clearCache();
      if (account.shoppingcartId) store.set(cartIdAtom, account.shoppingcartId);
      await refreshSession(store);
      await navigate(returnPath ?? paths.account.home, { replace: true });
    },
    onError: (error) => {
      if (readProblem(error).status !== 401) return null;
      setLoginFailed(true);
      return { _: t('errors.loginFailed') };
    },
  });
  return (
    <Page title={t('auth.login.title')} testId="page-login">
      <div aria-live="polite" role="status">
        {flags.info && (
          <p className={formStyles.message} data-kind="success">
            {t('auth.loginFlags.info')}
          </p>
        )}
        {flags.success && (
          <p className={formStyles.message} data-kind="success">
            {t('auth.loginFlags.success')}
          </p>
        )}
        {flags.activated && (
          <p className={formStyles.message} data-kind="success" data-testid="login-activated">
            {t('auth.loginFlags.activated')}
          </p>
        )}
        {flags.resetSuccess && (
          <p className={formStyles.message} data-kind="success" data-testid="login-reset">
            {t('auth.loginFlags.resetSuccess')}
          </p>
        )}
      </div>
      {flags.error && (
        <p className={formStyles.message} data-kind="error" role="alert">
          {flags.error}
        </p>
      )}
      <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="login-form">
        <ErrorSummary errors={form.errors} {...form.summary} />
        <FormField name="emailAddress" label={t('auth.email')} error={form.errors.emailAddress}>
          {(props) => <input {...props} type="email" autoComplete="username" {...bind(form, 'emailAddress')} />}
        </FormField>
        <FormField name="password" label={t('auth.password')} error={form.errors.password}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...bind(form, 'password')} />}
        </FormField>
        <Captcha />
        <FormError text={form.errors._}>
          {loginFailed && (
            <ul>
              <li>
                <Link to={paths.account.forgot}>{t('errors.loginFailedForgotLink')}</Link>
              </li>
              <li>
                <Link to={paths.account.resendConfirmation}>{t('errors.loginFailedResendLink')}</Link>
              </li>
            </ul>
          )}
        </FormError>
        <button type="submit" className={formStyles.button} disabled={form.busy}>
          {t('auth.login.submit')}
        </button>
      </form>
      <p>
        <Link to={paths.account.forgot}>{t('auth.login.forgot')}</Link>
      </p>
      <p>
        {t('auth.login.noAccount')} <Link to={paths.account.register}>{t('auth.login.register')}</Link>
      </p>
    </Page>
  );
}

/** Moves the focus to a message that replaced a form, so it is read at once. */
function useFocusOnShow<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const site = useAtomValue(siteAtom);
  const [done, setDone] = useState<{ email: string; userId: string } | null>(null);
  const doneRef = useFocusOnShow<HTMLDivElement>(done !== null);
  const { formRef, ...form } = useAccountForm({
    initial: {
      firstName: '',
      lastName: '',
      emailAddress: '',
      phoneNumber: '',
      companyName: '',
      vatNumber: '',
      password: '',
      passwordRepeat: '',
      newsletter: false,
    },
    rules: 'registration',
    submit: async (values) => {
      const account = await accountApi.register(
        {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          emailAddress: values.emailAddress.trim(),
          phoneNumber: values.phoneNumber.trim(),
          password: values.password,
          newsletter: values.newsletter,
          ...(values.companyName.trim() ? { companyName: values.companyName.trim(), vatNumber: values.vatNumber.trim() } : {}),
        },
        await captchaToken(),
      );
      setDone({ email: values.emailAddress.trim(), userId: account.userId });
    },
  });
  void site;
  return (
    <Page title={t('auth.register.title')} testId="page-register">
      <FormMessage kind="success" testId="register-done">
        {done && (
          <div ref={doneRef} tabIndex={-1}>
            <p>{t('auth.register.activationSent', { email: done.email })}</p>
            <p>
              <Link to={`${paths.account.resendConfirmation}?userId=${encodeURIComponent(done.userId)}`}>{t('errors.loginFailedResendLink')}</Link>
            </p>
          </div>
        )}
      </FormMessage>
      {!done && (
        <>
          <p>{t('auth.register.intro')}</p>
          <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="register-form">
            <ErrorSummary errors={form.errors} {...form.summary} />
            <FormField name="firstName" label={t('checkout.fields.firstName')} error={form.errors.firstName}>
              {(props) => <input {...props} autoComplete="given-name" {...bind(form, 'firstName')} />}
            </FormField>
            <FormField name="lastName" label={t('checkout.fields.lastName')} error={form.errors.lastName}>
              {(props) => <input {...props} autoComplete="family-name" {...bind(form, 'lastName')} />}
            </FormField>
            <FormField name="emailAddress" label={t('auth.email')} error={form.errors.emailAddress}>
              {(props) => <input {...props} type="email" autoComplete="email" {...bind(form, 'emailAddress')} />}
            </FormField>
            <FormField name="phoneNumber" label={`${t('checkout.fields.phone')} ${t('common.optional')}`} error={form.errors.phoneNumber}>
              {(props) => <input {...props} type="tel" autoComplete="tel" {...bind(form, 'phoneNumber')} />}
            </FormField>
            <FormField name="companyName" label={`${t('checkout.fields.companyName')} ${t('common.optional')}`} error={form.errors.companyName}>
              {(props) => <input {...props} autoComplete="organization" {...bind(form, 'companyName')} />}
            </FormField>
            <FormField name="vatNumber" label={`${t('checkout.fields.vatNumber')} ${t('common.optional')}`} error={form.errors.vatNumber}>
              {(props) => <input {...props} {...bind(form, 'vatNumber')} />}
            </FormField>
            <FormField name="password" label={t('auth.password')} help={t('validation.passwordRequirements')} error={form.errors.password}>
              {(props) => <input {...props} type="password" autoComplete="new-password" {...bind(form, 'password')} />}
            </FormField>
            <FormField name="passwordRepeat" label={t('auth.repeatPassword')} error={form.errors.passwordRepeat}>
              {(props) => <input {...props} type="password" autoComplete="new-password" {...bind(form, 'passwordRepeat')} />}
            </FormField>
            <CheckField
              name="newsletter"
              label={t('account.personalData.newsletter')}
              checked={form.values.newsletter}
              onChange={(on) => form.set('newsletter', on)}
            />
            <Captcha />
            <FormError text={form.errors._} />
            <button type="submit" className={formStyles.button} disabled={form.busy}>
              {t('auth.register.submit')}
            </button>
          </form>
          <p>
            {t('auth.register.hasAccount')} <Link to={paths.account.login}>{t('auth.login.title')}</Link>
          </p>
        </>
      )}
    </Page>
  );
}

/** The forgot-password form; `callbackPath` is the reset page the mailed link opens. */
export function ForgotPasswordForm({ callbackPath }: { callbackPath: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const sentRef = useFocusOnShow<HTMLDivElement>(sent);
  const { formRef, ...form } = useAccountForm({
    initial: { emailAddress: '' },
    rules: 'emailAddress',
    submit: async (values) => {
      await accountApi.forgotPassword(values.emailAddress.trim(), callbackPath);
      setSent(true);
    },
  });
  return (
    <>
      <FormMessage kind="success" testId="forgot-sent">
        {sent && (
          <div ref={sentRef} tabIndex={-1}>
            <p>{t('auth.forgot.sent')}</p>
          </div>
        )}
      </FormMessage>
      {!sent && (
        <>
          <p>{t('auth.forgot.intro')}</p>
          <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="forgot-form">
            <ErrorSummary errors={form.errors} {...form.summary} />
            <FormField name="emailAddress" label={t('auth.email')} error={form.errors.emailAddress}>
              {(props) => <input {...props} type="email" autoComplete="email" {...bind(form, 'emailAddress')} />}
            </FormField>
            <FormError text={form.errors._} />
            <button type="submit" className={formStyles.button} disabled={form.busy}>
              {t('auth.forgot.submit')}
            </button>
          </form>
        </>
      )}
    </>
  );
}

export function ForgotPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('auth.forgot.title')} testId="page-forgot">
      <ForgotPasswordForm callbackPath={paths.account.reset} />
    </Page>
  );
}

/**
 * The reset form of a mailed link (`token`, `userId`); `forgotPath` is where a new link is
 * asked for when this one expired, `onDone` where the visitor goes next.
 */
export function ResetPasswordForm({ forgotPath, onDone }: { forgotPath: string; onDone: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const query = new URLSearchParams(useLocation().search);
  const token = query.get('token') ?? '';
  const userId = query.get('userId') ?? '';
  const [expired, setExpired] = useState(false);
  const { formRef, ...form } = useAccountForm({
    initial: { newPassword: '', passwordRepeat: '' },
    rules: 'newPassword',
    submit: async (values) => {
      await accountApi.resetPassword(userId, token, values.newPassword);
      await onDone();
    },
    onError: (error) => {
      if (readProblem(error).code !== 'errors.resetTokenExpired') return null;
      setExpired(true);
      return { _: t('errors.resetTokenExpired') };
    },
  });
  if (!token || !userId) {
    return (
      <FormMessage kind="error">
        <p>{t('errors.resetTokenExpired')}</p>
        <p>
          <Link to={forgotPath}>{t('auth.forgot.title')}</Link>
        </p>
      </FormMessage>
    );
  }
  return (
    <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="reset-form">
      <ErrorSummary errors={form.errors} {...form.summary} />
      <FormField name="newPassword" label={t('auth.reset.newPassword')} help={t('validation.passwordRequirements')} error={form.errors.newPassword}>
        {(props) => <input {...props} type="password" autoComplete="new-password" {...bind(form, 'newPassword')} />}
      </FormField>
      <FormField name="passwordRepeat" label={t('auth.repeatPassword')} error={form.errors.passwordRepeat}>
        {(props) => <input {...props} type="password" autoComplete="new-password" {...bind(form, 'passwordRepeat')} />}
      </FormField>
      <FormError text={form.errors._}>
        {expired && (
          <p>
            <Link to={forgotPath}>{t('auth.forgot.title')}</Link>
          </p>
        )}
      </FormError>
      <button type="submit" className={formStyles.button} disabled={form.busy}>
        {t('auth.reset.submit')}
      </button>
    </form>
  );
}

export function ResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('auth.reset.title')} testId="page-reset">
      <ResetPasswordForm forgotPath={paths.account.forgot} onDone={() => navigate(`${paths.account.login}?r=1`, { replace: true })} />
    </Page>
  );
}

export function ResendConfirmationPage() {
  const { t } = useTranslation();
  const userId = new URLSearchParams(useLocation().search).get('userId');
  const [sent, setSent] = useState(false);
  const sentRef = useFocusOnShow<HTMLDivElement>(sent);
  // From an expired activation link the account is known (`userId`); otherwise the visitor
  // names it by the e-mail address (the server answers the same for any address).
  const { formRef, ...form } = useAccountForm({
    initial: { emailAddress: '' },
    rules: userId ? () => ({}) : 'emailAddress',
    submit: async (values) => {
      const captcha = await captchaToken();
      await (userId ? accountApi.resendConfirmation(userId, captcha) : accountApi.resendConfirmationTo(values.emailAddress.trim(), captcha));
      setSent(true);
    },
  });
  return (
    <Page title={t('auth.resend.title')} testId="page-resend-confirmation">
      <FormMessage kind="success" testId="resend-sent">
        {sent && (
          <div ref={sentRef} tabIndex={-1}>
            <p>{userId ? t('auth.resend.sent') : t('account.resend.sentToAddress')}</p>
          </div>
        )}
      </FormMessage>
      {!sent && (
        <>
          <p>{userId ? t('account.resend.introWithLink') : t('auth.resend.intro')}</p>
          <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="resend-form">
            <ErrorSummary errors={form.errors} {...form.summary} />
            {!userId && (
              <FormField name="emailAddress" label={t('auth.email')} error={form.errors.emailAddress}>
                {(props) => <input {...props} type="email" autoComplete="email" {...bind(form, 'emailAddress')} />}
              </FormField>
            )}
            <Captcha />
            <FormError text={form.errors._} />
            <button type="submit" className={formStyles.button} disabled={form.busy} data-testid="resend-button">
              {t('auth.resend.submit')}
            </button>
          </form>
        </>
      )}
    </Page>
  );
}

/** Shown only when the confirm loader could not activate (the link expired or failed). */
export function ConfirmPage() {
  const { t } = useTranslation();
  const data = useLoaderData<ConfirmData>();
  return (
    <Page title={t('auth.activation.title')} testId="page-confirm">
      <FormMessage kind="error" testId="confirm-error">
        <p>{data.expired ? t('errors.activationTokenExpired') : t('errors.generic')}</p>
        <p>
          <Link to={`${paths.account.resendConfirmation}?userId=${encodeURIComponent(data.userId)}`}>{t('errors.loginFailedResendLink')}</Link>
        </p>
      </FormMessage>
    </Page>
  );
}
