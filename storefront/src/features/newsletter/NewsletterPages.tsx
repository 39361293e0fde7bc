/** The newsletter's confirmation page (the opt-in mail's link) and its unsubscribe page (every mail's link). */
import { useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { newsletterApi } from '../../api/newsletter';
import { Page } from '../../components/layout/Page';
import { FormMessage, formStyles } from '../../components/ui/Form';
import { readProblem } from '../../lib/apiErrors';
import { paths } from '../../lib/paths';
import type { NewsletterConfirmData, NewsletterUnsubscribeData } from './loaders';

export function NewsletterConfirmPage({ data }: { data: NewsletterConfirmData }) {
  const { t } = useTranslation();
  return (
    <Page title={t('newsletterSignup.confirmTitle')} testId="page-newsletter-confirm">
      {data.result === 'confirmed' ? (
        <FormMessage kind="success" testId="newsletter-confirmed">
          <p>{t('newsletterSignup.confirmed')}</p>
        </FormMessage>
      ) : (
        <FormMessage kind="error" testId="newsletter-confirm-failed">
          <p>{data.result === 'invalid' ? t('newsletterSignup.linkInvalid') : t('errors.generic')}</p>
        </FormMessage>
      )}
      <p>
        <Link to={paths.home}>{t('newsletterSignup.toShop')}</Link>
      </p>
    </Page>
  );
}

type Unsubscribing = 'idle' | 'sending' | 'done' | 'invalid' | 'failed';

export function NewsletterUnsubscribePage({ data }: { data: NewsletterUnsubscribeData }) {
  const { t } = useTranslation();
  const [state, setState] = useState<Unsubscribing>(data.email && data.token ? 'idle' : 'invalid');
  return (
    <Page title={t('newsletterSignup.unsubscribeTitle')} testId="page-newsletter-unsubscribe">
      {state === 'done' ? (
        <FormMessage kind="success" testId="newsletter-unsubscribed">
          <p>{t('newsletterSignup.unsubscribed')}</p>
        </FormMessage>
      ) : state === 'invalid' ? (
        <FormMessage kind="error" testId="newsletter-unsubscribe-failed">
          <p>{t('newsletterSignup.linkInvalid')}</p>
        </FormMessage>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setState('sending');
            newsletterApi.unsubscribe(data.email, data.token).then(
              () => setState('done'),
              (error: unknown) => setState(readProblem(error).status === 400 ? 'invalid' : 'failed'),
            );
          }}
        >
          <p>{t('newsletterSignup.unsubscribeIntro', { email: data.email })}</p>
          <button type="submit" className={formStyles.button} disabled={state === 'sending'} data-testid="newsletter-unsubscribe">
            {t('newsletterSignup.unsubscribeButton')}
          </button>
          <FormMessage kind="error">{state === 'failed' ? <p>{t('errors.generic')}</p> : null}</FormMessage>
        </form>
      )}
      <p>
        <Link to={paths.home}>{t('newsletterSignup.toShop')}</Link>
      </p>
    </Page>
  );
}
