/**
 * What a visitor in each of the shop's languages reads of a product: whether every text is in
 * their language (their own, or that of their parent: `de` for `de-AT`), and for each text the
 * language lacks, the language shown instead (the engine's fallback chain), or none. A member who
 * edits the catalog opens a language's texts from its row.
 */
import { CircleAlert, CircleCheck } from 'lucide-react';

import type { CatalogProductRecord, Culture, CultureTexts } from '../../api/contract';
import { Button } from '../../components/Button';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { currentLanguage, useTranslation } from '../../i18n';
import { cultureName } from '../../lib/format';
import styles from './Catalog.module.css';
import { missingLine } from './texts';

export function CompletenessTable({ product, onEdit }: { product: CatalogProductRecord; onEdit?: ((culture: Culture) => void) | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const complete = product.texts.filter((texts) => texts.complete).length;
  const columns: DataColumn<CultureTexts>[] = [
    {
      id: 'culture',
      header: t('product.culture'),
      cell: ({ row }) => (
        <>
          {cultureName(row.original.culture, language)} <span className={`${styles.muted} mono`}>{row.original.culture}</span>
        </>
      ),
    },
    {
      id: 'status',
      header: t('product.status'),
      cell: ({ row }) =>
        row.original.complete ? (
          <span className={styles.status}>
            <CircleCheck aria-hidden="true" size={18} />
            {t('product.complete')}
          </span>
        ) : (
          <span className={styles.status} data-incomplete="">
            <CircleAlert aria-hidden="true" size={18} />
            {t('product.incomplete')}
          </span>
        ),
    },
    {
      id: 'missing',
      header: t('product.missing'),
      cell: ({ row }) =>
        row.original.missing.length === 0 ? (
          <span className={styles.muted}>{t('product.nothingMissing')}</span>
        ) : (
          <ul className={styles.lines}>
            {row.original.missing.map((missing) => (
              <li key={missing.field}>{missingLine(missing, t, language)}</li>
            ))}
          </ul>
        ),
    },
  ];
  if (onEdit) {
    columns.push({
      id: 'edit',
      header: t('common.actions'),
      cell: ({ row }) => (
        <Button
          variant="link"
          aria-label={t('product.editLabel', { culture: cultureName(row.original.culture, language) })}
          onClick={() => onEdit(row.original.culture)}
        >
          {t('product.edit')}
        </Button>
      ),
    });
  }
  return (
    <section className={styles.block} aria-labelledby="product-completeness">
      <h2 id="product-completeness">{t('product.completeness')}</h2>
      <p>{t('product.completenessIntro')}</p>
      <p>
        <strong>{t('product.completeCount', { complete, total: product.texts.length })}</strong>
      </p>
      <DataTable label={t('product.completenessLabel')} columns={columns} rows={product.texts} rowKey={(texts) => texts.culture} />
    </section>
  );
}
