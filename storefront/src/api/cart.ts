/**
 * Every cart call of specification section 7 in one module (never cached). Each change answers
 * the cart with the server's engine calculation; an answer that also carries the engine input
 * (`input`) lets the browser preview the next change with the WASM engine.
 */
import { ApiError, apiFetch } from './client';
import type { CalculatedCart, CartInput } from '../engine';
import { textOf } from '../lib/text';

export interface Address {
  zipcode?: string;
  street?: string;
  streetNumber?: string;
  streetNumberAddition?: string;
  city?: string;
  countryId?: number | null;
}

export interface Billing {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  emailAddress?: string;
  address?: Address;
}

export interface Shipping {
  firstName?: string;
  lastName?: string;
  address?: Address | null;
  shippingMethod?: 0 | 1;
}

export interface Company {
  companyName?: string;
  vatNumber?: string;
}

export interface CartView {
  shoppingcartId: string;
  siteId: number;
  languageId: number;
  billing: Billing | null;
  shipping: Shipping | null;
  company: Company | null;
  alternativeShippingAddress: boolean;
  newsletterSubscribe: boolean;
  payment: { paymentMethodId: number | null; issuer: string | null; giftCardNumber: string | null };
  products: { productId: number; productVariantId: number; count: number; rqsSamples: { sequence: number; sampleName: string }[] }[];
  discountCode: string | null;
  dealerId: number | null;
  dpdParcelShopId: string | null;
  dpdParcelShopZipcodeOrCity: string | null;
  shippingMethod: number;
  scanProductsOnly: boolean;
}

/** A change the server made to the cart by itself (e.g. a spent gift card taken off). */
export interface CartNotice {
  /** The message key of the catalogs, e.g. `errors.giftCardRejected`. */
  code: string;
  /** The server's English text, for a key the catalogs do not know. */
  message: string;
}

export interface CartAnswer {
  cart: CartView;
  calculation: CalculatedCart;
  /** The engine input the server calculated with, when the server sends it. */
  input?: CartInput;
  /** What the server changed by itself since the last answer; said once. */
  notices?: CartNotice[];
}

const base = (id: string) => `/api/cart/${encodeURIComponent(id)}`;
const q = (value: string | number) => encodeURIComponent(String(value));

export const cartApi = {
  create: () => apiFetch<CartAnswer>('/api/cart', { method: 'POST' }),
  get: (id: string) => apiFetch<CartAnswer>(base(id)),
  add: (id: string, productVariantId: number, quantity: number) =>
    apiFetch<CartAnswer>(`${base(id)}/products?productVariantId=${q(productVariantId)}&quantity=${q(quantity)}`, { method: 'POST' }),
  setQuantity: (id: string, productVariantId: number, quantity: number) =>
    apiFetch<CartAnswer>(`${base(id)}/products/${q(productVariantId)}?quantity=${q(quantity)}`, { method: 'PUT' }),
  remove: (id: string, productVariantId: number) => apiFetch<CartAnswer>(`${base(id)}/products/${q(productVariantId)}`, { method: 'DELETE' }),
  removeSample: (id: string, productVariantId: number, sequence: number) =>
    apiFetch<CartAnswer>(`${base(id)}/products/${q(productVariantId)}/${q(sequence)}`, { method: 'DELETE' }),
  addDiscountCode: (id: string, code: string) => apiFetch<CartAnswer>(`${base(id)}/discountcode?code=${q(code)}`, { method: 'POST' }),
  removeDiscountCode: (id: string) => apiFetch<CartAnswer>(`${base(id)}/discountcode`, { method: 'DELETE' }),
  setSampleName: (id: string, productVariantId: number, sequence: number, name: string) =>
    apiFetch<CartAnswer>(`${base(id)}/rqssamplename?productVariantId=${q(productVariantId)}&sequence=${q(sequence)}&samplename=${q(name)}`, { method: 'POST' }),
  setBilling: (id: string, billing: Billing) => apiFetch<CartAnswer>(`${base(id)}/billing`, { method: 'POST', body: billing }),
  setShipping: (id: string, shipping: Shipping) => apiFetch<CartAnswer>(`${base(id)}/shipping`, { method: 'PUT', body: shipping }),
  setAlternativeShipping: (id: string, on: boolean) =>
    apiFetch<CartAnswer>(`${base(id)}/alternativeshipping?alternativeShippingAddress=${on}`, { method: 'PUT' }),
  setCompany: (id: string, company: Company) => apiFetch<CartAnswer>(`${base(id)}/companyinfo`, { method: 'PUT', body: company }),
  setPayment: (id: string, payment: { paymentMethodId: number | null; issuer?: string | null; giftCardNumber?: string | null; giftCardPin?: string | null }) =>
    apiFetch<CartAnswer>(`${base(id)}/payment`, { method: 'POST', body: payment }),
  setNewsletter: (id: string, subscribe: boolean) => apiFetch<CartAnswer>(`${base(id)}/newsletter?subscribe=${subscribe}`, { method: 'POST' }),
  setPassword: (id: string, password: string, confirmUrl: string) =>
    apiFetch<CartAnswer>(`${base(id)}/setpassword?password=${q(password)}&confirmUrl=${q(confirmUrl)}`, { method: 'POST' }),
  setDealer: (id: string, dealerId: number) => apiFetch<CartAnswer>(`${base(id)}/setdealer?dealerId=${q(dealerId)}`, { method: 'POST' }),
  setPickupPoint: (id: string, parcelShopId: string, zipcodeOrCity: string) =>
    apiFetch<CartAnswer>(`${base(id)}/setdpdpickuppoint?parcelShopId=${q(parcelShopId)}&parcelShopZipcodeOrCity=${q(zipcodeOrCity)}`, {
      method: 'POST',
    }),
};

/** A field error of a 400 answer: the field, a message key and the server's (Dutch) text. */
export interface FieldError {
  field: string;
  key: string;
  message: string;
}

/**
 * The error of an API answer in the shape the screens show: the code, the server's message and
 * the field errors (the API sends them as `{field: [{key, message}]}`; an array of
 * `{key, message, field?}` is read too).
 */
export function readApiError(error: unknown): { status: number; code: string | null; message: string | null; fieldErrors: FieldError[] } {
  if (!(error instanceof ApiError)) return { status: 0, code: null, message: null, fieldErrors: [] };
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<string, unknown>;
  const fieldErrors: FieldError[] = [];
  const raw = body.fieldErrors;
  const push = (field: string, entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return;
    const { key, message } = entry as Record<string, unknown>;
    fieldErrors.push({ field, key: typeof key === 'string' ? key : '', message: typeof message === 'string' ? message : '' });
  };
  if (Array.isArray(raw)) {
    for (const entry of raw) push(textOf((entry as Record<string, unknown>)?.field ?? (entry as Record<string, unknown>)?.key), entry);
  } else if (typeof raw === 'object' && raw !== null) {
    for (const [field, entries] of Object.entries(raw)) for (const entry of Array.isArray(entries) ? entries : [entries]) push(field, entry);
  }
  return {
    status: error.status,
    code: typeof body.code === 'string' ? body.code : null,
    message: typeof body.message === 'string' ? body.message : null,
    fieldErrors,
  };
}
