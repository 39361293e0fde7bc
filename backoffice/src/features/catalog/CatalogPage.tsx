/**
 * The catalog (needs `catalog.edit`, `stock.edit` or `prices.edit`): products found by part of a
 * name (in any language) or key, or by a whole article number or EAN, a page at a time, each with
 * its variants' prices and stock and the languages whose visitors miss a text. The search and the
 * page live in the address (`?q=&p=&ps=`), so coming back from a product shows the list as it was.
 * The products the search finds download as CSV, a row per variant with its price and stock.
 */
import { Link, useSearchParams } from 'react-router';

import { catalogExportUrl, searchCatalog } from '../../api/backoffice';
import { CULTURES, type CatalogProduct } from '../../api/contract';
import type { DataColumn } from '../../components/DataTable';
import { PageTitle } from '../../components/Page';
import { SearchedList } from '../../components/SearchedList';
import { currentLanguage, useTranslation } from '../../i18n';
import { cultureName } from '../../lib/format';
import { PATHS } from '../../lib/paths';
import styles from './Catalog.module.css';

/** A product's variants: article number, label, price as the engine writes it in the member's language, stock. */
function Variants({ product }: { product: CatalogProduct }) {
  const { t } = useTranslation();
  if (product.variants.length === 0) return <span className={styles.muted}>{t('catalog.noVariants')}</span>;
  return (
    <ul className={styles.variants}>
      {product.variants.map((variant) => (
        <li key={variant.productVariantId}>
          <span className="mono">{variant.articleNumber}</span> · {variant.label} · <span className={styles.amount}>{variant.priceText}</span>
          {' · '}
          {variant.stock == null ? <span className={styles.muted}>{t('catalog.notCounted')}</span> : t('catalog.inStock', { count: variant.stock })}
        </li>
      ))}
    </ul>
  );
}

/** How many of the shop's languages miss a text of the product: their codes seen, their names heard. */
function Completeness({ product }: { product: CatalogProduct }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const incomplete = product.incompleteCultures;
  if (incomplete.length === 0) return <span className={styles.muted}>{t('catalog.allComplete')}</span>;
  const names = incomplete.map((culture) => cultureName(culture, language)).join(', ');
  return (
    <>
      {t('catalog.incomplete', { count: incomplete.length, total: CULTURES.length })}
      <span className={styles.codes} aria-hidden="true">
        {incomplete.join(' ')}
      </span>
      <span className="visually-hidden">{t('catalog.incompleteIn', { cultures: names })}</span>
    </>
  );
}

function useProductColumns(): DataColumn<CatalogProduct>[] {
  const { t } = useTranslation();
  return [
    {
      id: 'name',
      header: t('catalog.name'),
      cell: ({ row }) => (
        <>
          <Link to={PATHS.catalogProduct(row.original.productId)}>{row.original.name ?? row.original.productKey}</Link>
          {row.original.name == null && <span className={styles.muted}> {t('catalog.noName')}</span>}
        </>
      ),
    },
    { id: 'key', header: t('catalog.key'), cell: ({ row }) => <span className="mono">{row.original.productKey}</span> },
    { id: 'group', header: t('catalog.group'), cell: ({ row }) => row.original.productGroup },
    { id: 'brand', header: t('catalog.brand'), cell: ({ row }) => row.original.brand },
    { id: 'variants', header: t('catalog.variants'), cell: ({ row }) => <Variants product={row.original} /> },
    { id: 'translations', header: t('catalog.translations'), cell: ({ row }) => <Completeness product={row.original} /> },
  ];
}

export function CatalogPage() {
  const { t } = useTranslation();
  const columns = useProductColumns();
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle>{t('catalog.title')}</PageTitle>
      <p>{t('catalog.intro')}</p>
      <p>
        <a href={catalogExportUrl(params.get('q')?.trim() ?? '')} download data-testid="catalog-export">
          {t('catalog.export')}
        </a>
      </p>
      <SearchedList
        texts={{
          search: t('catalog.search'),
          find: t('catalog.find'),
          total: (count) => t('catalog.total', { count }),
          tableLabel: t('catalog.tableLabel'),
          empty: t('catalog.empty'),
        }}
        load={(query, page, pageSize, signal) => searchCatalog(query, page, pageSize, signal).then((list) => ({ total: list.total, rows: list.products }))}
        columns={columns}
        rowKey={(product) => String(product.productId)}
      />
    </>
  );
}
