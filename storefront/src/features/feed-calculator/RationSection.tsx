/**
 * The ration check: a horse's daily need for energy, protein and the key
 * minerals against what a typical hay or haylage supplies, and the balancer dose that closes
 * the gap; computed by the engine on the server. The chart is a small SVG drawn from the
 * answer (need as 100 %, supply as its share), with the same figures in a table beside it.
 */
import { useId, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { feedApi, type RationCheckAnswer } from '../../api/feed';
import { FormField, FormMessage, formStyles } from '../../components/ui/Form';
import { nutrientLabel } from '../../components/product/nutrients';
import { serverErrors } from '../../lib/apiErrors';
import { useFormatQuantity } from '../../lib/quantity';
import styles from './FeedCalculator.module.css';

const WORK_LOADS = ['none', 'light', 'average', 'heavy'] as const;
const WORK_LOAD_LABELS = {
  none: 'feedCalculator.workLoadNone',
  light: 'feedCalculator.workLoadLight',
  average: 'feedCalculator.workLoadAverage',
  heavy: 'feedCalculator.workLoadHeavy',
} as const;

const BAR_HEIGHT = 14;
const ROW_HEIGHT = 44;
const LABEL_WIDTH = 150;
const CHART_WIDTH = 460;
/** The bars' scale: 150 % of the need fills the width. */
const SCALE_PERCENT = 150;

export function RationChart({ answer }: { answer: RationCheckAnswer }) {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  const titleId = useId();
  const label = (nutrient: string) => nutrientLabel(t, { nutrient } as Parameters<typeof nutrientLabel>[1]);
  const width = (percent: number) => (Math.min(percent, SCALE_PERCENT) / SCALE_PERCENT) * (CHART_WIDTH - LABEL_WIDTH - 10);
  const height = answer.nutrients.length * ROW_HEIGHT + 10;
  return (
    <figure className={styles.chart}>
      <svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${CHART_WIDTH} ${height}`} width="100%" data-testid="ration-chart">
        <title id={titleId}>{t('feedCalculator.ration.chartTitle')}</title>
        {answer.nutrients.map((nutrient, index) => {
          const y = index * ROW_HEIGHT + 5;
          return (
            <g key={nutrient.nutrient} data-nutrient={nutrient.nutrient}>
              <text x={0} y={y + BAR_HEIGHT} fontSize="12" fill="currentColor">
                {label(nutrient.nutrient)}
              </text>
              <rect x={LABEL_WIDTH} y={y} width={width(100)} height={BAR_HEIGHT} className={styles.needBar} />
              <rect x={LABEL_WIDTH} y={y + BAR_HEIGHT + 2} width={width(nutrient.coveredPercent)} height={BAR_HEIGHT} className={styles.supplyBar} />
              <text x={LABEL_WIDTH + width(Math.max(nutrient.coveredPercent, 100)) + 4} y={y + BAR_HEIGHT * 2} fontSize="11" fill="currentColor">
                {quantity.text(nutrient.coveredPercent)}%
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span className={styles.legendNeed} aria-hidden="true" /> {t('feedCalculator.ration.need')} <span className={styles.legendSupply} aria-hidden="true" />{' '}
        {t('feedCalculator.ration.supply')}
      </figcaption>
    </figure>
  );
}

export function RationSection() {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  const [weight, setWeight] = useState('600');
  const [workLoad, setWorkLoad] = useState<(typeof WORK_LOADS)[number]>('average');
  const [roughage, setRoughage] = useState('hay');
  const [answer, setAnswer] = useState<RationCheckAnswer | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <section className={styles.silo} aria-labelledby="ration-title" data-testid="ration-section">
      <h2 id="ration-title">{t('feedCalculator.ration.title')}</h2>
      <p>{t('feedCalculator.ration.intro')}</p>
      <form
        className={`${styles.form} ${styles.noPrint}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setAnswer(null);
          feedApi.ration({ weightKg: Number(weight) || 0, workLoad, roughage }).then(
            (result) => {
              setAnswer(result);
              setErrors({});
            },
            (error: unknown) => setErrors(serverErrors(error, t)),
          );
        }}
      >
        <FormField name="ration-weight" label={t('feedCalculator.weight')} error={errors.weightKg}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              value={weight}
              onChange={(event) => setWeight(event.target.value)}
              data-testid="ration-weight"
            />
          )}
        </FormField>
        <FormField name="ration-workLoad" label={t('feedCalculator.workLoad')}>
          {(props) => (
            <select
              {...props}
              value={workLoad}
              onChange={(event) => setWorkLoad(event.target.value as (typeof WORK_LOADS)[number])}
              data-testid="ration-work-load"
            >
              {WORK_LOADS.map((key) => (
                <option key={key} value={key}>
                  {t(WORK_LOAD_LABELS[key])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="ration-roughage" label={t('feedCalculator.roughageType')}>
          {(props) => (
            <select {...props} value={roughage} onChange={(event) => setRoughage(event.target.value)} data-testid="ration-roughage">
              <option value="hay">{t('feedCalculator.ration.typicalHay')}</option>
              <option value="haylage">{t('feedCalculator.ration.typicalHaylage')}</option>
            </select>
          )}
        </FormField>
        <button type="submit" className={formStyles.secondary} data-testid="ration-check">
          {t('feedCalculator.ration.check')}
        </button>
        <FormMessage kind="error">{errors._ ? <p>{errors._}</p> : null}</FormMessage>
      </form>
      {answer && (
        <div className={styles.result} data-testid="ration-result">
          <RationChart answer={answer} />
          <table className={styles.table}>
            <caption>{t('feedCalculator.ration.tableTitle', { kilograms: quantity.text(answer.dryMatterIntakeKg) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('feedCalculator.ration.nutrient')}</th>
                <th scope="col">{t('feedCalculator.ration.need')}</th>
                <th scope="col">{t('feedCalculator.ration.supply')}</th>
                <th scope="col">{t('feedCalculator.ration.gap')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.nutrients.map((nutrient) => (
                <tr key={nutrient.nutrient}>
                  <th scope="row">{nutrientLabel(t, { nutrient: nutrient.nutrient } as Parameters<typeof nutrientLabel>[1])}</th>
                  <td>
                    {quantity.text(nutrient.need)} {nutrient.unit}
                  </td>
                  <td>
                    {quantity.text(nutrient.supply)} {nutrient.unit} ({quantity.text(nutrient.coveredPercent)}%)
                  </td>
                  <td>
                    {quantity.text(nutrient.gap)} {nutrient.unit}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p data-testid="ration-balancer">
            {answer.balancer
              ? t('feedCalculator.ration.balancer', {
                  grams: quantity.text(answer.balancer.gramsPerDay),
                  product: answer.balancerName ?? String(answer.balancer.productId),
                })
              : t('feedCalculator.ration.noBalancer')}
          </p>
          {answer.unbalanced.includes('digestibleEnergyMj') && <p>{t('feedCalculator.ration.energyShort')}</p>}
        </div>
      )}
    </section>
  );
}
