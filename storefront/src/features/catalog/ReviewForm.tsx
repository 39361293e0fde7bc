import { useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import styles from '../../components/shop.module.css';
import { writeReview } from '../../api/catalog';
import { checkNamedForm, reviewMinWords } from '../../lib/forms';

type Sent = 'no' | 'sending' | 'sent' | 'failed';

/**
 * The write-review form, checked with the engine's rules (a review text of at least 5 words)
 * before it is sent; the server checks again and keeps the review until it is approved.
 */
export function ReviewForm({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ title: '', rating: '', text: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<Sent>('no');
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value });
  const error = (name: string) =>
    errors[name] ? (
      <span id={`review-${name}-error`} className={styles.fieldError} role="alert">
        {errors[name]}
      </span>
    ) : null;
  const described = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `review-${name}-error` } : {});
  return (
    <form
      className={styles.form}
      noValidate
      data-testid="review-form"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          const found = await checkNamedForm('review', values);
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          setSent('sending');
          writeReview(productId, { title: values.title, rating: Number(values.rating), text: values.text, name: values.name })
            .then(() => setSent('sent'))
            .catch(() => setSent('failed'));
        })();
      }}
    >
      <h3>{t('reviews.write')}</h3>
      <div className={styles.field}>
        <label htmlFor="review-title">{t('reviews.titleLabel')}</label>
        <input id="review-title" name="title" value={values.title} onChange={set('title')} {...described('title')} />
        {error('title')}
      </div>
      <div className={styles.field}>
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
      <div className={styles.field}>
        <label htmlFor="review-text">{t('reviews.textLabel')}</label>
        <textarea id="review-text" name="text" rows={5} value={values.text} onChange={set('text')} {...described('text')} />
        <span className={styles.muted}>{t('reviews.textHelp', { count: reviewMinWords() })}</span>
        {error('text')}
      </div>
      <div className={styles.field}>
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
