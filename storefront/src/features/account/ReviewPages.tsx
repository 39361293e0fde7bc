/** The customer's reviews with their moderation state, and the review requests with the form. */
import { useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { ErrorSummary } from '../../components/ui/ErrorSummary';
import { formStyles, FormField, FormMessage } from '../../components/ui/Form';
import { StarRating } from '../../components/ui/StarRating';
import { fieldMaxLength, reviewMinWords } from '../../lib/forms';
import { accountApi, type ReviewRequest } from './api';
import type { ReviewsData } from './loaders';
import { PagedList } from './PagedList';
import type { ReviewedProduct } from './reviewedProducts';
import { Data, dateText, Empty, StatusLabel, styles } from './ui';
import { bind, useAccountForm } from './useAccountForm';

/** The review requests with the form, and the written reviews a page at a time (`pageSize`). */
export function ReviewsSection({ reviews, pageSize }: { reviews: Promise<ReviewsData>; pageSize: number }) {
  const { t } = useTranslation();
  return (
    <Data resolve={reviews}>
      {(data) => {
        const open = data.requests.filter((request) => request.status === 'new');
        const name = (productId: number) => data.productNames[productId] ?? t('account.reviews.product', { number: productId });
        return (
          <>
            <section className={styles.section} aria-labelledby="review-requests">
              <h2 id="review-requests">{t('account.reviews.requests')}</h2>
              {open.length === 0 ? (
                <Empty testId="review-requests-empty">{t('account.reviews.noRequests')}</Empty>
              ) : (
                <ul className={styles.list}>
                  {open.map((request) => (
                    <li key={request.reviewRequestId} className={styles.card} data-testid="review-request">
                      <ReviewRequestItem request={request} productName={name(request.productId)} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={styles.section} aria-labelledby="reviews-written">
              <h2 id="reviews-written">{t('account.reviews.written')}</h2>
              {data.reviews.length === 0 ? (
                <Empty testId="reviews-empty">{t('account.reviews.empty')}</Empty>
              ) : (
                <PagedList items={data.reviews} pageSize={pageSize} keyOf={(review) => review.reviewId} itemTestId="review-item">
                  {(review) => (
                    <>
                      <h3 className={styles.cardTitle}>{review.title}</h3>
                      <ReviewedProductName product={data.products[review.productId]} productId={review.productId} />
                      <p>
                        <StarRating rating={review.rating} size="small" />
                      </p>
                      <p>{review.text}</p>
                      <p>
                        {dateText(review.createdAt)} · <StatusLabel status={review.status} />
                      </p>
                    </>
                  )}
                </PagedList>
              )}
            </section>
          </>
        );
      }}
    </Data>
  );
}

/** The product a written review is about: its name, linked to its page when the site sells it. */
function ReviewedProductName({ product, productId }: { product: ReviewedProduct | undefined; productId: number }) {
  const { t } = useTranslation();
  const name = product?.name ?? t('account.reviews.product', { number: productId });
  return <p data-testid="review-product">{product?.url ? <Link to={product.url}>{name}</Link> : name}</p>;
}

function ReviewRequestItem({ request, productName }: { request: ReviewRequest; productName: string }) {
  const { t } = useTranslation();
  const [writing, setWriting] = useState(false);
  const [sent, setSent] = useState(false);
  const headingId = `review-request-${request.reviewRequestId}`;
  return (
    <>
      <h3 id={headingId} className={styles.cardTitle}>
        {t('account.reviews.requestText', { product: productName })}
      </h3>
      <p>
        {t('account.orders.orderNumber')}: {request.orderNumber}
      </p>
      <FormMessage kind="success" testId="review-received">
        {sent && <p>{t('success.reviewReceived')}</p>}
      </FormMessage>
      {!sent &&
        (writing ? (
          <WriteReviewForm productId={request.productId} labelledBy={headingId} onSent={() => setSent(true)} />
        ) : (
          <button type="button" className={formStyles.secondary} onClick={() => setWriting(true)} data-testid="write-review">
            {t('reviews.write')}
          </button>
        ))}
    </>
  );
}

/** The write-review form: title, rating, a text of at least the engine's minimum of words, name. */
export function WriteReviewForm({ productId, labelledBy, onSent }: { productId: number; labelledBy?: string; onSent: () => void }) {
  const { t } = useTranslation();
  const { formRef, ...form } = useAccountForm({
    initial: { title: '', rating: '', text: '', name: '' },
    rules: 'review',
    submit: async (values) => {
      await accountApi.writeReview(productId, { title: values.title.trim(), rating: Number(values.rating), text: values.text, name: values.name.trim() });
      onSent();
    },
  });
  const prefix = `review-${productId}`;
  return (
    <form
      ref={formRef}
      className={formStyles.form}
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event) => void form.onSubmit(event)}
      data-testid="review-form"
    >
      <ErrorSummary errors={form.errors} {...form.summary} />
      <FormField name={`${prefix}-title`} label={t('reviews.titleLabel')} error={form.errors.title} errorKeys={['title']}>
        {(props) => <input {...props} name="title" {...bind(form, 'title')} />}
      </FormField>
      <FormField name={`${prefix}-rating`} label={t('reviews.ratingLabel')} error={form.errors.rating} errorKeys={['rating']}>
        {(props) => (
          <select {...props} name="rating" {...bind(form, 'rating')}>
            <option value="">{t('common.select')}</option>
            {[5, 4, 3, 2, 1].map((rating) => (
              <option key={rating} value={String(rating)}>
                {t('reviews.stars', { count: rating })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        name={`${prefix}-text`}
        label={t('reviews.textLabel')}
        help={t('reviews.textHelp', { count: reviewMinWords() })}
        count={{ value: form.values.text, max: fieldMaxLength('review', 'text') }}
        error={form.errors.text}
        errorKeys={['text']}
      >
        {(props) => <textarea {...props} name="text" rows={5} {...bind(form, 'text')} />}
      </FormField>
      <FormField name={`${prefix}-name`} label={t('reviews.nameLabel')} error={form.errors.name} errorKeys={['name']}>
        {(props) => <input {...props} name="name" autoComplete="given-name" {...bind(form, 'name')} />}
      </FormField>
      <p className={formStyles.help}>{t('reviews.moderation')}</p>
      <FormMessage kind="error" testId="form-error">
        {form.errors._ ? (
          <p tabIndex={-1} data-form-error>
            {form.errors._}
          </p>
        ) : null}
      </FormMessage>
      <button type="submit" className={formStyles.button} disabled={form.busy}>
        {t('reviews.submit')}
      </button>
    </form>
  );
}
