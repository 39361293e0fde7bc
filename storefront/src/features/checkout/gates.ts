/**
 * The checkout step gates come from the engine (`checkout.gates`): the cart's facts in, which
 * steps may open (and why not) out. Nothing is decided here.
 */
import { paths, type CheckoutStep } from '../../lib/paths';
import { checkoutGates, checkoutStateOfCart, type CheckoutGates, type CheckoutState } from '../../engine';
import type { CartAnswer } from '../../api/cart';
import type { Country } from './reference';

export type GatedStep = 'billing' | 'delivery' | 'payment' | 'complete';
export const GATED_STEPS: readonly GatedStep[] = ['billing', 'delivery', 'payment', 'complete'];

/** The engine's checkout state of a cart: the facts the cart answer holds, turned into a state by the engine's `checkout.stateOfCart`, as the server does when the order is placed. */
export function checkoutState(answer: CartAnswer | null, countries: Country[], siteCountryId: number): CheckoutState {
  const code = (id: number | null | undefined) => countries.find((country) => country.countryId === id)?.regionCode ?? null;
  const cart = answer?.cart;
  const calculation = answer?.calculation;
  return checkoutStateOfCart({
    productCount: cart?.products.length ?? 0,
    scanProductsOnly: calculation?.scanProductsOnly ?? false,
    sampleLines: calculation?.products ?? [],
    billingCountry: code(cart?.billing?.address?.countryId),
    shippingMethod: cart?.shippingMethod ?? 0,
    parcelShopId: cart?.dpdParcelShopId ?? null,
    parcelShopZipcodeOrCity: cart?.dpdParcelShopZipcodeOrCity ?? null,
    alternativeShippingAddress: cart?.alternativeShippingAddress ?? false,
    shippingAddressCountry: code(cart?.shipping?.address?.countryId),
    totalAmount: calculation?.totalAmount ?? '0.00',
    amountToPay: calculation?.amountToPay ?? null,
    paymentMethodId: cart?.payment.paymentMethodId ?? null,
    giftCardNumber: cart?.payment.giftCardNumber ?? null,
    siteCountry: code(siteCountryId) ?? 'NL',
  });
}

export function gatesOf(answer: CartAnswer | null, countries: Country[], siteCountryId: number): CheckoutGates {
  return checkoutGates(checkoutState(answer, countries, siteCountryId));
}

/**
 * Where a visitor asking for `step` goes: null to stay; else the path of the first open step
 * (or the cart, when no step is open), with the reasons the asked step is closed. A skipped
 * step passes on to the next open one.
 */
export function redirectFor(step: GatedStep, gates: CheckoutGates): { to: string; reasons: { key: string; params?: object }[] } | null {
  const gate = gates.steps[step];
  if (gate.status === 'open') return null;
  if (gate.status === 'skipped') {
    const later = GATED_STEPS.slice(GATED_STEPS.indexOf(step) + 1).find((next) => gates.steps[next].status === 'open');
    return { to: later ? paths.checkout[later] : paths.cart, reasons: [] };
  }
  const first = gates.firstStep;
  return { to: first ? paths.checkout[first] : paths.cart, reasons: gate.reasons };
}

/** The step after `step` that is open, for the "continue" buttons. */
export function nextStep(step: CheckoutStep, gates: CheckoutGates): string {
  const index = GATED_STEPS.indexOf(step as GatedStep);
  const later = GATED_STEPS.slice(index + 1).find((next) => gates.steps[next].status === 'open');
  return later ? paths.checkout[later] : paths.checkout.complete;
}
