/**
 * information/:action?/ — personal data (no action), billing address and mobile phone
 * (`billing`), company data (`company`), delivery and alternative address (`delivery`), change e-mail (`email`, also the mailed link's page),
 * change password (`password`) and the reviews (`reviews`, in ReviewsSection).
 */
import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { NavLink, useLoaderData, useParams } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { ErrorSummary } from '../../components/ui/ErrorSummary';
import { paths } from '../../lib/paths';
import { Page } from '../../components/layout/Page';
import { CheckField, formStyles, FormField, FormMessage } from '../../components/ui/Form';
import type { FieldRules } from '../../lib/forms';
import { refreshSession } from '../../lib/session';
import { siteAtom } from '../../state';
import { ADDRESS_AUTOCOMPLETE, addressFields, addressRules, regionOf, useAddressLabels } from '../../lib/addressForm';
import { accountApi, type Account, type AccountAddress, type Country, type DeliveryAddress } from './api';
import type { AccountLoaderData } from './loaders';
import { ReviewsSection } from './ReviewPages';
import { Data, styles } from './ui';
import { bind, useAccountForm } from './useAccountForm';

const NAME = [{ rule: 'required' }, { rule: 'maxLength', count: 100 }] as const;
const PHONE = [{ rule: 'maxLength', count: 30 }, { rule: 'phone' }] as const;

export const INFORMATION_ACTIONS = ['billing', 'company', 'delivery', 'email', 'password', 'reviews'] as const;
export type InformationAction = (typeof INFORMATION_ACTIONS)[number];

export function informationPath(action?: InformationAction): string {
  return action ? `${paths.account.information}${action}/` : paths.account.information;
}

function Saved({ shown, text }: { shown: boolean; text: string }) {
  return (
    <FormMessage kind="success" testId="form-saved">
      {shown ? <p>{text}</p> : null}
    </FormMessage>
  );
}

function FormError({ text }: { text?: string | undefined }) {
  return (
    <FormMessage kind="error" testId="form-error">
      {text ? (
        <p tabIndex={-1} data-form-error>
          {text}
        </p>
      ) : null}
    </FormMessage>
  );
}

