import { useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import styles from '../../components/shop.module.css';
import { CharacterCount, characterLimitId } from '../../components/ui/CharacterCount';
import { ErrorSummary, useErrorSummary } from '../../components/ui/ErrorSummary';
import { writeReview } from '../../api/catalog';
import { checkNamedForm, fieldMaxLength, reviewMinWords } from '../../lib/forms';

type Sent = 'no' | 'sending' | 'sent' | 'failed';

/**
 * The write-review form, checked with the engine's rules (a review text of at least 5 words and
 * at most the form's maximum, counted while typing) before it is sent; the server checks again
 * and keeps the review until it is approved. A submit with errors lists them at the top.
 */
export function ReviewForm({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ title: '', rating: '', text: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<Sent>('no');
  const { formRef, report, ...summary } = useErrorSummary();
  const textMax = fieldMaxLength('review', 'text');
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value });
  const error = (name: string) =>
    errors[name] ? (
      <span id={`review-${name}-error`} className={styles.fieldError}>
        {errors[name]}
      </span>
    ) : null;
  const described = (name: string, ...more: string[]) => {
    const ids = [...more, ...(errors[name] ? [`review-${name}-error`] : [])].join(' ');
    return { ...(errors[name] ? { 'aria-invalid': true } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
  };
  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      data-testid="review-form"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          const found = await checkNamedForm('review', values);
          setErrors(found);
          report();
          if (Object.keys(found).length > 0) return;
          setSent('sending');
          writeReview(productId, { title: values.title, rating: Number(values.rating), text: values.text, name: values.name })
            .then(() => setSent('sent'))
            .catch(() => setSent('failed'));
        })();
      }}
    >
      <h3>{t('reviews.write')}</h3>
      <ErrorSummary errors={errors} {...summary} />
      <div className={styles.field} data-field="title">
        <label htmlFor="review-title">{t('reviews.titleLabel')}</label>
        <input id="review-title" name="title" value={values.title} onChange={set('title')} {...described('title')} />
        {error('title')}
      </div>
      <div className={styles.field} data-field="rating">
        <label htmlFor="review-rating">{t('reviews.ratingLabel')}</label>
        <select id="review-rating" name="rating" value={values.rating} onChange={set('rating')} {...described('rating')}>
          <option value="">{t('common.select')}</option>
          {['5', '4', '3', '2', '1'].map((rating) => (
            <option key={rating} value={rating}>
              {t('reviews.stars', { count: Number(rating) })}
            </option>
          ))}
        </select>
        {error('rating')}
      </div>
      <div className={styles.field} data-field="text">
        <label htmlFor="review-text">{t('reviews.textLabel')}</label>
        <textarea
          id="review-text"
          name="text"
          rows={5}
          value={values.text}
          onChange={set('text')}
          {...described('text', 'review-text-help', ...(textMax !== null ? [characterLimitId('review-text')] : []))}
        />
        <span id="review-text-help" className={styles.muted}>
          {t('reviews.textHelp', { count: reviewMinWords() })}
        </span>
        {textMax !== null && <CharacterCount fieldId="review-text" value={values.text} max={textMax} />}
        {error('text')}
      </div>
      <div className={styles.field} data-field="name">
        <label htmlFor="review-name">{t('reviews.nameLabel')}</label>
        <input id="review-name" name="name" value={values.name} onChange={set('name')} {...described('name')} />
        {error('name')}
      </div>
      <p className={styles.muted}>{t('reviews.moderation')}</p>
      <button type="submit" className={styles.button} disabled={sent === 'sending' || sent === 'sent'}>
        {t('reviews.submit')}
      </button>
      {sent === 'sent' && (
        <p className={styles.notice} role="status" data-testid="review-sent">
          {t('reviews.thanks')}
        </p>
      )}
      {sent === 'failed' && (
        <p className={styles.fieldError} role="alert" data-testid="review-not-sent">
          {t('reviews.notAvailable')}
        </p>
      )}
    </form>
  );
}
