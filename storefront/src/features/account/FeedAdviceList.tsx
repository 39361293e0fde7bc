/**
 * The customer's saved feed advice (horse weight, work load, grams per day, scoops, portions,
 * days per pack), in the customer's language: the horse,
 * and per advised product grams per day, per portion, scoops and days per pack. Each can be
 * deleted after a confirmation.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { FormMessage, formStyles } from '../../components/ui/Form';
import { serverErrors } from '../../lib/apiErrors';
import { horseTypeKey, roughageKey, workLoadKey } from '../../lib/feedChoices';
import { useFormatQuantity } from '../../lib/quantity';
import { accountApi, type AdviceProductName, type SavedAdvice, type SavedAdviceList } from './api';
import { dateText, Empty, styles } from './ui';

type Message = { kind: 'success' | 'error'; text: string };

export function FeedAdviceList({ saved }: { saved: SavedAdviceList }) {
  const { t } = useTranslation();
  const [deleted, setDeleted] = useState<string[]>([]);
  const [message, setMessage] = useState<Message | null>(null);
  const shown = saved.advice.filter((item) => !deleted.includes(item.adviceId));
  return (
    <>
      {shown.length === 0 ? (
        <Empty testId="advice-empty">{t('account.feedAdvice.empty')}</Empty>
      ) : (
        <ul className={styles.list}>
          {shown.map((item) => (
            <li key={item.adviceId} className={styles.card} data-testid="advice-item">
              <SavedAdviceCard
                item={item}
                productNames={saved.productNames}
                onDeleted={() => {
                  setDeleted((ids) => [...ids, item.adviceId]);
                  setMessage({ kind: 'success', text: t('account.feedAdvice.deleted') });
                }}
                onError={(text) => setMessage({ kind: 'error', text })}
              />
            </li>
          ))}
        </ul>
      )}
      <FormMessage kind={message?.kind ?? 'success'} testId="advice-message">
        {message ? <p>{message.text}</p> : null}
      </FormMessage>
    </>
  );
}

/** The server names an advice saved without a name by its horse type's key and weight ("horse 600 kg"). */
function isDefaultName(item: SavedAdvice): boolean {
  return item.name === `${item.horseType} ${item.weightKg} kg`;
}

function SavedAdviceCard({
  item,
  productNames,
  onDeleted,
  onError,
}: {
  item: SavedAdvice;
  productNames: Record<number, AdviceProductName>;
  onDeleted: () => void;
  onError: (text: string) => void;
}) {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const keepButton = useRef<HTMLButtonElement>(null);
  // Asked to confirm, the focus goes to the answer that keeps the advice.
  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);
  const headingId = `advice-${item.adviceId}`;
  const horseType = horseTypeKey(item.horseType);
  const horseName = horseType ? t(horseType) : item.horseType;
  const workLoad = workLoadKey(item.workLoad);
  const roughage = roughageKey(item.roughageType);
  const kilograms = quantity.text(item.weightKg);
  const remove = async () => {
    setBusy(true);
    try {
      await accountApi.deleteFeedAdvice(item.adviceId);
      onDeleted();
    } catch (problem) {
      const errors = serverErrors(problem, t);
      onError(errors._ ?? Object.values(errors)[0] ?? t('errors.generic'));
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <h3 className={styles.cardTitle} id={headingId}>
        {isDefaultName(item) ? t('account.feedAdvice.horseTitle', { name: horseName, kilograms }) : item.name}
      </h3>
      <dl className={styles.facts} data-testid="advice-horse">
        <dt>{t('feedCalculator.horseType')}</dt>
        <dd>{horseName}</dd>
        <dt>{t('feedCalculator.weight')}</dt>
        <dd>{`${kilograms} ${t('feedCalculator.weightUnit')}`}</dd>
        <dt>{t('feedCalculator.workLoad')}</dt>
        <dd>{workLoad ? t(workLoad) : item.workLoad}</dd>
        <dt>{t('feedCalculator.roughageType')}</dt>
        <dd>{roughage ? t(roughage) : item.roughageType}</dd>
        <dt>{t('account.feedAdvice.savedOn')}</dt>
        <dd>{dateText(item.createdAt)}</dd>
      </dl>
      <ul className={styles.list} aria-labelledby={headingId}>
        {item.advice.products.map((product) => {
          const named = productNames[product.productId];
          return (
            <li key={product.productId} data-testid="advice-product" data-product-id={product.productId}>
              <h4 className={styles.cardTitle}>
                {named?.url ? <Link to={named.url}>{named.name}</Link> : (named?.name ?? t('account.feedAdvice.product', { number: product.productId }))}
              </h4>
              <dl className={styles.facts}>
                <dt>{t('feedCalculator.perDay')}</dt>
                <dd data-testid="advice-grams">{t('feedCalculator.gramsPerDay', { grams: quantity.text(product.gramsPerDay) })}</dd>
                <dt>{t('feedCalculator.portion')}</dt>
                <dd data-testid="advice-portion">{t('feedCalculator.perPortion', { grams: quantity.text(product.gramsPerPortion) })}</dd>
                {product.scoopsPerDay != null && (
                  <>
                    <dt>{t('feedCalculator.scoops')}</dt>
                    <dd data-testid="advice-scoops">{t('feedCalculator.scoopsPerDay', quantity.count(product.scoopsPerDay))}</dd>
                  </>
                )}
                {product.daysPerPack != null && (
                  <>
                    <dt>{t('feedCalculator.pack')}</dt>
                    <dd data-testid="advice-days">{t('feedCalculator.daysPerPack', quantity.count(product.daysPerPack))}</dd>
                  </>
                )}
              </dl>
            </li>
          );
        })}
      </ul>
      <div className={styles.actions}>
        {confirming ? (
          <span role="group" aria-label={t('account.feedAdvice.deleteConfirm')}>
            {t('account.feedAdvice.deleteConfirm')}{' '}
            <button type="button" className={formStyles.button} disabled={busy} onClick={() => void remove()} data-testid="advice-delete-confirm">
              {t('common.yes')}
            </button>{' '}
            <button type="button" ref={keepButton} className={formStyles.secondary} disabled={busy} onClick={() => setConfirming(false)}>
              {t('common.no')}
            </button>
          </span>
        ) : (
          <button type="button" className={formStyles.secondary} onClick={() => setConfirming(true)} aria-describedby={headingId} data-testid="advice-delete">
            {t('common.delete')}
          </button>
        )}
      </div>
    </>
  );
}
