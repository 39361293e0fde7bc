import { useState } from 'react';
import { useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { ErrorBox } from '../../components/ui/ErrorBox';
import { ErrorSummary, useErrorSummary } from '../../components/ui/ErrorSummary';
import { Loading } from '../../components/ui/Loading';
import { Price } from '../../components/ui/Price';
import type { CheckoutGates } from '../../engine';
import { cartTotalsShown } from '../../components/cart/CartTotals';
import { useSite } from '../../state';
import { cartApi } from '../../api/cart';
import { useCart } from '../../lib/cart';
import { trackPaymentInfo } from '../../lib/cartTracking';
import { checkForm, fieldId } from '../../lib/forms';
import styles from '../../components/shop.module.css';
import { DutchNotice } from './BillingStep';
import { Field } from './fields';
import { gatesOf, nextStep } from './gates';
import { hasCosts, isGiftCard, type Country } from './reference';
import { usePaymentMethods, useServerErrors } from './useCheckout';

/**
 * The payment step: the site's payment methods as the server lists them (`GET
 * /api/paymentmethods`: names in the site language, costs, and the banks of a method that needs
 * one), the gift card when the site offers it, and the chosen method sent with the cart.
 */
export function PaymentStep({ countries, gates }: { countries: Country[]; gates: CheckoutGates }) {
  const { t } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const cart = useCart();
  const serverErrors = useServerErrors();
  const payment = cart.answer?.cart.payment;
  const offered = usePaymentMethods();
  const methods = offered.methods?.filter((candidate) => !isGiftCard(candidate)) ?? [];
  const giftCardOffered = offered.methods?.some(isGiftCard) ?? false;
  const [method, setMethod] = useState<number | null>(payment?.paymentMethodId ?? null);
  const chosen = methods.find((candidate) => candidate.paymentMethodId === method) ?? null;
  const needsIssuer = chosen?.requiresIssuer ?? false;
  const [issuer, setIssuer] = useState(payment?.issuer ?? '');
  const [giftCard, setGiftCard] = useState({ number: payment?.giftCardNumber ?? '', pin: '' });
  const [useGiftCard, setUseGiftCard] = useState(Boolean(payment?.giftCardNumber));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { formRef, report, ...summary } = useErrorSummary();
  const calculation = cart.calculation;

  // Nothing left to pay (the gift card pays it all): the engine's gates need no method.
  const nothingToPay = !gates.paymentMethodNeeded;
  const send = async (withMethod: boolean) => {
    const found = await checkForm({
      ...(withMethod && !nothingToPay ? { paymentMethodId: { value: method === null ? '' : String(method), rules: [{ rule: 'required' }] } } : {}),
      ...(withMethod && needsIssuer ? { issuer: { value: issuer, rules: [{ rule: 'required' }] } } : {}),
      ...(useGiftCard
        ? {
            giftCardNumber: { value: giftCard.number.trim(), rules: [{ rule: 'required' }, { rule: 'maxLength', count: 30 }] },
            giftCardPin: { value: giftCard.pin.trim(), rules: [{ rule: 'required' }, { rule: 'maxLength', count: 10 }] },
          }
        : {}),
    });
    setErrors(found);
    report();
    if (Object.keys(found).length > 0) return null;
    setBusy(true);
    try {
      const answer = await cart.call((id) =>
        cartApi.setPayment(id, {
          paymentMethodId: withMethod ? method : (payment?.paymentMethodId ?? null),
          issuer: needsIssuer ? issuer : null,
          giftCardNumber: useGiftCard ? giftCard.number.trim() : null,
          giftCardPin: useGiftCard ? giftCard.pin.trim() : null,
        }),
      );
      return answer;
    } catch (error) {
      const found = serverErrors(error);
      if (found._ && useGiftCard) found.giftCardNumber = found._;
      setErrors(found);
      report();
      return null;
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      data-testid="payment-form"
      onSubmit={(event) => {
        event.preventDefault();
        void send(true).then((answer) => {
          if (!answer) return;
          trackPaymentInfo(answer);
          return navigate(nextStep('payment', gatesOf(answer, countries, site.countryId)));
        });
      }}
    >
      <ErrorSummary errors={errors} {...summary} />
      <h2>{t('checkout.payment.title')}</h2>
      {offered.failed && <ErrorBox onRetry={offered.retry} />}
      {!offered.failed && offered.methods === null && <Loading />}
      {giftCardOffered && (
        <fieldset className={styles.card} data-testid="gift-card">
          <legend>{t('cart.giftCard.title')}</legend>
          <label className={styles.row}>
            <input type="checkbox" checked={useGiftCard} onChange={(event) => setUseGiftCard(event.target.checked)} data-testid="use-gift-card" />
            <span>{t('cart.giftCard.apply')}</span>
          </label>
          {useGiftCard && (
            <>
              <div className={styles.row}>
                <Field name="giftCardNumber" label={t('cart.giftCard.number')} error={errors.giftCardNumber}>
                  {(props) => (
                    <input
                      {...props}
                      inputMode="numeric"
                      autoComplete="off"
                      value={giftCard.number}
                      onChange={(event) => setGiftCard({ ...giftCard, number: event.target.value })}
                    />
                  )}
                </Field>
                <Field name="giftCardPin" label={t('cart.giftCard.pin')} error={errors.giftCardPin}>
                  {(props) => (
                    <input
                      {...props}
                      inputMode="numeric"
                      autoComplete="off"
                      type="password"
                      value={giftCard.pin}
                      onChange={(event) => setGiftCard({ ...giftCard, pin: event.target.value })}
                    />
                  )}
                </Field>
              </div>
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                data-testid="gift-card-apply"
                onClick={() =>
                  void send(false).then((answer) => {
                    if (!answer) return;
                    const after = gatesOf(answer, countries, site.countryId);
                    if (!after.paymentMethodNeeded) void navigate(nextStep('payment', after));
                  })
                }
              >
                {t('cart.giftCard.apply')}
              </button>
            </>
          )}
          {calculation && cartTotalsShown(calculation).giftCard && (
            <p data-testid="gift-card-paid">
              <span className={styles.pair}>
                <span>{t('cart.giftCard.paid')}</span>
                <Price amount={calculation.giftCardAmount} />
              </span>
              <span className={`${styles.pair} ${styles.separated}`}>
                <span>{t('cart.amountToPay')}</span>
                <Price amount={calculation.amountToPay} />
              </span>
            </p>
          )}
        </fieldset>
      )}
      {offered.methods !== null && (
        <fieldset className={styles.form} style={{ border: 0, padding: 0 }} data-testid="payment-methods" data-field="paymentMethodId">
          <legend>{t('checkout.payment.method')}</legend>
          {methods.length === 0 && <p data-testid="payment-none">{t('checkout.payment.noMethods')}</p>}
          {methods.map((candidate, index) => (
            <label key={candidate.paymentMethodId} className={styles.row}>
              <input
                // The first method is where the error summary's link goes.
                id={index === 0 ? fieldId('paymentMethodId') : undefined}
                type="radio"
                name="paymentMethodId"
                value={candidate.paymentMethodId}
                checked={method === candidate.paymentMethodId}
                onChange={() => {
                  setMethod(candidate.paymentMethodId);
                  if (!candidate.issuers.some((bank) => bank.issuerId === issuer)) setIssuer('');
                }}
                data-testid={`payment-${candidate.key}`}
              />
              <span>{candidate.name}</span>
              {hasCosts(candidate.costs) && (
                <span className={styles.muted} data-testid={`payment-costs-${candidate.key}`}>
                  <Price amount={candidate.costs} />
                </span>
              )}
            </label>
          ))}
          {errors.paymentMethodId && <span className={styles.fieldError}>{errors.paymentMethodId}</span>}
        </fieldset>
      )}
      {chosen?.requiresIssuer && (
        <Field name="issuer" label={t('checkout.payment.chooseBank')} error={errors.issuer}>
          {(props) => (
            <select {...props} value={issuer} onChange={(event) => setIssuer(event.target.value)} data-testid="issuer">
              <option value="">{t('common.select')}</option>
              {chosen.issuers.map((bank) => (
                <option key={bank.issuerId} value={bank.issuerId}>
                  {bank.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {gates.orderOnDutchSite && <DutchNotice />}
      {errors._ && !useGiftCard && (
        <p className={styles.fieldError} role="alert">
          {errors._}
        </p>
      )}
      <button type="submit" className={styles.button} disabled={busy || offered.methods === null} data-testid="payment-submit">
        {t('checkout.next.confirmation')}
      </button>
    </form>
  );
}
