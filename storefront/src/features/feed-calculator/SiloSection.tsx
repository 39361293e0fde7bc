/**
 * Silo delivery for larger yards: the visitor gives the horses on the yard and the feed a
 * month; the server asks the engine whether the offer shows (the site's threshold: 15 horses,
 * 12 for the Belgian Dutch and the German variant, or over 1000 kg). When it does: the
 * dealers that deliver by silo and the silo-interest form, mailed to customer service.
 */
import { useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { feedApi, type SiloCheck } from '../../api/feed';
import { FormField, FormMessage, formStyles } from '../../components/ui/Form';
import { serverErrors } from '../../lib/apiErrors';
import { useFormatQuantity } from '../../lib/quantity';
import styles from './FeedCalculator.module.css';

const FORM_FIELDS = ['yard', 'name', 'emailAddress', 'phoneNumber', 'message'] as const;
type FormFieldName = (typeof FORM_FIELDS)[number];

export function SiloSection() {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  const [horses, setHorses] = useState('');
  const [feedKg, setFeedKg] = useState('');
  const [check, setCheck] = useState<SiloCheck | null>(null);
  const [checkErrors, setCheckErrors] = useState<Record<string, string>>({});
  return (
    <section className={`${styles.silo} ${styles.noPrint}`} aria-labelledby="silo-title" data-testid="silo-section">
      <h2 id="silo-title">{t('feedCalculator.silo.title')}</h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setCheck(null);
          feedApi.silo(Number(horses) || 0, Number(feedKg) || 0).then(
            (answer) => {
              setCheck(answer);
              setCheckErrors({});
            },
            (error: unknown) => setCheckErrors(serverErrors(error, t)),
          );
        }}
      >
        <FormField name="silo-horses" label={t('feedCalculator.silo.horses')} error={checkErrors.horses}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={0}
              value={horses}
              onChange={(event) => setHorses(event.target.value)}
              data-testid="silo-horses"
            />
          )}
        </FormField>
        <FormField name="silo-feed" label={t('feedCalculator.silo.feedPerMonth')} error={checkErrors.feedKgPerMonth}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={0}
              value={feedKg}
              onChange={(event) => setFeedKg(event.target.value)}
              data-testid="silo-feed"
            />
          )}
        </FormField>
        <button type="submit" className={formStyles.secondary} data-testid="silo-check">
          {t('feedCalculator.silo.check')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {check &&
          (check.interested ? (
            <p className={styles.siloOffer} data-testid="silo-offer">
              {t('feedCalculator.siloInterest', { horses: quantity.text(check.horseThreshold), kilograms: quantity.text(check.feedKgThreshold) })}
            </p>
          ) : (
            <p data-testid="silo-no-offer">{t('feedCalculator.silo.notNeeded')}</p>
          ))}
      </div>
      {check?.interested && (
        <>
          {check.dealers.length > 0 && (
            <>
              <h3>{t('feedCalculator.silo.dealers')}</h3>
              <ul className={styles.dealers} data-testid="silo-dealers">
                {check.dealers.map((dealer) => (
                  <li key={dealer.dealerId}>
                    {dealer.name}, {dealer.city} · <a href={`tel:${dealer.phone}`}>{dealer.phone}</a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <InterestForm horses={horses} feedKg={feedKg} />
        </>
      )}
    </section>
  );
}

function InterestForm({ horses, feedKg }: { horses: string; feedKg: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<FormFieldName, string>>({ yard: '', name: '', emailAddress: '', phoneNumber: '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (sent) {
    return (
      <p role="status" data-testid="silo-sent">
        {t('feedCalculator.silo.sent')}
      </p>
    );
  }
  const labels: Record<FormFieldName, string> = {
    yard: t('feedCalculator.silo.yard'),
    name: t('feedCalculator.silo.contact'),
    emailAddress: t('feedCalculator.silo.email'),
    phoneNumber: `${t('feedCalculator.silo.phone')} ${t('common.optional')}`,
    message: `${t('feedCalculator.silo.message')} ${t('common.optional')}`,
  };
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="silo-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        feedApi
          .registerSiloInterest({ ...values, horses: Number(horses) || 0, feedKgPerMonth: Number(feedKg) || 0 })
          .then(
            () => setSent(true),
            (error: unknown) => setErrors(serverErrors(error, t)),
          )
          .finally(() => setBusy(false));
      }}
    >
      <h3 id="silo-form-title">{t('feedCalculator.silo.formTitle')}</h3>
      {FORM_FIELDS.map((field) => (
        <FormField key={field} name={`silo-${field}`} label={labels[field]} error={errors[field] ?? (field === 'yard' ? errors.horses : undefined)}>
          {(props) =>
            field === 'message' ? (
              <textarea {...props} value={values[field]} onChange={(event) => setValues({ ...values, [field]: event.target.value })} />
            ) : (
              <input
                {...props}
                type={field === 'emailAddress' ? 'email' : field === 'phoneNumber' ? 'tel' : 'text'}
                autoComplete={field === 'emailAddress' ? 'email' : field === 'phoneNumber' ? 'tel' : field === 'name' ? 'name' : 'organization'}
                value={values[field]}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                data-testid={`silo-${field}`}
              />
            )
          }
        </FormField>
      ))}
      <button type="submit" className={formStyles.button} disabled={busy} data-testid="silo-send">
        {t('feedCalculator.silo.send')}
      </button>
      <FormMessage kind="error">{errors._ ? <p>{errors._}</p> : null}</FormMessage>
    </form>
  );
}
