/**
 * The customer survey of an order: a rating from 1 (very dissatisfied) to 5 (very satisfied)
 * and an optional comment, once per order. The rating is required (the engine's rule); a second
 * answer is refused by the server and shown as already answered.
 */
import { useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { surveyApi } from '../../api/survey';
import { Page } from '../../components/layout/Page';
import { ErrorIcon, FormField, FormMessage, formStyles } from '../../components/ui/Form';
import { readProblem, serverErrors } from '../../lib/apiErrors';
import { checkNamedForm, fieldMaxLength } from '../../lib/forms';
import { paths } from '../../lib/paths';
import type { SurveyData } from './loader';

const RATINGS = [1, 2, 3, 4, 5] as const;
const RATING_KEYS = {
  1: 'customerSurvey.rating1',
  2: 'customerSurvey.rating2',
  3: 'customerSurvey.rating3',
  4: 'customerSurvey.rating4',
  5: 'customerSurvey.rating5',
} as const;

export function SurveyPage({ data }: { data: SurveyData }) {
  const { t } = useTranslation();
  const [state, setState] = useState<SurveyData['result'] | 'sending' | 'thanks'>(data.result);
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const label = (value: (typeof RATINGS)[number]) => t(RATING_KEYS[value]);
  return (
    <Page title={t('customerSurvey.title')} testId="page-survey">
      {state === 'thanks' ? (
        <FormMessage kind="success" testId="survey-thanks">
          <p>{t('customerSurvey.thanks')}</p>
        </FormMessage>
      ) : state === 'answered' ? (
        <FormMessage kind="success" testId="survey-answered">
          <p>{t('customerSurvey.answered')}</p>
        </FormMessage>
      ) : state === 'invalid' ? (
        <FormMessage kind="error" testId="survey-invalid">
          <p>{t('customerSurvey.linkInvalid')}</p>
        </FormMessage>
      ) : state === 'failed' ? (
        <FormMessage kind="error" testId="survey-failed">
          <p>{t('errors.generic')}</p>
        </FormMessage>
      ) : (
        <form
          className={formStyles.form}
          noValidate
          data-testid="survey-form"
          onSubmit={(event) => {
            event.preventDefault();
            void (async () => {
              const found = await checkNamedForm('survey', { rating, comment });
              setErrors(found);
              if (Object.keys(found).length > 0) return;
              setState('sending');
              surveyApi.answer({ order: data.order, token: data.token, rating: Number(rating), comment }).then(
                () => setState('thanks'),
                (error: unknown) => {
                  const problem = readProblem(error);
                  if (problem.status === 409) setState('answered');
                  else if (problem.code === 'errors.surveyLinkInvalid') setState('invalid');
                  else {
                    setErrors(serverErrors(error, t));
                    setState('open');
                  }
                },
              );
            })();
          }}
        >
          <p>{t('customerSurvey.intro', { orderNumber: data.orderNumber })}</p>
          <fieldset aria-describedby={errors.rating ? 'survey-rating-error' : undefined}>
            <legend>{t('customerSurvey.ratingLegend')}</legend>
            {RATINGS.map((value) => (
              <div key={value} className={formStyles.check}>
                <input
                  id={`survey-rating-${value}`}
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === String(value)}
                  onChange={() => setRating(String(value))}
                  {...(errors.rating ? { 'aria-invalid': true } : {})}
                  data-testid={`survey-rating-${value}`}
                />
                <label htmlFor={`survey-rating-${value}`}>{`${value} – ${label(value)}`}</label>
              </div>
            ))}
            {errors.rating && (
              <span id="survey-rating-error" className={formStyles.error} data-testid="error-rating">
                <ErrorIcon />
                {errors.rating}
              </span>
            )}
          </fieldset>
          <FormField
            name="survey-comment"
            label={t('customerSurvey.comment')}
            count={{ value: comment, max: fieldMaxLength('survey', 'comment') }}
            error={errors.comment}
          >
            {(props) => <textarea {...props} rows={4} value={comment} onChange={(event) => setComment(event.target.value)} data-testid="survey-comment" />}
          </FormField>
          <button type="submit" className={formStyles.button} disabled={state === 'sending'} data-testid="survey-submit">
            {state === 'sending' ? t('customerSurvey.sending') : t('customerSurvey.submit')}
          </button>
          <FormMessage kind="error">{errors._ ? <p>{errors._}</p> : null}</FormMessage>
        </form>
      )}
      <p>
        <Link to={paths.home}>{t('cart.continueShopping')}</Link>
      </p>
    </Page>
  );
}
