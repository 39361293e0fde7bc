/**
 * The feed calculator: one or more horses on one page, each with its type, weight
 * (slider and number, 50-1200 kg), work load and roughage; the server computes the advice with
 * the engine (grams per day, per portion at 3 feedings, scoops, days per pack). The advised
 * products go into the cart; a signed-in customer saves the advice; silo delivery for larger
 * yards; a print view. Everything shown comes from the route loader and the API client.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLoaderData } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { feedApi, type FeedCalculation, type FeedChoices } from '../../api/feed';
import { Page } from '../../components/layout/Page';
import { FormField, FormMessage, formStyles } from '../../components/ui/Form';
import { useFormatPrice } from '../../components/ui/Price';
import { addToCart, justAddedAtom } from '../../lib/cart';
import { serverErrors } from '../../lib/apiErrors';
import { horseTypeKey, roughageKey, workLoadKey } from '../../lib/feedChoices';
import { useFormatQuantity } from '../../lib/quantity';
import { sessionAtom } from '../../state';
import type { FeedCalculatorData } from './loader';
import { RationSection } from './RationSection';
import { SiloSection } from './SiloSection';
import styles from './FeedCalculator.module.css';

interface Horse {
  key: number;
  horseType: string;
  weightKg: string;
  workLoad: string;
  roughageType: string;
}

type Outcome = { kind: 'advice'; advice: FeedCalculation } | { kind: 'error'; errors: Record<string, string> };

function defaultWeight(choices: FeedChoices, horseType: string): number {
  return choices.horseTypes.find((choice) => choice.key === horseType)?.defaultWeightKg ?? 600;
}

/**
 * The weight as whole kilograms within the calculator's bounds, or null. The bounds are the
 * engine's (`feed::MIN_WEIGHT_KG`, `MAX_WEIGHT_KG`), which the server sends with the choices.
 */
function validWeight(text: string, choices: Pick<FeedChoices, 'minWeightKg' | 'maxWeightKg'>): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const weight = Number(trimmed);
  return weight >= choices.minWeightKg && weight <= choices.maxWeightKg ? weight : null;
}

function newHorse(choices: FeedChoices, key: number): Horse {
  const horseType = choices.horseTypes[0]?.key ?? 'horse';
  return {
    key,
    horseType,
    weightKg: String(defaultWeight(choices, horseType)),
    workLoad: choices.workLoads.find((choice) => choice.key === 'average')?.key ?? choices.workLoads[0]?.key ?? 'none',
    roughageType: choices.roughageTypes[0]?.key ?? 'hay',
  };
}

export function FeedCalculatorPage() {
  const { t } = useTranslation();
  const data = useLoaderData<FeedCalculatorData>();
  const [horses, setHorses] = useState<Horse[]>(() => [newHorse(data.choices, 1)]);
  const [nextKey, setNextKey] = useState(2);
  const update = (key: number, change: Partial<Horse>) => setHorses((all) => all.map((horse) => (horse.key === key ? { ...horse, ...change } : horse)));
  return (
    <Page title={t('feedCalculator.title')} testId="page-feed-calculator">
      <p>{t('feedCalculator.intro')}</p>
      <p className={styles.noPrint}>
        <button type="button" className={formStyles.secondary} onClick={() => window.print()} data-testid="feed-print">
          {t('common.print')}
        </button>
      </p>
      <ol className={styles.horses}>
        {horses.map((horse, index) => (
          <li key={horse.key}>
            <HorseCard
              horse={horse}
              number={index + 1}
              choices={data.choices}
              productId={data.productId}
              onChange={(change) => update(horse.key, change)}
              onRemove={horses.length > 1 ? () => setHorses((all) => all.filter((other) => other.key !== horse.key)) : null}
            />
          </li>
        ))}
      </ol>
      <p className={styles.noPrint}>
        <button
          type="button"
          className={formStyles.secondary}
          onClick={() => {
            setHorses((all) => [...all, newHorse(data.choices, nextKey)]);
            setNextKey(nextKey + 1);
          }}
          data-testid="feed-add-horse"
        >
          {t('feedCalculator.addHorse')}
        </button>
      </p>
      <p className={styles.disclaimer}>{t('feedCalculator.disclaimer')}</p>
      <SiloSection />
      <RationSection />
    </Page>
  );
}

