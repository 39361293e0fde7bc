/** Returns (list and form), subscriptions, feed advice and results lists. */
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useParams } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { ErrorSummary } from '../../components/ui/ErrorSummary';
import { textOfKey } from '../../i18n';
import { paths } from '../../lib/paths';
import { Page } from '../../components/layout/Page';
import { formStyles, FormField, FormMessage } from '../../components/ui/Form';
import { serverErrors } from '../../lib/apiErrors';
import { FeedAdviceList } from './FeedAdviceList';
import { PagedList } from './PagedList';
import { SubscriptionItem } from './SubscriptionItem';
import { accountApi, type OrderDetail, type OrderSummary, type ReturnRequest } from './api';
import type { AccountLoaderData } from './loaders';
import { Data, dateText, Empty, StatusLabel, styles } from './ui';
import { bind, useAccountForm } from './useAccountForm';

/** The most characters of a return's comment (the server's `maxLength` of the return form). */
const RETURN_COMMENT_MAX_LENGTH = 1000;

/**
 * The photo the server accepts (README: JPEG, PNG or WebP, at most 5 MB); checked here before
 * the upload so nobody waits for a refusal. The server checks the bytes again.
 */
export const RETURN_PHOTO = { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 5 * 1024 * 1024 } as const;
export const RETURN_REASONS = ['damaged', 'wrongItem', 'notNeeded', 'other'] as const;

/** Why a chosen photo is refused before upload, or null. */
export function photoProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(RETURN_PHOTO.types as readonly string[]).includes(file.type)) return 'type';
  if (file.size > RETURN_PHOTO.maxBytes) return 'size';
  return null;
}

export function ReturnsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<AccountLoaderData<'returns'>>();
  const { productVariantId } = useParams();
  const [added, setAdded] = useState<ReturnRequest[]>([]);
  return (
    <Page title={t('account.returns.title')} testId="page-account-returns">
      <section className={styles.section} aria-labelledby="returns-list">
        <h2 id="returns-list">{t('account.returns.listTitle')}</h2>
        <Data resolve={data.returns}>
          {(returns) => {
            const all = [...added, ...returns.filter((item) => !added.some((mine) => mine.returnId === item.returnId))];
            return all.length === 0 ? (
              <Empty testId="returns-empty">{t('account.returns.empty')}</Empty>
            ) : (
              <PagedList items={all} pageSize={data.pageSize} keyOf={(item) => item.returnId} itemTestId="return-item">
                {(item) => (
                  <>
                    <h3 className={styles.cardTitle}>{item.description ?? `${t('account.returns.product')} ${item.productVariantId}`}</h3>
                    <dl className={styles.facts}>
                      <dt>{t('account.returns.orderNumber')}</dt>
                      <dd>{item.orderNumber}</dd>
                      <dt>{t('account.returns.quantity')}</dt>
                      <dd>{item.quantity}</dd>
                      <dt>{t('account.returns.reason')}</dt>
                      <dd>{textOfKey(t, `account.returns.reasons.${item.reason}`, item.reason)}</dd>
                      <dt>{t('account.orders.status')}</dt>
                      <dd>
                        <StatusLabel status={item.status} />
                      </dd>
                      <dt>{t('account.returns.date')}</dt>
                      <dd>{dateText(item.createdAt)}</dd>
                    </dl>
                  </>
                )}
              </PagedList>
            );
          }}
        </Data>
      </section>
      <section className={styles.section} aria-labelledby="returns-form">
        <h2 id="returns-form">{t('account.returns.register')}</h2>
        <Data resolve={data.orders}>
          {(orders) => (
            <ReturnForm
              orders={orders.items}
              productVariantId={productVariantId ? Number(productVariantId) : null}
              onAdded={(item) => setAdded([item, ...added])}
            />
          )}
        </Data>
      </section>
    </Page>
  );
}

