/** The work queue's filters: typed here, applied to the address (and so to the server's query) on submit. */
import { useState, type FormEvent } from 'react';

import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../api/contract';
import { Button } from '../../components/Button';
import { Select, TextInput } from '../../components/Field';
import filterStyles from '../../components/Filters.module.css';
import { useTranslation } from '../../i18n';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../lib/labels';
import { FILTER_NAMES, NO_FILTERS, type OrderFilters } from './ordersQuery';

const sameFilters = (a: OrderFilters, b: OrderFilters) => FILTER_NAMES.every((name) => a[name] === b[name]);

export function OrderFiltersForm({ filters, onApply }: { filters: OrderFilters; onApply: (filters: OrderFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<OrderFilters>({ ...NO_FILTERS, ...pick(filters) });
  // The address changed elsewhere (back, forward, a count chosen): the form follows.
  const [applied, setApplied] = useState(pick(filters));
  if (!sameFilters(applied, pick(filters))) {
    setApplied(pick(filters));
    setDraft(pick(filters));
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const field = <K extends keyof OrderFilters>(name: K) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const any = { value: '', label: t('orders.any') };
  return (
    <form className={filterStyles.filters} onSubmit={submit} aria-label={t('orders.filters')} role="search">
      <TextInput label={t('orders.search')} help={t('orders.searchHelp')} type="search" autoComplete="off" {...field('q')} />
      <Select
        label={t('orders.status')}
        options={[any, ...ORDER_STATUSES.map((status) => ({ value: status, label: t(ORDER_STATUS_LABELS[status]) }))]}
        {...field('status')}
      />
      <Select
        label={t('orders.payment')}
        options={[any, ...PAYMENT_STATUSES.map((status) => ({ value: status, label: t(PAYMENT_STATUS_LABELS[status]) }))]}
        {...field('paymentStatus')}
      />
      <Select
        label={t('orders.kind')}
        options={[any, { value: 'true', label: t('orders.scanOrders') }, { value: 'false', label: t('orders.otherOrders') }]}
        {...field('scanOrder')}
      />
      <Select
        label={t('orders.returns')}
        options={[any, { value: 'true', label: t('orders.withReturn') }, { value: 'false', label: t('orders.withoutReturn') }]}
        {...field('hasReturn')}
      />
      <TextInput label={t('orders.brand')} autoComplete="off" maxLength={50} {...field('brand')} />
      <TextInput label={t('orders.minTotal')} inputMode="decimal" autoComplete="off" {...field('minTotal')} />
      <TextInput label={t('orders.maxTotal')} inputMode="decimal" autoComplete="off" {...field('maxTotal')} />
      <TextInput label={t('orders.from')} type="date" max={draft.to || undefined} {...field('from')} />
      <TextInput label={t('orders.to')} type="date" min={draft.from || undefined} {...field('to')} />
      <div className={filterStyles.filterButtons}>
        <Button type="submit">{t('orders.apply')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {t('orders.clear')}
        </Button>
      </div>
    </form>
  );
}

/** Only the filters of a view (not its page). */
function pick({ status, paymentStatus, q, from, to, scanOrder, brand, minTotal, maxTotal, hasReturn }: OrderFilters): OrderFilters {
  return { status, paymentStatus, q, from, to, scanOrder, brand, minTotal, maxTotal, hasReturn };
}
