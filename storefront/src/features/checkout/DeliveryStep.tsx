import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { Account } from '../../api/auth';
import { api } from '../../api/client';
import type { SchemaDealer, SchemaParcelShop } from '../../api/generated/schema';
import { ErrorSummary, useErrorSummary } from '../../components/ui/ErrorSummary';
import { Loading } from '../../components/ui/Loading';
import { Price } from '../../components/ui/Price';
import { formatDistance, type CheckoutGates } from '../../engine';
import type { Culture } from '../../i18n';
import { cultureAtom, useSite } from '../../state';
import { cartApi, type CartView } from '../../api/cart';
import { cartErrorText } from '../../lib/cartErrors';
import { useCart } from '../../lib/cart';
import { trackShippingInfo } from '../../lib/cartTracking';
import { checkForm } from '../../lib/forms';
import styles from '../../components/shop.module.css';
import { addressRules } from '../../lib/addressForm';
import { AddressFields, DutchNotice, toAddress } from './BillingStep';
import { Field } from './fields';
import { gatesOf, nextStep } from './gates';
import { parcelShopLine, useParcelShop } from './parcelShop';
import type { Country } from './reference';
import { useCheckoutAccount, useServerErrors } from './useCheckout';

type Choice = 'home' | 'alternative' | 'pickup';

type ParcelShop = SchemaParcelShop;
type Dealer = SchemaDealer;

/** A distance as the culture writes it in kilometres (the engine's `geo.formatDistance`); null when the server sent no whole number of meters. */
export function distanceText(meters: number, culture: Culture): string | null {
  if (!Number.isSafeInteger(meters) || meters < 0) return null;
  return formatDistance({ meters, culture }).text;
}