export function InformationPage() {
  const { t } = useTranslation();
  const { action } = useParams();
  const data = useLoaderData<AccountLoaderData<'information'>>();
  const current = (INFORMATION_ACTIONS as readonly string[]).includes(action ?? '') ? (action as InformationAction) : undefined;
  const titles: Record<InformationAction | 'personal', string> = {
    personal: t('account.personalData.title'),
    billing: t('account.personalData.billingAddress'),
    company: t('account.companyData.title'),
    delivery: t('account.deliveryAddress.title'),
    email: t('account.changeEmail.title'),
    password: t('account.changePassword.title'),
    reviews: t('account.reviews.title'),
  };
  return (
    <Page title={titles[current ?? 'personal']} testId={`page-account-information${current ? `-${current}` : ''}`}>
      <nav className={styles.subnav} aria-label={t('account.personalData.sections')}>
        <ul>
          {([undefined, ...INFORMATION_ACTIONS] as (InformationAction | undefined)[]).map((name) => (
            <li key={name ?? 'personal'}>
              <NavLink to={informationPath(name)} end>
                {titles[name ?? 'personal']}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {current === 'reviews' && data.reviews ? (
        <ReviewsSection reviews={data.reviews} pageSize={data.pageSize} />
      ) : (
        <Data resolve={data.profile}>
          {([account, company, delivery, countries]) => {
            switch (current) {
              case 'billing':
                return <BillingForm account={account} countries={countries} />;
              case 'company':
                return <CompanyForm account={account} company={company.company} countries={countries} />;
              case 'delivery':
                return <DeliveryForm delivery={delivery} countries={countries} />;
              case 'email':
                return <EmailForm account={account} confirmed={data.emailConfirmed} />;
              case 'password':
                return <PasswordForm />;
              default:
                return (
                  <>
                    <PersonalForm account={account} />
                    <BillingDetails account={account} countries={countries} />
                  </>
                );
            }
          }}
        </Data>
      )}
    </Page>
  );
}

function PersonalForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const site = useAtomValue(siteAtom);
  const store = useStore();
  const [saved, setSaved] = useState(false);
  const { formRef, ...form } = useAccountForm({
    initial: {
      firstName: account.firstName,
      lastName: account.lastName,
      phoneNumber: account.phoneNumber ?? '',
      languageId: String(account.languageId ?? ''),
      newsletter: account.newsletter,
    },
    rules: 'personalDetails',
    submit: async (values) => {
      setSaved(false);
      await accountApi.updateAccount({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phoneNumber: values.phoneNumber.trim(),
        languageId: values.languageId === '' ? null : Number(values.languageId),
        newsletter: values.newsletter,
      });
      await refreshSession(store);
      setSaved(true);
    },
  });
  return (
    <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="personal-form">
      <ErrorSummary errors={form.errors} {...form.summary} />
      <p>
        {t('auth.email')}: <strong data-testid="personal-email">{account.emailAddress}</strong>
      </p>
      <FormField name="firstName" label={t('checkout.fields.firstName')} error={form.errors.firstName}>
        {(props) => <input {...props} autoComplete="given-name" {...bind(form, 'firstName')} />}
      </FormField>
      <FormField name="lastName" label={t('checkout.fields.lastName')} error={form.errors.lastName}>
        {(props) => <input {...props} autoComplete="family-name" {...bind(form, 'lastName')} />}
      </FormField>
      <FormField name="phoneNumber" label={`${t('checkout.fields.phone')} ${t('common.optional')}`} error={form.errors.phoneNumber}>
        {(props) => <input {...props} type="tel" autoComplete="tel" {...bind(form, 'phoneNumber')} />}
      </FormField>
      {site && site.languages.length > 1 && (
        <FormField name="languageId" label={t('account.personalData.languagePreference')} error={form.errors.languageId}>
          {(props) => (
            <select {...props} {...bind(form, 'languageId')}>
              {site.languages.map((language) => (
                <option key={language.languageId} value={String(language.languageId)}>
                  {language.localizedName}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <CheckField
        name="newsletter"
        label={t('account.personalData.newsletter')}
        checked={form.values.newsletter}
        onChange={(on) => form.set('newsletter', on)}
      />
      <FormError text={form.errors._} />
      <Saved shown={saved} text={t('success.dataChanged')} />
      <button type="submit" className={formStyles.button} disabled={form.busy}>
        {t('common.save')}
      </button>
    </form>
  );
}

/** The billing address and mobile number of the account, to read; `billing/` changes them. */
function BillingDetails({ account, countries }: { account: Account; countries: Country[] }) {
  const { t } = useTranslation();
  const billing = account.billing;
  const country = countries.find((candidate) => candidate.countryId === billing?.address.countryId)?.name;
  return (
    <section className={styles.section} aria-labelledby="personal-billing-title" data-testid="personal-billing">
      <h2 id="personal-billing-title">{t('account.personalData.billingAddress')}</h2>
      {billing ? (
        <address data-testid="personal-billing-address">
          {[billing.firstName, billing.lastName].filter(Boolean).join(' ')}
          <br />
          {[billing.address.street, billing.address.streetNumber, billing.address.streetNumberAddition].filter(Boolean).join(' ')}
          <br />
          {`${billing.address.zipcode} ${billing.address.city}`}
          {country && (
            <>
              <br />
              {country}
            </>
          )}
        </address>
      ) : (
        <p data-testid="personal-billing-address">{t('account.personalData.noBillingAddress')}</p>
      )}
      <dl className={styles.facts}>
        <dt>{t('checkout.fields.mobilePhone')}</dt>
        <dd data-testid="personal-mobile">{account.mobilePhone || t('account.personalData.notGiven')}</dd>
      </dl>
    </section>
  );
}

function CompanyForm({ account, company, countries }: { account: Account; company: Account['company']; countries: Country[] }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const billingCountry = regionOf(countries, account.billing?.address.countryId);
  const { formRef, ...form } = useAccountForm({
    initial: { companyName: company?.companyName ?? '', vatNumber: company?.vatNumber ?? '' },
    rules: (values) => ({
      companyName: {
        value: values.companyName.trim(),
        rules: [...(values.vatNumber.trim() ? [{ rule: 'required' as const }] : []), { rule: 'maxLength', count: 100 }],
      },
      vatNumber: {
        value: values.vatNumber.trim(),
        rules: [
          { rule: 'maxLength', count: 20 },
          { rule: 'vatNumber', country: billingCountry },
        ],
      },
    }),
    submit: async (values) => {
      setSaved(false);
      await accountApi.updateCompany({ companyName: values.companyName.trim(), vatNumber: values.vatNumber.trim() });
      setSaved(true);
    },
  });
  return (
    <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="company-form">
      <ErrorSummary errors={form.errors} {...form.summary} />
      <p>{t('account.companyData.intro')}</p>
      <FormField name="companyName" label={t('checkout.fields.companyName')} error={form.errors.companyName}>
        {(props) => <input {...props} autoComplete="organization" {...bind(form, 'companyName')} />}
      </FormField>
      <FormField name="vatNumber" label={t('checkout.fields.vatNumber')} error={form.errors.vatNumber}>
        {(props) => <input {...props} {...bind(form, 'vatNumber')} />}
      </FormField>
      <FormError text={form.errors._} />
      <Saved shown={saved} text={t('success.dataChanged')} />
      <button type="submit" className={formStyles.button} disabled={form.busy}>
        {t('common.save')}
      </button>
    </form>
  );
}

/** The address part of a form's values. */
interface AddressValues {
  street: string;
  streetNumber: string;
  streetNumberAddition: string;
  zipcode: string;
  city: string;
  countryId: string;
}

type AddressForm = ReturnType<typeof useAccountForm<AddressValues & Record<string, unknown>>>;

function addressValues(address: AccountAddress | undefined): AddressValues {
  return {
    street: address?.street ?? '',
    streetNumber: address?.streetNumber ?? '',
    streetNumberAddition: address?.streetNumberAddition ?? '',
    zipcode: address?.zipcode ?? '',
    city: address?.city ?? '',
    countryId: address?.countryId ? String(address.countryId) : '',
  };
}

function addressBody(values: AddressValues) {
  return {
    street: values.street.trim(),
    streetNumber: values.streetNumber.trim(),
    streetNumberAddition: values.streetNumberAddition.trim() || null,
    zipcode: values.zipcode.trim(),
    city: values.city.trim(),
    countryId: Number(values.countryId),
  };
}

/** A text input of an account form; the server names address fields `address.<name>`. */
function TextField({
  form,
  name,
  label,
  autoComplete,
  type,
}: {
  form: Pick<AddressForm, 'values' | 'set' | 'errors'>;
  name: string;
  label: string;
  autoComplete: string;
  type?: 'tel';
}) {
  return (
    <FormField name={name} label={label} error={form.errors[name] ?? form.errors[`address.${name}`]} errorKeys={[name, `address.${name}`]}>
      {(props) => <input {...props} type={type} autoComplete={autoComplete} {...bind(form, name)} />}
    </FormField>
  );
}

/**
 * The address in the chosen country's order (the engine's address form: the country first),
 * with the browser's autofill section.
 */
function AddressFields({
  form,
  countries,
  section,
}: {
  form: Pick<AddressForm, 'values' | 'set' | 'errors'>;
  countries: Country[];
  section: 'billing' | 'shipping';
}) {
  const { t } = useTranslation();
  const labels = useAddressLabels();
  const fields = addressFields(regionOf(countries, form.values.countryId));
  return (
    <>
      {fields.map(({ field }) =>
        field === 'countryId' ? (
          <FormField
            key={field}
            name="countryId"
            label={labels.countryId ?? field}
            error={form.errors.countryId ?? form.errors['address.countryId']}
            errorKeys={['countryId', 'address.countryId']}
          >
            {(props) => (
              <select {...props} autoComplete={`${section} country`} {...bind(form, 'countryId')}>
                <option value="">{t('common.select')}</option>
                {countries.map((country) => (
                  <option key={country.countryId} value={String(country.countryId)}>
                    {country.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : (
          <TextField key={field} form={form} name={field} label={labels[field] ?? field} autoComplete={`${section} ${ADDRESS_AUTOCOMPLETE[field] ?? 'on'}`} />
        ),
      )}
    </>
  );
}

function BillingForm({ account, countries }: { account: Account; countries: Country[] }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const billing = account.billing;
  const { formRef, ...form } = useAccountForm({
    initial: {
      firstName: billing?.firstName ?? account.firstName,
      lastName: billing?.lastName ?? account.lastName,
      phoneNumber: billing?.phoneNumber ?? account.phoneNumber ?? '',
      mobilePhone: account.mobilePhone ?? '',
      ...addressValues(billing?.address),
    },
    rules: (values): FieldRules => ({
      firstName: { value: values.firstName.trim(), rules: [...NAME] },
      lastName: { value: values.lastName.trim(), rules: [...NAME] },
      phoneNumber: { value: values.phoneNumber.trim(), rules: [...PHONE] },
      mobilePhone: { value: values.mobilePhone.trim(), rules: [...PHONE] },
      ...addressRules('', values, countries),
    }),
    submit: async (values) => {
      setSaved(false);
      await accountApi.updateBilling({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phoneNumber: values.phoneNumber.trim() || null,
        mobilePhone: values.mobilePhone.trim() || null,
        address: addressBody(values),
      });
      setSaved(true);
    },
  });
  return (
    <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="billing-form">
      <ErrorSummary errors={form.errors} {...form.summary} />
      <p>
        {t('auth.email')}: <strong>{account.emailAddress}</strong>
      </p>
      <TextField form={form} name="firstName" label={t('checkout.fields.firstName')} autoComplete="billing given-name" />
      <TextField form={form} name="lastName" label={t('checkout.fields.lastName')} autoComplete="billing family-name" />
      <AddressFields form={form} countries={countries} section="billing" />
      <TextField form={form} name="phoneNumber" label={`${t('checkout.fields.phone')} ${t('common.optional')}`} autoComplete="billing tel" type="tel" />
      <TextField form={form} name="mobilePhone" label={`${t('checkout.fields.mobilePhone')} ${t('common.optional')}`} autoComplete="mobile tel" type="tel" />
      <FormError text={form.errors._} />
      <Saved shown={saved} text={t('success.dataChanged')} />
      <button type="submit" className={formStyles.button} disabled={form.busy}>
        {t('common.save')}
      </button>
    </form>
  );
}

function DeliveryForm({ delivery, countries }: { delivery: DeliveryAddress; countries: Country[] }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const shipping = delivery.shipping;
  const address = shipping?.address;
  const { formRef, ...form } = useAccountForm({
    initial: {
      alternative: delivery.alternativeShippingAddress,
      firstName: shipping?.firstName ?? '',
      lastName: shipping?.lastName ?? '',
      ...addressValues(address),
    },
    rules: (values): FieldRules =>
      values.alternative
        ? {
            firstName: { value: values.firstName.trim(), rules: [...NAME] },
            lastName: { value: values.lastName.trim(), rules: [...NAME] },
            ...addressRules('', values, countries),
          }
        : {},
    submit: async (values) => {
      setSaved(false);
      await accountApi.updateDelivery(
        values.alternative
          ? {
              alternativeShippingAddress: true,
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              address: addressBody(values),
            }
          : { alternativeShippingAddress: false },
      );
      setSaved(true);
    },
  });
  return (
    <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="delivery-form">
      <ErrorSummary errors={form.errors} {...form.summary} />
      <fieldset>
        <legend>{t('account.deliveryAddress.title')}</legend>
        <div className={formStyles.check}>
          <input id="delivery-same" type="radio" name="alternative" checked={!form.values.alternative} onChange={() => form.set('alternative', false)} />
          <label htmlFor="delivery-same">{t('account.deliveryAddress.sameAsBilling')}</label>
        </div>
        <div className={formStyles.check}>
          <input id="delivery-alternative" type="radio" name="alternative" checked={form.values.alternative} onChange={() => form.set('alternative', true)} />
          <label htmlFor="delivery-alternative">{t('account.deliveryAddress.alternative')}</label>
        </div>
      </fieldset>
      {form.values.alternative && (
        <>
          <TextField form={form} name="firstName" label={t('checkout.fields.firstName')} autoComplete="shipping given-name" />
          <TextField form={form} name="lastName" label={t('checkout.fields.lastName')} autoComplete="shipping family-name" />
          <AddressFields form={form} countries={countries} section="shipping" />
        </>
      )}
      <FormError text={form.errors._} />
      <Saved shown={saved} text={t('success.dataChanged')} />
      <button type="submit" className={formStyles.button} disabled={form.busy}>
        {t('common.save')}
      </button>
    </form>
  );
}

function EmailForm({ account, confirmed }: { account: Account; confirmed: 'confirmed' | 'expired' | null }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const { formRef, ...form } = useAccountForm({
    initial: { newEmailAddress: '', password: '' },
    rules: 'emailChange',
    submit: async (values) => {
      await accountApi.changeEmail(values.newEmailAddress.trim(), values.password);
      setPending(values.newEmailAddress.trim());
      form.setValues({ newEmailAddress: '', password: '' });
    },
  });
  return (
    <>
      <FormMessage kind={confirmed === 'expired' ? 'error' : 'success'} testId="email-confirmed">
        {confirmed === 'confirmed' && <p>{t('success.emailChanged')}</p>}
        {confirmed === 'expired' && <p>{t('errors.emailChangeTokenExpired')}</p>}
      </FormMessage>
      <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="email-form">
        <ErrorSummary errors={form.errors} {...form.summary} />
        <p>
          {t('account.changeEmail.current')}: <strong>{account.emailAddress}</strong>
        </p>
        <p>{t('account.changeEmail.help')}</p>
        <FormField name="newEmailAddress" label={t('account.changeEmail.new')} error={form.errors.newEmailAddress}>
          {(props) => <input {...props} type="email" autoComplete="email" {...bind(form, 'newEmailAddress')} />}
        </FormField>
        <FormField name="password" label={t('account.changePassword.current')} error={form.errors.password}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...bind(form, 'password')} />}
        </FormField>
        <FormError text={form.errors._} />
        <FormMessage kind="success" testId="email-pending">
          {pending && <p>{t('account.changeEmail.pending', { email: pending })}</p>}
        </FormMessage>
        <button type="submit" className={formStyles.button} disabled={form.busy}>
          {t('account.changeEmail.submit')}
        </button>
      </form>
    </>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const { formRef, ...form } = useAccountForm({
    initial: { currentPassword: '', newPassword: '', passwordRepeat: '' },
    rules: 'passwordChange',
    submit: async (values) => {
      setSaved(false);
      await accountApi.changePassword(values.currentPassword, values.newPassword);
      form.setValues({ currentPassword: '', newPassword: '', passwordRepeat: '' });
      setSaved(true);
    },
  });
  return (
    <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="password-form">
      <ErrorSummary errors={form.errors} {...form.summary} />
      <FormField name="currentPassword" label={t('account.changePassword.current')} error={form.errors.currentPassword}>
        {(props) => <input {...props} type="password" autoComplete="current-password" {...bind(form, 'currentPassword')} />}
      </FormField>
      <FormField name="newPassword" label={t('account.changePassword.new')} help={t('validation.passwordRequirements')} error={form.errors.newPassword}>
        {(props) => <input {...props} type="password" autoComplete="new-password" {...bind(form, 'newPassword')} />}
      </FormField>
      <FormField name="passwordRepeat" label={t('account.changePassword.repeat')} error={form.errors.passwordRepeat}>
        {(props) => <input {...props} type="password" autoComplete="new-password" {...bind(form, 'passwordRepeat')} />}
      </FormField>
      <FormError text={form.errors._} />
      <Saved shown={saved} text={t('success.passwordChanged')} />
      <button type="submit" className={formStyles.button} disabled={form.busy}>
        {t('common.save')}
      </button>
    </form>
  );
}
