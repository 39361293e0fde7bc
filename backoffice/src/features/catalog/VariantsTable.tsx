/**
 * A product's variants with their price and stock. A member who edits stock (`stock.edit`)
 * changes a variant's stock in its row, one who edits prices (`prices.edit`) its price; Enter
 * in a field or the row's button saves
 * what changed, and a refusal shows at its field. Each variant's planned prices and its list
 * prices follow.
 */
import { useId, useState, type FormEvent, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

import { changeVariant } from '../../api/backoffice';
import type { CatalogProductRecord, CatalogVariantRecord, VariantChange } from '../../api/contract';
import { Button } from '../../components/Button';
import { useToast } from '../../components/Toast';
import { currentLanguage, useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { formatDay, typedAmount } from '../../lib/format';
import { PATHS } from '../../lib/paths';
import { can } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import panels from '../../components/Panels.module.css';
import tables from '../../components/DataTable.module.css';
import styles from './Catalog.module.css';
import { PlannedPrices } from './PlannedPrices';

/** A stock as its field shows it: empty when not counted. */
const stockText = (stock: number | null | undefined) => (stock == null ? '' : String(stock));

/** A stock as typed: a whole number of 0 or more, null (empty: not counted), or undefined (neither). */
function typedStock(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,15}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

export function VariantsTable({ product, onChanged }: { product: CatalogProductRecord; onChanged: () => void }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const captionId = useId();
  const stockHelpId = useId();
  const mayStock = can(me, 'stock.edit');
  const mayPrice = can(me, 'prices.edit');
  return (
    <section className={styles.block} aria-labelledby="product-variants">
      <h2 id="product-variants">{t('product.variants')}</h2>
      {mayStock && (
        <p id={stockHelpId} className={styles.muted}>
          {t('product.stockHelp')}
        </p>
      )}
      {product.variants.length === 0 ? (
        <p>{t('catalog.noVariants')}</p>
      ) : (
        // A table wider than a phone scrolls inside this region, which takes the focus so that a
        // keyboard can scroll it too (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className={tables.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className={tables.table}>
            <caption id={captionId} className="visually-hidden">
              {t('product.variantsLabel')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('product.articleNumber')}</th>
                <th scope="col">{t('product.ean')}</th>
                <th scope="col">{t('product.label')}</th>
                <th scope="col">{t('product.price')}</th>
                <th scope="col">{t('product.stock')}</th>
                {(mayStock || mayPrice) && <th scope="col">{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {product.variants.map((variant) => (
                <VariantRow
                  key={variant.productVariantId}
                  variant={variant}
                  mayPrice={mayPrice}
                  mayStock={mayStock}
                  stockHelpId={stockHelpId}
                  onChanged={onChanged}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface VariantRowProps {
  variant: CatalogVariantRecord;
  mayPrice: boolean;
  mayStock: boolean;
  stockHelpId: string;
  onChanged: () => void;
}

function VariantRow({ variant, mayPrice, mayStock, stockHelpId, onChanged }: VariantRowProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const formId = useId();
  const [price, setPrice] = useState(variant.price);
  const [stock, setStock] = useState(stockText(variant.stock));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The product loaded again (after this change or another member's) shows its values.
  const current = `${variant.price}|${stockText(variant.stock)}`;
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setPrice(variant.price);
    setStock(stockText(variant.stock));
  }
  const article = variant.articleNumber;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    // Only what changed and what the member may change: a field left out stays.
    const change: VariantChange = {};
    const found: Record<string, string> = {};
    if (mayPrice && typedAmount(price) !== variant.price) change.price = typedAmount(price);
    const newStock = mayStock ? typedStock(stock) : (variant.stock ?? null);
    if (newStock === undefined) found.stock = t('validation.stock');
    else if (newStock !== (variant.stock ?? null)) change.stock = newStock;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(change).length === 0) {
      toast.show(t('product.nothingChanged', { article }));
      return;
    }
    setBusy(true);
    try {
      const saved = await changeVariant(variant.productVariantId, change);
      setPrice(saved.price);
      setStock(stockText(saved.stock));
      toast.show(t('product.variantSaved', { article }));
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
    <tr>
      <td className="mono">{article}</td>
      <td className="mono">{variant.ean}</td>
      <td>{variant.label}</td>
      <td className={styles.amount}>
        {mayPrice ? (
          <CellInput
            form={formId}
            label={t('product.priceOf', { article })}
            error={errors.price}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
          />
        ) : (
          variant.priceText
        )}
      </td>
      <td className={styles.amount}>
        {mayStock ? (
          <CellInput
            form={formId}
            label={t('product.stockOf', { article })}
            error={errors.stock}
            describedBy={stockHelpId}
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
            placeholder={t('catalog.notCounted')}
            value={stock}
            onChange={(event) => setStock(event.target.value)}
          />
        ) : variant.stock == null ? (
          <span className={styles.muted}>{t('catalog.notCounted')}</span>
        ) : (
          variant.stock
        )}
      </td>
      {(mayStock || mayPrice) && (
        <td>
          {/* The row's form: the fields in the cells before belong to it by their `form`. */}
          <form id={formId} onSubmit={(event) => void save(event)} noValidate>
            <Button type="submit" size="small" busy={busy}>
              {t('common.save')}
              <span className="visually-hidden"> {article}</span>
            </Button>
          </form>
        </td>
      )}
    </tr>
  );
}

type CellInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { label: string; error?: string | undefined; describedBy?: string };

/** A field in a table cell: its label heard, not seen (the column's header shows it); its error beneath it. */
function CellInput({ label, error, describedBy, ...input }: CellInputProps) {
  const id = useId();
  const described = [describedBy, error ? `${id}-error` : null].filter(Boolean).join(' ');
  // Enter saves the row, as in a form (the field sits in a cell, the form in the last one).
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={styles.cellInput}
        onKeyDown={enter}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error && (
        <span id={`${id}-error`} className={styles.cellError}>
          {error}
        </span>
      )}
    </>
  );
}

/** Each variant's prices planned for later days (soonest first, planned and cancelled here), then its list prices from the day each took effect, newest first. */
export function PriceHistory({ product, onChanged }: { product: CatalogProductRecord; onChanged: () => void }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const language = currentLanguage();
  if (product.variants.length === 0) return null;
  return (
    <section className={styles.block} aria-labelledby="product-prices">
      <h2 id="product-prices">{t('product.priceHistory')}</h2>
      <div className={panels.sections}>
        {product.variants.map((variant) => {
          const id = variant.productVariantId;
          const trail = `${PATHS.audit}?${new URLSearchParams({ entityType: 'variant', entityId: String(id) }).toString()}`;
          return (
            <section key={id} className={panels.section} aria-labelledby={`prices-${id}`}>
              <h3 id={`prices-${id}`} className={styles.subheading}>
                <span className="mono">{variant.articleNumber}</span> · {variant.label}
              </h3>
              <PlannedPrices variant={variant} onChanged={onChanged} />
              {variant.priceHistory.length === 0 ? (
                <p>{t('product.noPriceHistory')}</p>
              ) : (
                <table className={tables.table}>
                  <caption className="visually-hidden">{t('product.priceHistoryOf', { article: variant.articleNumber })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('product.validFrom')}</th>
                      <th scope="col">{t('product.price')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {variant.priceHistory.map((point, index) => (
                      <tr key={`${point.validFrom}-${index}`}>
                        <td>{formatDay(point.validFrom, language)}</td>
                        <td className={styles.amount}>{point.priceText}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {can(me, 'audit.read') && <Link to={trail}>{t('product.variantTrail', { article: variant.articleNumber })}</Link>}
            </section>
          );
        })}
      </div>
    </section>
  );
}
