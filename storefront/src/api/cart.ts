/**
 * Every cart call in one module (never cached). Each change answers
 * the cart with the server's engine calculation; an answer that also carries the engine input
 * (`input`) lets the browser preview the next change with the WASM engine.
 */
import { ApiError, api } from './client';
import type {
  SchemaCartAddress,
  SchemaCartBilling,
  SchemaCartCompany,
  SchemaCartNotice,
  SchemaCartShipping,
  SchemaCartView,
  SchemaCartWithCalculation,
  SchemaFieldError,
  SchemaPaymentBody,
} from './generated/schema';
import { textOf } from '../lib/text';

export type Address = SchemaCartAddress;
export type Billing = SchemaCartBilling;
export type Shipping = SchemaCartShipping;
export type Company = SchemaCartCompany;
export type CartView = SchemaCartView;
/** The payment choice as sent: with the gift card's pin, which the cart never answers back. */
export type PaymentChoice = SchemaPaymentBody;

/** A change the server made to the cart by itself (e.g. a spent gift card taken off). */
export type CartNotice = SchemaCartNotice;

/**
 * The cart with its calculation, as every cart call answers it. The storefront also works
 * without the engine input (`input`: no instant preview then) and without `notices`.
 */
export type CartAnswer = Omit<SchemaCartWithCalculation, 'input' | 'notices'> & Partial<Pick<SchemaCartWithCalculation, 'input' | 'notices'>>;

export const cartApi = {
  create: () => api.post('/api/cart'),
  get: (id: string) => api.get('/api/cart/{id}', { path: { id } }),
  /** Products that go with the cart, best first (at most four; never cached, as every cart call). */
  recommendations: (id: string) => api.get('/api/cart/{id}/recommendations', { path: { id } }),
  add: (id: string, productVariantId: number, quantity: number) => api.post('/api/cart/{id}/products', { path: { id }, query: { productVariantId, quantity } }),
  setQuantity: (id: string, productVariantId: number, quantity: number) =>
    api.put('/api/cart/{id}/products/{productVariantId}', { path: { id, productVariantId }, query: { quantity } }),
  remove: (id: string, productVariantId: number) => api.delete('/api/cart/{id}/products/{productVariantId}', { path: { id, productVariantId } }),
  removeSample: (id: string, productVariantId: number, sequence: number) =>
    api.delete('/api/cart/{id}/products/{productVariantId}/{sequence}', { path: { id, productVariantId, sequence } }),
  addDiscountCode: (id: string, code: string) => api.post('/api/cart/{id}/discountcode', { path: { id }, query: { code } }),
  removeDiscountCode: (id: string) => api.delete('/api/cart/{id}/discountcode', { path: { id } }),
  setSampleName: (id: string, productVariantId: number, sequence: number, name: string) =>
    api.post('/api/cart/{id}/rqssamplename', { path: { id }, query: { productVariantId, sequence, samplename: name } }),
  setBilling: (id: string, billing: Billing) => api.post('/api/cart/{id}/billing', { path: { id }, body: billing }),
  setShipping: (id: string, shipping: Shipping) => api.put('/api/cart/{id}/shipping', { path: { id }, body: shipping }),
  setAlternativeShipping: (id: string, on: boolean) =>
    api.put('/api/cart/{id}/alternativeshipping', { path: { id }, query: { alternativeShippingAddress: on } }),
  setCompany: (id: string, company: Company) => api.put('/api/cart/{id}/companyinfo', { path: { id }, body: company }),
  setPayment: (id: string, payment: PaymentChoice) => api.post('/api/cart/{id}/payment', { path: { id }, body: payment }),
  setNewsletter: (id: string, subscribe: boolean) => api.post('/api/cart/{id}/newsletter', { path: { id }, query: { subscribe } }),
  setPassword: (id: string, password: string, confirmUrl: string) => api.post('/api/cart/{id}/setpassword', { path: { id }, query: { password, confirmUrl } }),
  setDealer: (id: string, dealerId: number) => api.post('/api/cart/{id}/setdealer', { path: { id }, query: { dealerId } }),
  setPickupPoint: (id: string, parcelShopId: string, zipcodeOrCity: string) =>
    api.post('/api/cart/{id}/setdpdpickuppoint', { path: { id }, query: { parcelShopId, parcelShopZipcodeOrCity: zipcodeOrCity } }),
};

/** A field error of a 400 answer: the field, a message key and the server's (Dutch) text. */
export type FieldError = SchemaFieldError & { field: string };

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
