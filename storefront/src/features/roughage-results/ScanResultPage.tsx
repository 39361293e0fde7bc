/**
 * A roughage scan result (page types `quickScanResult` and `rqsResult`): the sample, its dates,
 * per analyte the value, target range, average and the meter in three colours with its level
 * as a word; the dry-matter score; for a hygiene scan each germ group's count level and the
 * overall quality class; the advice with its products for the cart. The result comes from the
 * route loader (opening it marks it read; the header's unread count is refreshed). Printable:
 * three columns, no header, footer or dialogs, and a heading of its own with the brand, the
 * customer and the sample.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { textOfKey } from '../../i18n';
import type { ScanResult } from '../../api/results';
import { Page } from '../../components/layout/Page';
import { FormMessage, formStyles } from '../../components/ui/Form';
import { useFormatPrice } from '../../components/ui/Price';
import { formatDate } from '../../engine';
import { addToCart, justAddedAtom } from '../../lib/cart';
import { cartErrorText } from '../../lib/cartErrors';
import { paths } from '../../lib/paths';
import { useFormatQuantity } from '../../lib/quantity';
import { refreshSession } from '../../lib/session';
import { accountAtom, siteAtom } from '../../state';
import { distinctAdvice, preselectedProducts } from './advice';
import { scaledCount } from './counts';
import { analyteLabel, germGroupLabel } from './labels';
import styles from './ScanResult.module.css';

type Level = 'good' | 'alert' | 'takeAction';
const LEVELS: Level[] = ['takeAction', 'alert', 'good'];

const QUALITY_CLASS_KEYS = {
  I: 'account.results.qualityClass.one',
  II: 'account.results.qualityClass.two',
  III: 'account.results.qualityClass.three',
  IV: 'account.results.qualityClass.four',
} as const;

function pick<K extends string>(keys: Record<string, K>, key: string): K | null {
  return Object.prototype.hasOwnProperty.call(keys, key) ? (keys[key] ?? null) : null;
}

function dateText(value: string): string {
  try {
    return formatDate({ date: value.slice(0, 10) }).text;
  } catch {
    return value;
  }
}

/** The meter: three segments (take action, alert, good), the level's segment marked, and the level as a word. */
export function Meter({ level }: { level: Level }) {
  const { t } = useTranslation();
  const word = t(`account.results.meter.${level}`);
  return (
    <span className={styles.meter} data-level={level} data-testid="result-meter">
      <span className={styles.segments} aria-hidden="true">
        {LEVELS.map((segment) => (
          <span key={segment} className={styles.segment} data-segment={segment} data-active={segment === level} />
        ))}
      </span>
      <span className={styles.meterWord}>{word}</span>
    </span>
  );
}

/** A germ count as the culture writes it: a round count in millions or thousands ("21 miljoen"). */
function useCountText(): (count: number) => string {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  return (count) => {
    const { quantity: scaled, scale } = scaledCount(count);
    if (scale === 'millions') return t('account.results.countMillions', quantity.count(scaled));
    if (scale === 'thousands') return t('account.results.countThousands', quantity.count(scaled));
    return quantity.text(scaled);
  };
}

function sampleTypeText(t: TFunction, result: ScanResult): string {
  const scan = result.scanType === 'quickScan' ? t('account.results.quickScan') : t('account.results.rqs');
  return `${scan}, ${result.sampleType === 'silage' ? t('account.results.silage') : t('account.results.hay')}`;
}

/** The sample's name, kind and dates, as terms of a description list. */
function SampleFacts({ result }: { result: ScanResult }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('account.results.sampleName')}</dt>
      <dd>{result.sampleName}</dd>
      <dt>{t('account.results.sampleType')}</dt>
      <dd>{sampleTypeText(t, result)}</dd>
      <dt>{t('account.results.receiptDate')}</dt>
      <dd>{dateText(result.receiptDate)}</dd>
      <dt>{t('account.results.resultDate')}</dt>
      <dd>{dateText(result.resultDate)}</dd>
    </>
  );
}