export function ReturnForm({
  orders,
  productVariantId,
  onAdded,
}: {
  orders: OrderSummary[];
  productVariantId: number | null;
  onAdded: (item: ReturnRequest) => void;
}) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [received, setReceived] = useState(false);
  const [orderError, setOrderError] = useState<string | undefined>();
  const { formRef, ...form } = useAccountForm({
    initial: { orderNumber: '', productVariantId: productVariantId ? String(productVariantId) : '', quantity: '1', reason: '', comment: '' },
    rules: (values) => ({
      orderNumber: { value: values.orderNumber, rules: [{ rule: 'required' }] },
      productVariantId: { value: values.productVariantId, rules: [{ rule: 'required' }] },
      quantity: { value: values.quantity, rules: [{ rule: 'required' }] },
      reason: { value: values.reason, rules: [{ rule: 'required' }] },
      comment: { value: values.comment, rules: [{ rule: 'maxLength', count: RETURN_COMMENT_MAX_LENGTH }] },
    }),
    submit: async (values) => {
      if (photoError) throw new Error(photoError);
      const body = new FormData();
      body.set('orderNumber', values.orderNumber);
      body.set('productVariantId', values.productVariantId);
      body.set('quantity', values.quantity);
      body.set('reason', values.reason);
      body.set('comment', values.comment);
      if (photo) body.set('photo', photo, photo.name);
      const created = await accountApi.registerReturn(body);
      onAdded(created);
      setReceived(true);
    },
  });
  // The chosen photo's preview lives as long as the choice.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const chooseOrder = async (orderNumber: string) => {
    form.set('orderNumber', orderNumber);
    setOrder(null);
    setOrderError(undefined);
    if (!orderNumber) return;
    try {
      const detail = await accountApi.order(orderNumber);
      setOrder(detail);
      const lines = detail.lines.filter((line) => !line.isFree);
      if (!lines.some((line) => String(line.productVariantId) === form.values.productVariantId)) {
        form.set('productVariantId', lines.length === 1 && lines[0] ? String(lines[0].productVariantId) : '');
      }
    } catch (problem) {
      setOrderError(serverErrors(problem, t)._);
    }
  };
  const choosePhoto = (file: File | null) => {
    setPhoto(null);
    setPreview(null);
    setPhotoError(undefined);
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setPhotoError(problem === 'type' ? t('account.returns.photoType') : t('account.returns.photoTooLarge'));
      return;
    }
    setPhoto(file);
    setPreview(URL.createObjectURL(file));
  };
  if (orders.length === 0) return <Empty>{t('account.orders.empty')}</Empty>;
  if (received) {
    return (
      <FormMessage kind="success" testId="return-received">
        <p>{t('success.returnReceived')}</p>
        <p>
          <button
            type="button"
            className={formStyles.secondary}
            onClick={() => {
              setReceived(false);
              setOrder(null);
              choosePhoto(null);
              form.setValues({ orderNumber: '', productVariantId: '', quantity: '1', reason: '', comment: '' });
            }}
          >
            {t('account.returns.another')}
          </button>
        </p>
      </FormMessage>
    );
  }
  const line = order?.lines.find((candidate) => String(candidate.productVariantId) === form.values.productVariantId);
  return (
    <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void form.onSubmit(event)} data-testid="return-form">
      <ErrorSummary errors={form.errors} {...form.summary} />
      <FormField name="orderNumber" label={t('account.returns.orderNumber')} error={form.errors.orderNumber ?? orderError}>
        {(props) => (
          <select {...props} value={form.values.orderNumber} onChange={(event) => void chooseOrder(event.target.value)}>
            <option value="">{t('common.select')}</option>
            {orders.map((item) => (
              <option key={item.orderNumber} value={item.orderNumber}>
                {item.orderNumber} ({dateText(item.orderDate)})
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField name="productVariantId" label={t('account.returns.chooseProduct')} error={form.errors.productVariantId}>
        {(props) => (
          <select {...props} disabled={!order} {...bind(form, 'productVariantId')}>
            <option value="">{t('common.select')}</option>
            {(order?.lines ?? [])
              .filter((item) => !item.isFree)
              .map((item) => (
                <option key={item.lineNumber} value={String(item.productVariantId)}>
                  {item.description}
                </option>
              ))}
          </select>
        )}
      </FormField>
      <FormField name="quantity" label={t('account.returns.quantity')} error={form.errors.quantity}>
        {(props) => <input {...props} type="number" inputMode="numeric" min={1} max={line?.quantity} {...bind(form, 'quantity')} />}
      </FormField>
      <FormField name="reason" label={t('account.returns.reason')} error={form.errors.reason}>
        {(props) => (
          <select {...props} {...bind(form, 'reason')}>
            <option value="">{t('common.select')}</option>
            {RETURN_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`account.returns.reasons.${reason}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        name="comment"
        label={`${t('account.returns.comment')} ${t('common.optional')}`}
        count={{ value: form.values.comment, max: RETURN_COMMENT_MAX_LENGTH }}
        error={form.errors.comment}
      >
        {(props) => <textarea {...props} rows={4} {...bind(form, 'comment')} />}
      </FormField>
      <FormField
        name="photo"
        label={form.values.reason === 'damaged' ? t('account.returns.photo') : `${t('account.returns.photo')} ${t('common.optional')}`}
        help={t('account.returns.photoHelp')}
        error={photoError ?? form.errors.photo}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            accept={RETURN_PHOTO.types.join(',')}
            onChange={(event) => choosePhoto(event.target.files?.[0] ?? null)}
            data-testid="return-photo"
          />
        )}
      </FormField>
      {preview && <img src={preview} alt={t('account.returns.photoPreview')} className={styles.preview} data-testid="return-photo-preview" />}
      <FormMessage kind="error" testId="form-error">
        {form.errors._ ? (
          <p tabIndex={-1} data-form-error>
            {form.errors._}
          </p>
        ) : null}
      </FormMessage>
      <button type="submit" className={formStyles.button} disabled={form.busy}>
        {t('account.returns.submit')}
      </button>
    </form>
  );
}

export function SubscriptionsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<AccountLoaderData<'subscriptions'>>();
  return (
    <Page title={t('account.subscriptions.title')} testId="page-account-subscriptions">
      <Data resolve={data.subscriptions}>
        {(subscriptions) =>
          subscriptions.length === 0 ? (
            <Empty testId="subscriptions-empty">{t('account.subscriptions.empty')}</Empty>
          ) : (
            <ul className={styles.list}>
              {subscriptions.map((subscription) => (
                <li key={subscription.subscriptionId} className={styles.card} data-testid="subscription-item">
                  <SubscriptionItem initial={subscription} />
                </li>
              ))}
            </ul>
          )
        }
      </Data>
    </Page>
  );
}

/** The feed advice and the laboratory results, each with its unread marker (text, not colour). */
export function ResultsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<AccountLoaderData<'results'>>();
  return (
    <Page title={t('account.results.title')} testId="page-account-rqs-results">
      <section className={styles.section} aria-labelledby="results-list">
        <h2 id="results-list">{t('account.results.listTitle')}</h2>
        <Data resolve={data.results}>
          {(results) =>
            results.length === 0 ? (
              <Empty testId="results-empty">{t('account.results.empty')}</Empty>
            ) : (
              <ul className={styles.list}>
                {results.map((result) => (
                  <li key={result.resultKey} className={styles.card} data-unread={!result.read} data-testid="result-item">
                    <h3 className={styles.cardTitle}>
                      <Link to={`/${result.scanType === 'quickScan' ? 'quick-scan-result' : 'rqs-result'}/${encodeURIComponent(result.resultKey)}/`}>
                        {result.sampleName || result.resultKey}
                      </Link>{' '}
                      {!result.read && <span className={styles.badge}>{t('account.feedAdvice.new')}</span>}
                    </h3>
                    <dl className={styles.facts}>
                      <dt>{t('account.results.sampleType')}</dt>
                      <dd>{result.scanType === 'quickScan' ? t('account.results.quickScan') : t('account.results.rqs')}</dd>
                      <dt>{t('account.results.resultDate')}</dt>
                      <dd>{dateText(result.resultDate)}</dd>
                      <dt>{t('account.results.overall')}</dt>
                      <dd>{textOfKey(t, `account.results.meter.${result.level}`, result.level)}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
            )
          }
        </Data>
      </section>
      <section className={styles.section} aria-labelledby="advice-list">
        <h2 id="advice-list">{t('account.feedAdvice.title')}</h2>
        <Data resolve={data.advice}>{(saved) => <FeedAdviceList saved={saved} />}</Data>
      </section>
      <p>
        <Link to={paths.feedCalculator}>{t('nav.feedCalculator')}</Link>
      </p>
    </Page>
  );
}
