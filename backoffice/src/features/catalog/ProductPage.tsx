/**
 * One product (needs `catalog.edit`, `stock.edit` or `prices.edit`): its key, brand and group;
 * what a visitor in each of the shop's fifteen languages reads of it; its texts per language
 * (changed by a member with `catalog.edit`); its variants' price and stock (changed with
 * `stock.edit`, a price with `prices.edit`) and their price history; and, for a member who
 * reads the audit trail, the changes to its texts.
 */
import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { catalogProduct } from '../../api/backoffice';
import type { CatalogProductRecord, Culture } from '../../api/contract';
import { Button } from '../../components/Button';
import { EntityHistory } from '../../components/EntityHistory';
import { PageTitle } from '../../components/Page';
import { ErrorState, Loading } from '../../components/States';
import { useTranslation } from '../../i18n';
import { hasStatus } from '../../lib/apiErrors';
import { PATHS } from '../../lib/paths';
import { can } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { useAsync } from '../../lib/useAsync';
import panels from '../../components/Panels.module.css';
import styles from './Catalog.module.css';
import { CompletenessTable } from './CompletenessTable';
import { TextsEditor } from './TextsEditor';
import { productName } from './texts';
import { PriceHistory, VariantsTable } from './VariantsTable';

export function ProductPage() {
  const { t } = useTranslation();
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const product = useAsync((signal) => catalogProduct(productId, signal), [productId]);
  const state = product.state;
  // While it loads again (after a variant's change), the product stays on the screen as it was.
  const previous = state.status === 'loading' && String(state.previous?.productId) === productId ? state.previous : undefined;
  const data = state.status === 'loaded' ? state.data : previous;
  // Back to the list as it was (its search is in the address of the page before), or to the
  // list when the product was opened directly (the first page of a visit has the key `default`).
  const back = () => void (location.key === 'default' ? navigate(PATHS.catalog) : navigate(-1));
  return (
    <>
      <Button variant="link" icon={<ArrowLeft aria-hidden="true" size={18} />} onClick={back}>
        {t('product.back')}
      </Button>
      {data ? (
        <Product key={data.productId} product={data} onSaved={(record) => product.update(() => record)} onChanged={product.reload} />
      ) : state.status === 'failed' ? (
        <ErrorState
          error={state.error}
          message={hasStatus(state.error, 404) ? t('product.notFound') : undefined}
          onRetry={hasStatus(state.error, 404) ? undefined : product.reload}
        />
      ) : (
        <Loading />
      )}
    </>
  );
}

/** The language whose texts show first: the first a visitor misses a text in, else Dutch, the source. */
function firstCulture(product: CatalogProductRecord): Culture {
  return product.texts.find((texts) => !texts.complete)?.culture ?? 'nl';
}

interface ProductProps {
  product: CatalogProductRecord;
  /** The product as a change of its texts answered it. */
  onSaved: (product: CatalogProductRecord) => void;
  /** A variant changed: the product loads again (its price history with it). */
  onChanged: () => void;
}

function Product({ product, onSaved, onChanged }: ProductProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const [culture, setCulture] = useState<Culture>(() => firstCulture(product));
  const cultureSelect = useRef<HTMLSelectElement>(null);
  const mayEditTexts = can(me, 'catalog.edit');
  const edit = (chosen: Culture) => {
    setCulture(chosen);
    cultureSelect.current?.focus();
  };
  const facts: [string, string][] = [
    [t('catalog.key'), product.productKey],
    [t('catalog.brand'), product.brand],
    [t('catalog.group'), product.productGroup],
  ];
  return (
    <>
      <PageTitle>{productName(product)}</PageTitle>
      <dl className={`${panels.facts} ${styles.header}`}>
        {facts.map(([term, value]) => (
          <div key={term} className={panels.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <CompletenessTable product={product} onEdit={mayEditTexts ? edit : undefined} />
      <TextsEditor product={product} culture={culture} onCulture={setCulture} cultureRef={cultureSelect} editable={mayEditTexts} onSaved={onSaved} />
      <VariantsTable product={product} onChanged={onChanged} />
      <PriceHistory product={product} onChanged={onChanged} />
      {can(me, 'audit.read') && (
        <section className={styles.block} aria-labelledby="product-trail">
          <h2 id="product-trail">{t('product.trail')}</h2>
          <EntityHistory entityType="product" entityId={String(product.productId)} />
        </section>
      )}
    </>
  );
}
