/**
 * The reviews inbox (needs `reviews.moderate`): the reviews of the member's sites that await
 * moderation, oldest first, a page at a time. Each is approved (shown on its product's page and
 * counted in its rating) or rejected, one by one or the selected ones together. By keyboard,
 * within a review (its checkbox or a button focused): `a` approves, `r` rejects, `x` selects,
 * `j` and `k` go to the next and the previous review.
 */
import { useEffect, useRef, useState } from 'react';

import { approveReview, listPendingReviews, REVIEWS_PER_PAGE, rejectReview } from '../../api/backoffice';
import type { ModeratedReview } from '../../api/contract';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Field';
import { PageTitle } from '../../components/Page';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useToast } from '../../components/Toast';
import { currentLanguage, useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/useAsync';
import styles from './Reviews.module.css';

type Decision = 'approve' | 'reject';

const decide = (decision: Decision, reviewId: number) => (decision === 'approve' ? approveReview(reviewId) : rejectReview(reviewId));

export function ReviewsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const inbox = useAsync((signal) => listPendingReviews(page, signal), [page]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  const moderate = async (decision: Decision, reviewIds: number[]) => {
    if (reviewIds.length === 0) return;
    setBusy(true);
    let done = 0;
    try {
      for (const reviewId of reviewIds) {
        await decide(decision, reviewId);
        done += 1;
      }
    } catch (failure) {
      toast.show(errorMessage(failure), 'error');
    } finally {
      setBusy(false);
      setSelected(new Set());
      if (done > 0) toast.show(t(decision === 'approve' ? 'reviews.approved' : 'reviews.rejected', { count: done }));
      inbox.reload();
    }
  };
  const toggle = (reviewId: number) => {
    const next = new Set(selected);
    if (next.has(reviewId)) next.delete(reviewId);
    else next.add(reviewId);
    setSelected(next);
  };
  // The shortcuts act on the review that holds the focus; the list listens for all of them
  // (again after each render, so that they see the selection and the page as they are).
  useEffect(() => {
    const element = list.current;
    if (!element) return undefined;
    const listener = (event: globalThis.KeyboardEvent) => {
      const item = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-review]') : null;
      if (!item || busy || event.altKey || event.ctrlKey || event.metaKey) return;
      const reviewId = Number(item.dataset.review);
      const move = (step: number) => {
        const items = Array.from(element.querySelectorAll<HTMLElement>('[data-review]'));
        items[items.indexOf(item) + step]?.querySelector<HTMLElement>('input')?.focus();
      };
      const keys: Record<string, () => void> = {
        a: () => void moderate('approve', [reviewId]),
        r: () => void moderate('reject', [reviewId]),
        x: () => toggle(reviewId),
        j: () => move(1),
        k: () => move(-1),
      };
      const action = keys[event.key];
      if (action) {
        event.preventDefault();
        action();
      }
    };
    element.addEventListener('keydown', listener);
    return () => element.removeEventListener('keydown', listener);
  });

  const state = inbox.state;
  return (
    <>
      <PageTitle>{t('reviews.title')}</PageTitle>
      <p id="review-keys">{t('reviews.keys')}</p>
      {state.status === 'failed' && <ErrorState error={state.error} onRetry={inbox.reload} />}
      {state.status === 'loading' && <Loading />}
      {state.status === 'loaded' && state.data.reviews.length === 0 && <EmptyState>{t('reviews.empty')}</EmptyState>}
      {state.status === 'loaded' && state.data.reviews.length > 0 && (
        <>
          <p>{t('reviews.waiting', { count: state.data.total })}</p>
          <div className={styles.bulk} role="group" aria-label={t('reviews.selected', { number: selected.size })}>
            <Button disabled={selected.size === 0} busy={busy} onClick={() => void moderate('approve', [...selected])}>
              {t('reviews.approveSelected', { number: selected.size })}
            </Button>
            <Button variant="danger" disabled={selected.size === 0} busy={busy} onClick={() => void moderate('reject', [...selected])}>
              {t('reviews.rejectSelected', { number: selected.size })}
            </Button>
          </div>
          <ol className={styles.list} ref={list}>
            {state.data.reviews.map((review) => (
              <ReviewItem
                key={review.reviewId}
                review={review}
                selected={selected.has(review.reviewId)}
                busy={busy}
                onToggle={() => toggle(review.reviewId)}
                onDecide={(decision) => void moderate(decision, [review.reviewId])}
              />
            ))}
          </ol>
          {(page > 1 || state.data.total > page * REVIEWS_PER_PAGE) && (
            <nav className={styles.bulk} aria-label={t('table.paging')}>
              {page > 1 && (
                <Button variant="secondary" size="small" onClick={() => setPage(page - 1)}>
                  {t('reviews.previous')}
                </Button>
              )}
              {state.data.total > page * REVIEWS_PER_PAGE && (
                <Button variant="secondary" size="small" onClick={() => setPage(page + 1)}>
                  {t('reviews.next')}
                </Button>
              )}
            </nav>
          )}
        </>
      )}
    </>
  );
}

interface ReviewItemProps {
  review: ModeratedReview;
  selected: boolean;
  busy: boolean;
  onToggle: () => void;
  onDecide: (decision: Decision) => void;
}

function ReviewItem({ review, selected, busy, onToggle, onDecide }: ReviewItemProps) {
  const { t } = useTranslation();
  const titleId = `review-${review.reviewId}`;
  return (
    <li className={styles.review} data-review={review.reviewId} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {review.title || t('reviews.untitled')}
      </h2>
      <p className={styles.meta}>
        {t('reviews.about', {
          product: review.productName,
          rating: review.rating,
          who: review.reviewerName,
          at: formatDateTime(Date.parse(review.createdAt), currentLanguage()),
        })}
      </p>
      <p className={styles.text}>{review.text}</p>
      <div className={styles.bulk}>
        <Checkbox label={t('reviews.select', { title: review.title || t('reviews.untitled') })} checked={selected} onChange={onToggle} />
        <Button size="small" disabled={busy} onClick={() => onDecide('approve')}>
          {t('reviews.approve')}
        </Button>
        <Button size="small" variant="danger" disabled={busy} onClick={() => onDecide('reject')}>
          {t('reviews.reject')}
        </Button>
      </div>
    </li>
  );
}