function PickupFinder({
  chosen,
  countryId,
  onChoose,
}: {
  chosen: string | null;
  /** The delivery country: only its pick-up points are offered. */
  countryId: number | null;
  onChoose: (shop: ParcelShop, query: string) => void;
}) {
  const { t } = useTranslation();
  const culture = useAtomValue(cultureAtom);
  const [query, setQuery] = useState('');
  const [shops, setShops] = useState<ParcelShop[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async () => {
    const term = query.trim();
    const errors = await checkForm({ query: { value: term, rules: [{ rule: 'required' }] } });
    if (errors.query) {
      setError(errors.query);
      return;
    }
    setBusy(true);
    api
      .get('/api/parcelshops', { query: { zipcodeOrCity: term, ...(countryId !== null ? { countryId } : {}) } })
      .then(
        (answer) => {
          setShops(answer.parcelShops);
          setError(null);
        },
        (failure: unknown) => {
          setShops([]);
          setError(cartErrorText(failure, t));
        },
      )
      .finally(() => setBusy(false));
  };
  return (
    <div className={styles.card} data-testid="pickup-finder">
      <strong>{t('checkout.pickupFinder.title')}</strong>
      <div className={styles.row}>
        <label className={styles.row}>
          <span>{t('checkout.pickupFinder.searchLabel')}</span>
          <input
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void search();
              }
            }}
            data-testid="pickup-query"
          />
        </label>
        <button type="button" className={styles.secondary} onClick={() => void search()} disabled={busy} data-testid="pickup-search">
          {t('checkout.pickupFinder.search')}
        </button>
      </div>
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      {shops && shops.length === 0 && !error && <p>{t('checkout.pickupFinder.none')}</p>}
      {shops && shops.length > 0 && (
        <ul className={styles.grid} data-testid="pickup-list">
          {shops.map((shop) => {
            const distance = distanceText(shop.distanceMeters, culture);
            return (
              <li key={shop.parcelShopId} className={styles.card}>
                <strong>{shop.name}</strong>
                <span>{`${shop.street} ${shop.streetNumber}, ${shop.zipcode} ${shop.city}`}</span>
                {distance !== null && (
                  <span className={styles.muted} data-testid="pickup-distance">
                    {t('checkout.pickupFinder.distance', { distance })}
                  </span>
                )}
                {chosen === shop.parcelShopId ? (
                  <strong>{t('checkout.pickupFinder.chosen')}</strong>
                ) : (
                  <button type="button" className={styles.secondary} onClick={() => onChoose(shop, query.trim())} data-testid="pickup-choose">
                    {t('checkout.pickupFinder.choose')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function DealerChoice() {
  const { t } = useTranslation();
  const cart = useCart();
  const [near, setNear] = useState('');
  const [dealers, setDealers] = useState<Dealer[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = cart.answer?.cart.dealerId ?? null;
  return (
    <details className={styles.card} data-testid="dealer-choice">
      <summary>{t('checkout.dealer.title')}</summary>
      <p className={styles.muted}>{t('checkout.dealer.text')}</p>
      <div className={styles.row}>
        <input value={near} onChange={(event) => setNear(event.target.value)} aria-label={t('checkout.pickupFinder.searchLabel')} />
        <button
          type="button"
          className={styles.secondary}
          onClick={() =>
            void api.get('/api/dealers', { query: { near: near.trim() || undefined } }).then(
              (answer) => {
                setDealers(answer.dealers.slice(0, 10));
                setError(null);
              },
              (failure: unknown) => setError(cartErrorText(failure, t)),
            )
          }
        >
          {t('checkout.pickupFinder.search')}
        </button>
      </div>
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      {dealers && (
        <ul className={styles.grid}>
          {dealers.map((dealer) => (
            <li key={dealer.dealerId} className={styles.card}>
              <strong>{dealer.name}</strong>
              <span>{`${dealer.address.street} ${dealer.address.streetNumber}, ${dealer.address.zipcode} ${dealer.address.city}`}</span>
              {chosen === dealer.dealerId ? (
                <strong>{t('checkout.dealer.chosen')}</strong>
              ) : (
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() =>
                    void cart.call((id) => cartApi.setDealer(id, dealer.dealerId)).catch((failure: unknown) => setError(cartErrorText(failure, t)))
                  }
                >
                  {t('checkout.dealer.choose')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/** Whether the visitor chose a delivery in this cart already (then the account's choice does not replace it). */
function cartHasDeliveryChoice(view: CartView | undefined): boolean {
  return Boolean(view && (view.shipping || view.alternativeShippingAddress || view.shippingMethod === 1 || view.dpdParcelShopId));
}

/**
 * The choice and the alternative address the form starts with: the cart's; where the cart has
 * none yet, a signed-in customer's delivery address (and their choice of it) from the account.
 */
function startingDelivery(view: CartView | undefined, account: Account | null): { choice: Choice; shipping: CartView['shipping'] } {
  const fromCart: Choice = view?.shippingMethod === 1 ? 'pickup' : view?.alternativeShippingAddress ? 'alternative' : 'home';
  const accountShipping = account?.shipping ?? null;
  const choice = !cartHasDeliveryChoice(view) && accountShipping && account?.alternativeShippingAddress ? 'alternative' : fromCart;
  const shipping = view?.shipping?.address ? view.shipping : (accountShipping ?? view?.shipping ?? null);
  return { choice, shipping };
}

/** The delivery step; it opens once it is known who is signed in (a customer's address fills it in). */
export function DeliveryStep({ countries, gates }: { countries: Country[]; gates: CheckoutGates }) {
  const { known, account } = useCheckoutAccount();
  if (!known) return <Loading />;
  return <DeliveryForm countries={countries} gates={gates} account={account} />;
}

function DeliveryForm({ countries, gates, account }: { countries: Country[]; gates: CheckoutGates; account: Account | null }) {
  const { t } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const cart = useCart();
  const serverErrors = useServerErrors();
  const view = cart.answer?.cart;
  const chosenShop = useParcelShop(view?.dpdParcelShopId);
  const methods = cart.calculation?.shippingMethods ?? [];
  const priceOf = (method: 0 | 1) => methods.find((option) => option.shippingMethod === method)?.price;
  const [starting] = useState(() => startingDelivery(view, account));
  const [choice, setChoice] = useState<Choice>(starting.choice);
  const shippingAddress = starting.shipping?.address ?? {};
  const [values, setValues] = useState<Record<string, string>>({
    firstName: starting.shipping?.firstName ?? '',
    lastName: starting.shipping?.lastName ?? '',
    zipcode: shippingAddress?.zipcode ?? '',
    street: shippingAddress?.street ?? '',
    streetNumber: shippingAddress?.streetNumber ?? '',
    streetNumberAddition: shippingAddress?.streetNumberAddition ?? '',
    city: shippingAddress?.city ?? '',
    countryId: String(shippingAddress?.countryId ?? site.countryId),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { formRef, report, ...summary } = useErrorSummary();
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const choosePickup = (shop: ParcelShop, query: string) => {
    setBusy(true);
    cart
      .call((id) => cartApi.setShipping(id, { shippingMethod: 1 }))
      .then(() => cart.call((id) => cartApi.setPickupPoint(id, shop.parcelShopId, query || shop.zipcode)))
      .then(
        () => setErrors({}),
        (error: unknown) => {
          setErrors(serverErrors(error));
          report();
        },
      )
      .finally(() => setBusy(false));
  };

  const submit = async () => {
    setBusy(true);
    try {
      let latest = cart.answer;
      if (choice === 'alternative') {
        const found = await checkForm({
          firstName: { value: values.firstName ?? '', rules: [{ rule: 'required' }, { rule: 'maxLength', count: 50 }] },
          lastName: { value: values.lastName ?? '', rules: [{ rule: 'required' }, { rule: 'maxLength', count: 50 }] },
          ...addressRules('', values, countries),
        });
        setErrors(found);
        report();
        if (Object.keys(found).length > 0) return;
        latest = await cart.call((id) =>
          cartApi.setShipping(id, { firstName: values.firstName?.trim(), lastName: values.lastName?.trim(), address: toAddress(values), shippingMethod: 0 }),
        );
        latest = await cart.call((id) => cartApi.setAlternativeShipping(id, true));
      } else if (choice === 'home') {
        latest = await cart.call((id) => cartApi.setShipping(id, { shippingMethod: 0 }));
        if (latest.cart.alternativeShippingAddress) latest = await cart.call((id) => cartApi.setAlternativeShipping(id, false));
      } else if (!latest?.cart.dpdParcelShopId) {
        setErrors({ _: t('checkout.parcelShopMissing') });
        return;
      } else if (latest.cart.alternativeShippingAddress) {
        latest = await cart.call((id) => cartApi.setAlternativeShipping(id, false));
      }
      const next = nextStep('delivery', gatesOf(latest, countries, site.countryId));
      trackShippingInfo(latest, choice);
      void navigate(next);
    } catch (error) {
      setErrors(serverErrors(error));
      report();
    } finally {
      setBusy(false);
    }
  };
  const option = (value: Choice, label: string, method: 0 | 1) => {
    const price = priceOf(method);
    return (
      <label className={styles.row}>
        <input type="radio" name="delivery" value={value} checked={choice === value} onChange={() => setChoice(value)} data-testid={`delivery-${value}`} />
        <span>{label}</span>
        {price !== undefined && (
          <span className={styles.muted}>
            <Price amount={price} />
          </span>
        )}
      </label>
    );
  };
  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      data-testid="delivery-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary errors={errors} {...summary} />
      <h2>{t('checkout.delivery.title')}</h2>
      <fieldset className={styles.form} style={{ border: 0, padding: 0 }}>
        <legend className={styles.muted}>{t('checkout.delivery.title')}</legend>
        {option('home', t('checkout.delivery.home'), 0)}
        {option('alternative', t('checkout.delivery.alternativeAddress'), 0)}
        {option('pickup', t('checkout.delivery.pickupPoint'), 1)}
      </fieldset>
      {choice === 'alternative' && (
        <>
          <div className={styles.row}>
            <Field name="firstName" label={t('checkout.fields.firstName')} error={errors.firstName}>
              {(props) => <input {...props} value={values.firstName ?? ''} onChange={(event) => set('firstName', event.target.value)} />}
            </Field>
            <Field name="lastName" label={t('checkout.fields.lastName')} error={errors.lastName}>
              {(props) => <input {...props} value={values.lastName ?? ''} onChange={(event) => set('lastName', event.target.value)} />}
            </Field>
          </div>
          <AddressFields prefix="" values={values} set={set} errors={errors} countries={countries} />
        </>
      )}
      {choice === 'pickup' && (
        <>
          {view?.dpdParcelShopId && chosenShop && (
            <p className={styles.notice} data-testid="pickup-chosen">
              {t('checkout.pickupFinder.chosenShop', { location: parcelShopLine(chosenShop) })}
            </p>
          )}
          <PickupFinder chosen={view?.dpdParcelShopId ?? null} countryId={view?.billing?.address?.countryId ?? null} onChoose={choosePickup} />
        </>
      )}
      <DealerChoice />
      {gates.orderOnDutchSite && <DutchNotice />}
      {errors._ && (
        <p className={styles.fieldError} role="alert">
          {errors._}
        </p>
      )}
      <button type="submit" className={styles.button} disabled={busy} data-testid="delivery-submit">
        {t('checkout.next.payment')}
      </button>
    </form>
  );
}
