/**
 * A variant's prices planned for later days: listed soonest first, each cancelled by its button,
 * and, for a member with `prices.edit`, a new one planned (a price and a day after today; the
 * server applies it on that morning).
 */
import { useState, type FormEvent } from 'react';

import { cancelScheduledPrice, schedulePrice } from '../../api/backoffice';
import type { CatalogVariantRecord } from '../../api/contract';
import { Button } from '../../components/Button';
import { TextInput } from '../../components/Field';
import { useToast } from '../../components/Toast';
import { currentLanguage, useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { formatDay, typedAmount } from '../../lib/format';
import { can } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import styles from './Catalog.module.css';

/** Tomorrow in the browser's calendar, as a date field writes it: the first day a price may be planned for. */
function tomorrow(): string {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export function PlannedPrices({ variant, onChanged }: { variant: CatalogVariantRecord; onChanged: () => void }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const toast = useToast();
  const language = currentLanguage();
  const mayPlan = can(me, 'prices.edit');
  const article = variant.articleNumber;
  const cancel = async (validFrom: string) => {
    try {
      await cancelScheduledPrice(variant.productVariantId, validFrom);
      toast.show(t('product.plannedCancelled', { article, day: formatDay(validFrom, language) }));
      onChanged();
    } catch (failure) {
      toast.show(errorMessage(failure), 'error');
    }
  };
  return (
    <>
      {variant.scheduledPrices.length > 0 && (
        <>
          <p className={styles.scheduledTitle}>{t('product.scheduled')}</p>
          <ul className={styles.lines}>
            {variant.scheduledPrices.map((point) => (
              <li key={point.validFrom}>
                {t('product.scheduledLine', { day: formatDay(point.validFrom, language), price: point.priceText })}
                {mayPlan && (
                  <>
                    {' '}
                    <Button size="small" variant="secondary" onClick={() => void cancel(point.validFrom)}>
                      {t('product.cancelPlanned')}
                      <span className="visually-hidden"> {formatDay(point.validFrom, language)}</span>
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {mayPlan && <PlanForm variant={variant} onChanged={onChanged} />}
    </>
  );
}

function PlanForm({ variant, onChanged }: { variant: CatalogVariantRecord; onChanged: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const [price, setPrice] = useState('');
  const [day, setDay] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const article = variant.articleNumber;
  const plan = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (price.trim() === '') found.price = t('validation.required');
    if (day === '') found.validFrom = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const planned = await schedulePrice(variant.productVariantId, { price: typedAmount(price), validFrom: day });
      toast.show(t('product.planned', { article, day: formatDay(planned.validFrom, language), price: planned.priceText }));
      setPrice('');
      setDay('');
      onChanged();
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.show(errorMessage(failure), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.planForm} onSubmit={(event) => void plan(event)} noValidate aria-label={t('product.planFor', { article })}>
      <TextInput
        label={t('product.planPrice')}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        value={price}
        error={errors.price}
        onChange={(event) => setPrice(event.target.value)}
      />
      <TextInput
        label={t('product.planDay')}
        type="date"
        min={tomorrow()}
        value={day}
        error={errors.validFrom}
        onChange={(event) => setDay(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        {t('product.plan')}
      </Button>
    </form>
  );
}