/** The printed page's heading (the shop's header is not printed): the brand, the customer and the sample. */
function PrintHeading({ result }: { result: ScanResult }) {
  const { t } = useTranslation();
  const site = useAtomValue(siteAtom);
  const account = useAtomValue(accountAtom);
  const customer = account ? [account.firstName, account.lastName].filter(Boolean).join(' ') : '';
  return (
    <div className={styles.printOnly} data-testid="result-print-heading">
      {site && <p className={styles.printBrand}>{site.brandName}</p>}
      <dl className={styles.facts}>
        {customer && (
          <>
            <dt>{t('account.results.customer')}</dt>
            <dd>{customer}</dd>
          </>
        )}
        <SampleFacts result={result} />
      </dl>
    </div>
  );
}

export function ScanResultPage({ result }: { result: ScanResult }) {
  const { t } = useTranslation();
  const store = useStore();
  const formatPrice = useFormatPrice();
  const quantity = useFormatQuantity();
  const countText = useCountText();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<number[]>(() => preselectedProducts(result));
  const chosenProducts = result.products.filter((product) => chosen.includes(product.productId));
  const choose = (productId: number, on: boolean) =>
    setChosen((ids) => (on ? [...ids.filter((id) => id !== productId), productId] : ids.filter((id) => id !== productId)));
  // The server marked the result read: the header's unread count follows.
  useEffect(() => {
    void refreshSession(store);
  }, [store, result.resultKey]);
  const analytes = Object.entries(result.classification.analytes);
  const hygiene = result.classification.hygiene;
  const unitOf = (analyte: string) => result.references[analyte]?.unit ?? '';
  const averageOf = (analyte: string) => result.references[analyte]?.average ?? null;
  const rangeText = (analyte: string) => {
    const min = result.classification.analytes[analyte]?.target?.min;
    const max = result.classification.analytes[analyte]?.target?.max;
    const unit = unitOf(analyte);
    if (min != null && max != null) return `${quantity.text(min)}–${quantity.text(max)} ${unit}`;
    if (min != null) return `≥ ${quantity.text(min)} ${unit}`;
    return max != null ? `≤ ${quantity.text(max)} ${unit}` : t('account.results.noTarget');
  };
  return (
    <Page title={result.sampleName || result.resultKey} testId="page-scan-result">
      <PrintHeading result={result} />
      <p className={styles.noPrint}>
        <Link to={paths.account.rqsResults}>{t('account.results.back')}</Link>{' '}
        <button type="button" className={formStyles.secondary} onClick={() => window.print()} data-testid="result-print">
          {t('account.results.print')}
        </button>
      </p>
      <dl className={`${styles.facts} ${styles.noPrint}`}>
        <SampleFacts result={result} />
      </dl>
      <dl className={styles.facts}>
        <dt>{t('account.results.overall')}</dt>
        <dd>
          <Meter level={result.level} />
        </dd>
      </dl>
      {result.classification.dryMatter && (
        <section className={styles.section} aria-labelledby="dry-matter">
          <h2 id="dry-matter">{t('account.results.dryMatterScore')}</h2>
          <dl className={styles.facts} data-testid="result-dry-matter">
            <dt>{t('account.results.dryMatterPercentage')}</dt>
            <dd>{quantity.text(result.classification.dryMatter.dryMatterPercentage)}</dd>
            <dt>{t('account.results.moisturePercentage')}</dt>
            <dd>{quantity.text(result.classification.dryMatter.moisturePercentage)}</dd>
            <dt>{t('account.results.level')}</dt>
            <dd>
              <Meter level={result.classification.dryMatter.level} />
            </dd>
          </dl>
        </section>
      )}
      {analytes.length > 0 && (
        <section className={styles.section} aria-labelledby="analytes">
          <h2 id="analytes">{t('account.results.quickScan')}</h2>
          <ul className={styles.columns}>
            {analytes.map(([analyte, value]) => {
              const average = averageOf(analyte);
              return (
                <li key={analyte} className={styles.card} data-testid="result-analyte" data-analyte={analyte}>
                  <h3>{analyteLabel(t, analyte)}</h3>
                  <dl className={styles.facts}>
                    <dt>{t('account.results.value')}</dt>
                    <dd data-testid="result-value">
                      {quantity.text(value.value)} {unitOf(analyte)}
                    </dd>
                    <dt>{t('account.results.targetValue')}</dt>
                    <dd>{rangeText(analyte)}</dd>
                    {average !== null && (
                      <>
                        <dt>{t('account.results.average')}</dt>
                        <dd>
                          {quantity.text(average)} {unitOf(analyte)}
                        </dd>
                      </>
                    )}
                  </dl>
                  {value.level && <Meter level={value.level} />}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {hygiene && (
        <section className={styles.section} aria-labelledby="hygiene">
          <h2 id="hygiene">{t('account.results.hygiene')}</h2>
          <p data-testid="result-quality-class">
            {t('account.results.qualityClassTitle')}: {t(pick(QUALITY_CLASS_KEYS, hygiene.qualityClass) ?? 'account.results.qualityClass.one')}{' '}
            <Meter level={hygiene.level} />
          </p>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('account.results.germCount')}</th>
                <th scope="col">{t('account.results.value')}</th>
                <th scope="col">{t('account.results.targetValue')}</th>
                <th scope="col">{t('account.results.germLevel')}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(hygiene.groups).map(([group, germ]) => (
                <tr key={group} data-testid="result-germ-group">
                  <th scope="row">{germGroupLabel(t, group)}</th>
                  <td data-testid="result-germ-count">
                    {countText(germ.count)} {t('account.results.unit')}
                  </td>
                  <td>{countText(germ.orientationValue)}</td>
                  <td>{germ.countLevel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section className={styles.section} aria-labelledby="advice">
        <h2 id="advice">{t('account.results.advice')}</h2>
        <ul data-testid="result-advice">
          {result.classification.messages.map((notice) => (
            <li key={notice.key}>{textOfKey(t, notice.key, notice.key)}</li>
          ))}
          {distinctAdvice(result.advice).map((group) => (
            <li key={group.text}>
              {group.analytes.some((analyte) => analyte !== 'hygiene') && (
                <strong>{group.analytes.map((analyte) => analyteLabel(t, analyte)).join(', ')}: </strong>
              )}
              {group.text}
            </li>
          ))}
        </ul>
        {result.balancing && result.balancing.products.length > 0 && (
          <>
            <h3>{t('account.results.balancing', { kilograms: quantity.text(result.weightKg) })}</h3>
            <ul>
              {result.balancing.products.map((balancer) => {
                const product = result.products.find((candidate) => candidate.productId === balancer.productId);
                return (
                  <li key={balancer.productId}>
                    {t('feedCalculator.gramsPerDay', { grams: quantity.text(balancer.gramsPerDay) })} · {product?.name ?? balancer.productId}
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {result.products.length > 0 && (
          <>
            <h3>{t('account.results.recommendedProducts')}</h3>
            <p className={styles.noPrint}>{t('account.results.chooseProducts')}</p>
            <ul className={styles.columns} data-testid="result-products">
              {result.products.map((product) => (
                <li key={product.productId} className={styles.card} data-testid="result-product" data-product-id={product.productId}>
                  <span className={styles.productName}>
                    <input
                      type="checkbox"
                      className={styles.noPrint}
                      checked={chosen.includes(product.productId)}
                      onChange={(event) => choose(product.productId, event.target.checked)}
                      aria-label={t('account.results.chooseProduct', { product: product.name })}
                      data-testid="result-product-choice"
                    />
                    {product.url ? <Link to={product.url}>{product.name}</Link> : product.name}
                  </span>
                  <span data-testid="result-product-price">{formatPrice(product.price)}</span>
                </li>
              ))}
            </ul>
            <p className={styles.noPrint}>
              <button
                type="button"
                className={formStyles.button}
                disabled={busy || chosenProducts.length === 0}
                data-testid="result-add-to-cart"
                onClick={(event) => {
                  const opener = event.currentTarget;
                  setBusy(true);
                  (async () => {
                    for (const product of chosenProducts) await addToCart(store, product.productVariantId, 1);
                  })()
                    .then(
                      () => {
                        setMessage({ kind: 'success', text: t('account.results.added') });
                        // The cart drawer shows the lines added.
                        store.set(justAddedAtom, { productVariantIds: chosenProducts.map((product) => product.productVariantId), opener });
                      },
                      (error: unknown) => setMessage({ kind: 'error', text: cartErrorText(error, t) }),
                    )
                    .finally(() => setBusy(false));
                }}
              >
                {t('account.results.addProducts')}
              </button>
            </p>
            <FormMessage kind={message?.kind ?? 'success'} testId="result-message">
              {message ? <p>{message.text}</p> : null}
            </FormMessage>
          </>
        )}
      </section>
    </Page>
  );
}
