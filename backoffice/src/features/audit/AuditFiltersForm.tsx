/** The audit trail's filters: typed here, applied to the address (and so to the server's query) on submit. */
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/Button';
import { TextInput } from '../../components/Field';
import filterStyles from '../../components/Filters.module.css';
import { useTranslation } from '../../i18n';
import { NO_FILTERS, type AuditFilters } from './auditQuery';

const sameFilters = (a: AuditFilters, b: AuditFilters) => (Object.keys(NO_FILTERS) as (keyof AuditFilters)[]).every((name) => a[name] === b[name]);

export function AuditFiltersForm({ filters, onApply }: { filters: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  // The address changed elsewhere (back, forward): the form follows.
  const [applied, setApplied] = useState(filters);
  if (!sameFilters(applied, filters)) {
    setApplied(filters);
    setDraft(filters);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const field = (name: keyof AuditFilters) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  return (
    <form className={filterStyles.filters} onSubmit={submit} aria-label={t('audit.filters')} role="search">
      <TextInput label={t('audit.entityType')} autoComplete="off" {...field('entityType')} />
      <TextInput label={t('audit.entityId')} autoComplete="off" {...field('entityId')} />
      <TextInput label={t('audit.actor')} autoComplete="off" {...field('actor')} />
      <TextInput label={t('audit.from')} type="date" max={draft.to || undefined} {...field('from')} />
      <TextInput label={t('audit.to')} type="date" min={draft.from || undefined} {...field('to')} />
      <div className={filterStyles.filterButtons}>
        <Button type="submit">{t('audit.apply')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {t('audit.clear')}
        </Button>
      </div>
    </form>
  );
}