function HorseCard({
  horse,
  number,
  choices,
  productId,
  onChange,
  onRemove,
}: {
  horse: Horse;
  number: number;
  choices: FeedChoices;
  productId: number | null;
  onChange: (change: Partial<Horse>) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  const headingId = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [weightRefused, setWeightRefused] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const prefix = `horse${number}`;
  const errors = outcome?.kind === 'error' ? outcome.errors : {};
  const limits = { number: quantity.text(choices.minWeightKg), kilograms: quantity.text(choices.maxWeightKg) };
  // The field states the limits itself, also when the server refuses the weight.
  const weightError = weightRefused || errors.weightKg ? t('feedCalculator.weightOutOfRange', limits) : undefined;
  const formError = Object.entries(errors).find(([field]) => field !== 'weightKg')?.[1];
  const weightInput = useRef<HTMLInputElement>(null);
  const weightInvalid = weightError !== undefined;
  // After a calculation is asked for, a refused weight takes the focus: its message is read with it.
  useEffect(() => {
    if (attempt > 0 && weightInvalid) weightInput.current?.focus();
  }, [attempt, weightInvalid]);
  const calculate = async () => {
    const weight = validWeight(horse.weightKg, choices);
    setWeightRefused(weight === null);
    setAttempt((count) => count + 1);
    if (weight === null) {
      setOutcome(null);
      return;
    }
    setBusy(true);
    try {
      const advice = await feedApi.calculate({
        horseType: horse.horseType,
        weightKg: weight,
        workLoad: horse.workLoad,
        roughageType: horse.roughageType,
        ...(productId !== null ? { productId } : {}),
      });
      setOutcome({ kind: 'advice', advice });
    } catch (error) {
      setOutcome({ kind: 'error', errors: serverErrors(error, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.horse} aria-labelledby={headingId} data-testid="feed-horse">
      <h2 id={headingId}>{t('feedCalculator.horseTitle', { number })}</h2>
      <form
        className={`${styles.form} ${styles.noPrint}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void calculate();
        }}
      >
        <FormField name={`${prefix}-horseType`} label={t('feedCalculator.horseType')}>
          {(props) => (
            <select
              {...props}
              value={horse.horseType}
              onChange={(event) => onChange({ horseType: event.target.value, weightKg: String(defaultWeight(choices, event.target.value)) })}
              data-testid="feed-horse-type"
            >
              {choices.horseTypes.map((choice) => {
                const key = horseTypeKey(choice.key);
                return (
                  <option key={choice.key} value={choice.key}>
                    {key ? t(key) : choice.name}
                  </option>
                );
              })}
            </select>
          )}
        </FormField>
        <FormField name={`${prefix}-weightKg`} label={t('feedCalculator.weight')} error={weightError} help={t('feedCalculator.weightHelp', limits)}>
          {(props) => (
            <div className={styles.weight}>
              <input
                type="range"
                min={choices.minWeightKg}
                max={choices.maxWeightKg}
                step={10}
                value={Math.min(Math.max(Number(horse.weightKg) || choices.minWeightKg, choices.minWeightKg), choices.maxWeightKg)}
                onChange={(event) => onChange({ weightKg: event.target.value })}
                aria-label={t('feedCalculator.weightSlider')}
                aria-valuetext={`${horse.weightKg} ${t('feedCalculator.weightUnit')}`}
                data-testid="feed-weight-slider"
              />
              <input
                {...props}
                ref={weightInput}
                type="number"
                inputMode="numeric"
                min={choices.minWeightKg}
                max={choices.maxWeightKg}
                value={horse.weightKg}
                onChange={(event) => onChange({ weightKg: event.target.value })}
                data-testid="feed-weight"
              />
              <span aria-hidden="true">{t('feedCalculator.weightUnit')}</span>
            </div>
          )}
        </FormField>
        <fieldset className={styles.choices}>
          <legend>{t('feedCalculator.workLoad')}</legend>
          {choices.workLoads.map((choice) => {
            const key = workLoadKey(choice.key);
            const id = `${prefix}-workLoad-${choice.key}`;
            return (
              <div key={choice.key} className={styles.radio}>
                <input
                  id={id}
                  type="radio"
                  name={`${prefix}-workLoad`}
                  value={choice.key}
                  checked={horse.workLoad === choice.key}
                  onChange={() => onChange({ workLoad: choice.key })}
                  data-testid={`feed-work-load-${choice.key}`}
                />
                <label htmlFor={id}>{key ? t(key) : choice.name}</label>
              </div>
            );
          })}
        </fieldset>
        <FormField name={`${prefix}-roughageType`} label={t('feedCalculator.roughageType')}>
          {(props) => (
            <select {...props} value={horse.roughageType} onChange={(event) => onChange({ roughageType: event.target.value })} data-testid="feed-roughage">
              {choices.roughageTypes.map((choice) => {
                const key = roughageKey(choice.key);
                return (
                  <option key={choice.key} value={choice.key}>
                    {key ? t(key) : choice.name}
                  </option>
                );
              })}
            </select>
          )}
        </FormField>
        <div className={styles.actions}>
          <button type="submit" className={formStyles.button} disabled={busy} data-testid="feed-calculate">
            {t('feedCalculator.calculate')}
          </button>
          {onRemove && (
            <button type="button" className={formStyles.secondary} onClick={onRemove}>
              {t('feedCalculator.removeHorse', { number })}
            </button>
          )}
        </div>
      </form>
      <p className={styles.printOnly}>
        {t(horseTypeKey(horse.horseType) ?? 'feedCalculator.horse')} · {horse.weightKg} {t('feedCalculator.weightUnit')} ·{' '}
        {t(workLoadKey(horse.workLoad) ?? 'feedCalculator.workLoadAverage')} · {t(roughageKey(horse.roughageType) ?? 'feedCalculator.hay')}
      </p>
      {outcome?.kind === 'advice' && <AdviceResult advice={outcome.advice} horse={horse} />}
      <div role="alert">
        {formError && (
          <p className={styles.undetermined} data-testid="feed-undetermined">
            {formError}
          </p>
        )}
      </div>
    </section>
  );
}

function AdviceResult({ advice, horse }: { advice: FeedCalculation; horse: Horse }) {
  const { t } = useTranslation();
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const formatPrice = useFormatPrice();
  const quantity = useFormatQuantity();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!advice.determined) {
    return (
      <p className={styles.undetermined} role="alert" data-testid="feed-undetermined">
        {t('feed.adviceUndetermined')}
      </p>
    );
  }
  const act = async (work: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await work();
      setMessage({ kind: 'success', text: success });
    } catch (error) {
      setMessage({ kind: 'error', text: Object.values(serverErrors(error, t))[0] ?? t('errors.generic') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.result} data-testid="feed-result">
      <h3>{t('feedCalculator.resultTitle')}</h3>
      <p>{t('feedCalculator.resultFor', { kilograms: quantity.text(advice.weightKg) })}</p>
      <ul className={styles.products}>
        {advice.products.map((product) => (
          <li key={product.productId} className={styles.product} data-testid="feed-product" data-product-id={product.productId}>
            <h4>{product.url ? <Link to={product.url}>{product.name}</Link> : product.name}</h4>
            <dl className={styles.facts}>
              <dt>{t('feedCalculator.perDay')}</dt>
              <dd data-testid="feed-grams">{t('feedCalculator.gramsPerDay', { grams: quantity.text(product.gramsPerDay) })}</dd>
              <dt>{t('feedCalculator.portion')}</dt>
              <dd data-testid="feed-portion">{t('feedCalculator.perPortion', { grams: quantity.text(product.gramsPerPortion) })}</dd>
              {product.scoopsPerDay !== null && product.scoopsPerDay !== undefined && (
                <>
                  <dt>{t('feedCalculator.scoops')}</dt>
                  <dd data-testid="feed-scoops">{t('feedCalculator.scoopsPerDay', quantity.count(product.scoopsPerDay))}</dd>
                </>
              )}
              {product.daysPerPack !== null && product.daysPerPack !== undefined && (
                <>
                  <dt>{t('feedCalculator.pack')}</dt>
                  <dd data-testid="feed-days">{t('feedCalculator.daysPerPack', quantity.count(product.daysPerPack))}</dd>
                </>
              )}
              <dt>{t('feedCalculator.price')}</dt>
              <dd>{formatPrice(product.price)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <button
          type="button"
          className={formStyles.button}
          disabled={busy}
          data-testid="feed-add-to-cart"
          onClick={(event) => {
            const opener = event.currentTarget;
            void act(async () => {
              for (const product of advice.products) await addToCart(store, product.productVariantId, 1);
              // The cart drawer shows the lines added.
              store.set(justAddedAtom, { productVariantIds: advice.products.map((product) => product.productVariantId), opener });
            }, t('feedCalculator.addedToCart'));
          }}
        >
          {t('feedCalculator.addToCart')}
        </button>
        {session.status === 'signedIn' && (
          <button
            type="button"
            className={formStyles.secondary}
            disabled={busy}
            data-testid="feed-save"
            onClick={() =>
              void act(
                () => feedApi.saveAdvice({ horseType: horse.horseType, weightKg: advice.weightKg, workLoad: horse.workLoad, roughageType: horse.roughageType }),
                t('feedCalculator.saved'),
              )
            }
          >
            {t('feedCalculator.save')}
          </button>
        )}
      </div>
      <FormMessage kind={message?.kind ?? 'success'} testId="feed-message">
        {message ? <p>{message.text}</p> : null}
      </FormMessage>
    </div>
  );
}
