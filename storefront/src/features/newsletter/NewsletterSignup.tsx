/**
 * The footer's newsletter sign-up: an e-mail address checked with the engine's e-mail rule,
 * sent in the site's language; the server answers at once and mails a confirmation link
 * (double opt-in), so the form says to look in the mailbox. Works without JavaScript running
 * at render: nothing here touches the browser before a submit.
 */
import { useId, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { newsletterApi } from '../../api/newsletter';
import { FormField, FormMessage, formStyles } from '../../components/ui/Form';
import { serverErrors } from '../../lib/apiErrors';
import { checkNamedForm } from '../../lib/forms';
import styles from './NewsletterSignup.module.css';

type State = 'idle' | 'sending' | 'sent';

export function NewsletterSignup() {
  const { t } = useTranslation();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <section className={styles.signup} aria-labelledby={titleId} data-testid="newsletter-signup">
      <h2 id={titleId}>{t('newsletter.title')}</h2>
      <p>{t('newsletter.pitch')}</p>
      {state === 'sent' ? (
        <FormMessage kind="success" testId="newsletter-sent">
          <p>{t('newsletterSignup.sent')}</p>
        </FormMessage>
      ) : (
        <form
          noValidate
          aria-labelledby={titleId}
          onSubmit={(event) => {
            event.preventDefault();
            void (async () => {
              const found = await checkNamedForm('newsletterSignup', { emailAddress: email });
              setErrors(found);
              if (Object.keys(found).length > 0) return;
              setState('sending');
              newsletterApi.subscribe(email.trim()).then(
                () => setState('sent'),
                (error: unknown) => {
                  setErrors(serverErrors(error, t));
                  setState('idle');
                },
              );
            })();
          }}
        >
          <FormField name="newsletter-email" label={t('newsletterSignup.label')} error={errors.emailAddress}>
            {(props) => (
              <input
                {...props}
                type="email"
                autoComplete="email"
                placeholder={t('newsletter.emailPlaceholder')}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                data-testid="newsletter-email"
              />
            )}
          </FormField>
          <button type="submit" className={formStyles.button} disabled={state === 'sending'} data-testid="newsletter-submit">
            {state === 'sending' ? t('newsletterSignup.sending') : t('newsletter.submit')}
          </button>
          {errors._ ? (
            <FormMessage kind="error" testId="newsletter-error">
              <p>{errors._}</p>
            </FormMessage>
          ) : null}
          <p>{t('newsletter.privacy')}</p>
        </form>
      )}
    </section>
  );
}
