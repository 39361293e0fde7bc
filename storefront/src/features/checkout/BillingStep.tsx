import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { Account } from '../../api/auth';
import { api } from '../../api/client';
import { paths } from '../../lib/paths';
import type { CheckoutGates } from '../../engine';
import { useSite } from '../../state';
import { cartApi, type Billing, type Company } from '../../api/cart';
import { cartNoticesAtom, useCart } from '../../lib/cart';
import { checkForm } from '../../lib/forms';
import { ADDRESS_AUTOCOMPLETE, addressFields, addressRows, addressRules, regionOf, useAddressLabels } from '../../lib/addressForm';
import { ErrorSummary, useErrorSummary } from '../../components/ui/ErrorSummary';
import { Loading } from '../../components/ui/Loading';
import styles from '../../components/shop.module.css';
import { Field } from './fields';
import { gatesOf, nextStep } from './gates';
import { fetchCountries, type Country } from './reference';
import { useCheckoutAccount, useServerErrors } from './useCheckout';

/**
 * The address fields shared by billing and the alternative delivery address, in the chosen
 * country's order (the engine's address form; the country comes first).
 */
export function AddressFields({
  prefix,
  values,
  set,
  errors,
  countries,
}: {
  prefix: string;
  values: Record<string, string>;
  set: (name: string, value: string) => void;
  errors: Record<string, string>;
  countries: Country[];
}) {
  const { t } = useTranslation();
  const labels = useAddressLabels();
  const fields = addressFields(regionOf(countries, values.countryId));
  const input = (name: string) => (
    <Field key={name} name={`${prefix}${name}`} label={labels[name] ?? name} error={errors[`${prefix}${name}`]}>
      {(props) => <input {...props} value={values[name] ?? ''} autoComplete={ADDRESS_AUTOCOMPLETE[name]} onChange={(event) => set(name, event.target.value)} />}
    </Field>
  );
  const country = (
    <Field key="countryId" name={`${prefix}countryId`} label={labels.countryId ?? 'countryId'} error={errors[`${prefix}countryId`]}>
      {(props) => (
        <select
          {...props}
          value={values.countryId ?? ''}
          autoComplete={ADDRESS_AUTOCOMPLETE.countryId}
          onChange={(event) => set('countryId', event.target.value)}
        >
          <option value="">{t('common.select')}</option>
          {countries.map((candidate) => (
            <option key={candidate.countryId} value={candidate.countryId}>
              {candidate.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <>
      {addressRows(fields).map((row) => {
        const parts = row.map(({ field }) => (field === 'countryId' ? country : input(field)));
        return row.length > 1 ? (
          <div key={row[0]?.field} className={styles.row}>
            {parts}
          </div>
        ) : (
          parts
        );
      })}
    </>
  );
}

export function toAddress(values: Record<string, string>) {
  return {
    zipcode: values.zipcode?.trim() ?? '',
    street: values.street?.trim() ?? '',
    streetNumber: values.streetNumber?.trim() ?? '',
    streetNumberAddition: values.streetNumberAddition?.trim() || undefined,
    city: values.city?.trim() ?? '',
    countryId: values.countryId ? Number(values.countryId) : null,
  };
}

/** Whether the cart holds billing data already: then the form shows the cart's, never the account's. */
function cartHasBilling(billing: Billing | null | undefined): boolean {
  return Boolean(billing && (billing.firstName || billing.lastName || billing.emailAddress || billing.address));
}

/** An account's billing data in the cart's shape: its billing block, else its own name, e-mail and phone. */
function accountBilling(account: Account): { billing: Billing; company: Company | null } {
  const billing = account.billing;
  return {
    billing: {
      firstName: billing?.firstName || account.firstName,
      lastName: billing?.lastName || account.lastName,
      emailAddress: billing?.emailAddress || account.emailAddress,
      phoneNumber: billing?.phoneNumber || account.phoneNumber || null,
      address: billing?.address ?? null,
    },
    company: account.company?.companyName ? account.company : null,
  };
}

/** What the form starts with: the cart's billing data, or a signed-in customer's when the cart has none yet. */
function startingBilling(cart: { billing?: Billing | null; company?: Company | null } | undefined, account: Account | null) {
  if (!cartHasBilling(cart?.billing) && account) return accountBilling(account);
  return { billing: cart?.billing ?? null, company: cart?.company ?? null };
}

function initialValues(billing: Billing | null, company: Company | null, siteCountryId: number) {
  const address = billing?.address ?? {};
  return {
    firstName: billing?.firstName ?? '',
    lastName: billing?.lastName ?? '',
    emailAddress: billing?.emailAddress ?? '',
    phoneNumber: billing?.phoneNumber ?? '',
    zipcode: address.zipcode ?? '',
    street: address.street ?? '',
    streetNumber: address.streetNumber ?? '',
    streetNumberAddition: address.streetNumberAddition ?? '',
    city: address.city ?? '',
    countryId: String(address.countryId ?? siteCountryId),
    companyName: company?.companyName ?? '',
    vatNumber: company?.vatNumber ?? '',
    password: '',
    passwordRepeat: '',
  };
}

/**
 * The code of the server's notice that it took the cart's discount code off: with the billing
 * e-mail address it knows the customer, who has used the code as often as it may be used.
 */
const DISCOUNT_CODE_USED = 'errors.discountCodeUsed';

/** The billing step; it opens once it is known who is signed in (a customer's data fill it in). */
export function BillingStep({ countries, gates }: { countries: Country[]; gates: CheckoutGates }) {
  const { known, account } = useCheckoutAccount();
  if (!known) return <Loading />;
  return <BillingForm countries={countries} gates={gates} account={account} />;
}

function BillingForm({ countries, gates, account }: { countries: Country[]; gates: CheckoutGates; account: Account | null }) {
  const { t } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const cart = useCart();
  const serverErrors = useServerErrors();
  const answer = cart.answer;
  const [starting] = useState(() => startingBilling(answer?.cart, account));
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(starting.billing, starting.company, site.countryId));
  const [business, setBusiness] = useState(Boolean(starting.company?.companyName));
  const [createAccount, setCreateAccount] = useState(false);
  const [newsletter, setNewsletter] = useState(answer?.cart.newsletterSubscribe ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [removedCode, setRemovedCode] = useState<string | null>(null);
  const { formRef, report, ...summary } = useErrorSummary();
  const store = useStore();
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const text = (name: string, label: string, type = 'text', autoComplete = 'on') => (
    <Field name={name} label={label} error={errors[name]}>
      {(props) => <input {...props} type={type} autoComplete={autoComplete} value={values[name] ?? ''} onChange={(event) => set(name, event.target.value)} />}
    </Field>
  );
  const submit = async () => {
    const country = countries.find((candidate) => String(candidate.countryId) === values.countryId)?.regionCode ?? null;
    const found = await checkForm({
      firstName: { value: values.firstName ?? '', rules: [{ rule: 'required' }, { rule: 'maxLength', count: 50 }] },
      lastName: { value: values.lastName ?? '', rules: [{ rule: 'required' }, { rule: 'maxLength', count: 50 }] },
      emailAddress: { value: values.emailAddress ?? '', rules: [{ rule: 'required' }, { rule: 'email' }] },
      phoneNumber: { value: values.phoneNumber ?? '', rules: [{ rule: 'maxLength', count: 30 }, { rule: 'phone' }] },
      ...addressRules('', values, countries),
      ...(business
        ? {
            companyName: { value: values.companyName ?? '', rules: [{ rule: 'required' }, { rule: 'maxLength', count: 100 }] },
            vatNumber: { value: values.vatNumber ?? '', rules: [{ rule: 'vatNumber', country }] },
          }
        : {}),
      ...(createAccount
        ? {
            password: { value: values.password ?? '', rules: [{ rule: 'required' }, { rule: 'password' }] },
            passwordRepeat: { value: values.passwordRepeat ?? '', rules: [{ rule: 'required' }, { rule: 'passwordRepeat', field: 'password' }] },
          }
        : {}),
    });
    setErrors(found);
    report();
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setRemovedCode(null);
    const codeBefore = answer?.cart.discountCode ?? null;
    try {
      const billing = {
        firstName: values.firstName?.trim(),
        lastName: values.lastName?.trim(),
        emailAddress: values.emailAddress?.trim(),
        phoneNumber: values.phoneNumber?.trim() || undefined,
        address: toAddress(values),
      };
      let latest = await cart.call((id) => cartApi.setBilling(id, billing));
      const codeTakenOff = latest.notices?.some((notice) => notice.code === DISCOUNT_CODE_USED) ?? false;
      // The price changed: this step says why (once, here, not again above the form) and the
      // customer goes on without the code by choice.
      if (codeTakenOff) store.set(cartNoticesAtom, (notices) => notices.filter((notice) => notice.code !== DISCOUNT_CODE_USED));
      if (business) latest = await cart.call((id) => cartApi.setCompany(id, { companyName: values.companyName?.trim(), vatNumber: values.vatNumber?.trim() }));
      else if (latest.cart.company) latest = await cart.call((id) => cartApi.setCompany(id, {}));
      if (newsletter !== latest.cart.newsletterSubscribe) latest = await cart.call((id) => cartApi.setNewsletter(id, newsletter));
      if (createAccount) {
        // A path of the shop: the server builds the link on the site's own domain (SECURITY.md).
        latest = await cart.call((id) => cartApi.setPassword(id, values.password ?? '', paths.account.confirm));
      }
      if (codeTakenOff) setRemovedCode(codeBefore ?? '');
      else void navigate(nextStep('billing', gatesOf(latest, countries, site.countryId)));
    } catch (error) {
      setErrors(serverErrors(error));
      report();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      data-testid="billing-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary errors={errors} {...summary} />
      <h2>{t('checkout.billing.title')}</h2>
      <div className={styles.row}>
        {text('firstName', t('checkout.fields.firstName'), 'text', 'given-name')}
        {text('lastName', t('checkout.fields.lastName'), 'text', 'family-name')}
      </div>
      {text('emailAddress', t('checkout.fields.email'), 'email', 'email')}
      {text('phoneNumber', `${t('checkout.fields.phone')} ${t('common.optional')}`, 'tel', 'tel')}
      <AddressFields prefix="" values={values} set={set} errors={errors} countries={countries} />
      <label className={styles.row}>
        <input type="checkbox" checked={business} onChange={(event) => setBusiness(event.target.checked)} data-testid="business" />
        <span>{t('checkout.billing.business')}</span>
      </label>
      {business && (
        <>
          {text('companyName', t('checkout.fields.companyName'), 'text', 'organization')}
          {text('vatNumber', t('checkout.fields.vatNumber'))}
        </>
      )}
      {/* A signed-in customer has an account: only visitors are offered one. */}
      {account === null && (
        <label className={styles.row}>
          <input type="checkbox" checked={createAccount} onChange={(event) => setCreateAccount(event.target.checked)} data-testid="create-account" />
          <span>{t('checkout.billing.createAccount')}</span>
        </label>
      )}
      {createAccount && (
        <>
          <p className={styles.muted}>{t('checkout.billing.createAccountHelp')}</p>
          {text('password', t('checkout.fields.password'), 'password', 'new-password')}
          <span className={styles.muted}>{t('validation.passwordRequirements')}</span>
          {text('passwordRepeat', t('checkout.fields.repeatPassword'), 'password', 'new-password')}
        </>
      )}
      <label className={styles.row}>
        <input
          type="checkbox"
          checked={newsletter}
          onChange={(event) => setNewsletter(event.target.checked)}
          aria-describedby="checkout-newsletter-hint"
          data-testid="newsletter"
        />
        <span>{t('checkout.billing.newsletter')}</span>
      </label>
      {/* The box only asks: the server sends the newsletter's double opt-in mail once the order is confirmed. */}
      <p id="checkout-newsletter-hint" className={styles.muted}>
        {t('checkout.newsletter.hint')}
      </p>
      {errors._ && (
        <p className={styles.fieldError} role="alert">
          {errors._}
        </p>
      )}
      {removedCode !== null && (
        <p className={styles.warning} role="alert" data-testid="discount-code-removed">
          {t('checkout.billing.discountCodeRemoved', { code: removedCode })}
        </p>
      )}
      {gates.orderOnDutchSite && <DutchNotice />}
      <button type="submit" className={styles.button} disabled={busy} data-testid="billing-submit">
        {t('checkout.next.delivery')}
      </button>
    </form>
  );
}

/** The notice of the Dutch-address rule (engine gate `orderOnDutchSite`). */
export function DutchNotice() {
  const { t } = useTranslation();
  const site = useSite();
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // The Dutch site of the same brand: the site list and the countries, both cached.
    Promise.all([api.get('/api/Sites', { cached: true }), fetchCountries()]).then(
      ([sites, countries]) => {
        const nl = countries.find((country) => country.regionCode === 'NL')?.countryId;
        const dutch = (Array.isArray(sites) ? sites : []).find((candidate) => candidate.type === site.type && candidate.countryId === nl && candidate.domain);
        if (current && dutch) setHref(`${window.location.protocol}//${dutch.domain}${window.location.port ? `:${window.location.port}` : ''}/`);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [site.type]);
  return (
    <div className={styles.warning} role="alert" data-testid="dutch-notice">
      <p>{t('errors.dutchAddressNotice')}</p>
      {href && <a href={href}>{t('errors.dutchAddressLink')}</a>}
    </div>
  );
}
