/**
 * The account's calls (docs/http-api.md), all through the one API
 * client. Links in mails are paths of this shop (`callbackUrl`), never an origin.
 */
import { api, buildUrl, type PathsFor } from '../../api/client';
import type { Account } from '../../api/auth';
import type {
  SchemaAccountOrderDetail,
  SchemaAccountOrderSummary,
  SchemaAccountReview,
  SchemaAccountReviewRequest,
  SchemaAccountAddress,
  SchemaAccountUpdate,
  SchemaBillingAddressBody,
  SchemaCompanyBody,
  SchemaCountry,
  SchemaDeliveryAddress,
  SchemaDeliveryBody,
  SchemaInvoice,
  SchemaOrderBilling,
  SchemaPageAccountOrderSummary,
  SchemaPageInvoice,
  SchemaPaymentMethod,
  SchemaProductDetail,
  SchemaRegistration,
  SchemaReturn,
  SchemaReviewSubmission,
  SchemaSavedFeedAdvice,
  SchemaScanResultSummary,
  SchemaSubscription,
  SchemaSubscriptionAction,
} from '../../api/generated/schema';
import { paths } from '../../lib/paths';

export type { Account };

export type OrderSummary = SchemaAccountOrderSummary;
export type OrderPage = SchemaPageAccountOrderSummary;
export type Invoice = SchemaInvoice;
export type InvoicePage = SchemaPageInvoice;

/** The name and address block of an order (billing or delivery). */
export type Person = SchemaOrderBilling;

/** One of the customer's orders. */
export type OrderDetail = SchemaAccountOrderDetail;

export type ReturnRequest = SchemaReturn;
export type ResultSummary = SchemaScanResultSummary;
export type SavedAdvice = SchemaSavedFeedAdvice;

/** A saved advice's product as the page names it: its name and page on this site, when the calculator advises it here. */
export interface AdviceProductName {
  name: string;
  url: string | null;
}

/** Saved feed advice with the names of its products, by product id. */
export interface SavedAdviceList {
  advice: SavedAdvice[];
  productNames: Record<number, AdviceProductName>;
}

/** A subscription, with its product's name looked up by the loader (null when the site does not sell it). */
export type Subscription = SchemaSubscription & { productName?: string | null };

export type OwnReview = SchemaAccountReview;
export type ReviewRequest = SchemaAccountReviewRequest;
export type DeliveryAddress = SchemaDeliveryAddress;
export type AccountAddress = SchemaAccountAddress;
export type Country = SchemaCountry;
export type PaymentMethod = SchemaPaymentMethod;

/** What the subscriptions page shows of a variant: its name and label. */
export type VariantName = Pick<SchemaProductDetail, 'name' | 'variantLabel' | 'url'>;

/** The registration form, with a business customer's company name and VAT number. */
export type Registration = SchemaRegistration;

/** The path of each subscription action. */
const SUBSCRIPTION_ACTIONS = {
  activate: '/api/account/subscriptions/{subscriptionId}/activate',
  pause: '/api/account/subscriptions/{subscriptionId}/pause',
  resume: '/api/account/subscriptions/{subscriptionId}/resume',
  close: '/api/account/subscriptions/{subscriptionId}/close',
} as const satisfies Record<SchemaSubscriptionAction, PathsFor<'post'>>;

const INVOICE_PDF = '/api/account/invoices/{invoiceNumber}/pdf' satisfies PathsFor<'get'>;

export const accountApi = {
  register: (body: Registration, captcha: string) => api.post('/api/account', { query: { callbackUrl: paths.account.confirm }, headers: { captcha }, body }),
  confirm: (userId: string, token: string) => api.post('/api/account/{userId}/confirm', { path: { userId }, query: { token }, body: {} }),
  confirmEmail: (userId: string, token: string) => api.post('/api/account/{userId}/confirmemailaddress', { path: { userId }, query: { token }, body: {} }),
  resendConfirmation: (userId: string, captcha: string) =>
    api.post('/api/account/resendconfirmation', { query: { userId, callbackUrl: paths.account.confirm }, headers: { captcha }, body: {} }),
  /** The resend page's form: the account named by its e-mail address. */
  resendConfirmationTo: (emailAddress: string, captcha: string) =>
    api.post('/api/account/resendconfirmation', { query: { callbackUrl: paths.account.confirm }, headers: { captcha }, body: { emailAddress } }),
  forgotPassword: (emailAddress: string, callbackPath: string) =>
    api.post('/api/account/forgotpassword', { query: { callbackUrl: callbackPath }, body: { emailAddress } }),
  resetPassword: (userId: string, token: string, newPassword: string) =>
    api.post('/api/account/{userId}/resetpassword', { path: { userId }, query: { token }, body: { newPassword } }),
  changePassword: (currentPassword: string, newPassword: string) => api.post('/api/account/changepassword', { body: { currentPassword, newPassword } }),
  changeEmail: (newEmailAddress: string, password: string) =>
    api.post('/api/account/changeemailaddress', { query: { callbackUrl: `${paths.account.information}email/` }, body: { newEmailAddress, password } }),
  account: () => api.get('/api/account'),
  updateAccount: (body: SchemaAccountUpdate) => api.put('/api/account', { body }),
  company: () => api.get('/api/account/company'),
  updateCompany: (body: SchemaCompanyBody) => api.put('/api/account/company', { body }),
  updateBilling: (body: SchemaBillingAddressBody) => api.put('/api/account/billingaddress', { body }),
  delivery: () => api.get('/api/account/deliveryaddress'),
  updateDelivery: (body: SchemaDeliveryBody) => api.put('/api/account/deliveryaddress', { body }),
  countries: () => api.get('/api/countries/localizedname'),
  variant: (productVariantId: number): Promise<VariantName> => api.get('/api/products/variant/{productVariantId}', { path: { productVariantId } }),
  paymentMethods: () => api.get('/api/paymentmethods'),
  orders: (page: number, pageSize: number) => api.get('/api/account/orders', { query: { page, pageSize } }),
  order: (orderNumber: string): Promise<OrderDetail> => api.get('/api/account/orders/{orderNumber}', { path: { orderNumber } }),
  /** Starts (or finds) the payment of an unpaid order; answers the provider's page. */
  payOrder: (orderNumber: string) => api.post('/api/account/orders/{orderNumber}/pay', { path: { orderNumber }, body: {} }),
  invoices: (page: number, pageSize: number) => api.get('/api/account/invoices', { query: { page, pageSize } }),
  invoicePdfUrl: (invoiceNumber: string) => buildUrl(INVOICE_PDF, { invoiceNumber }, undefined),
  returns: () => api.get('/api/account/returns'),
  registerReturn: (form: FormData) => api.post('/api/account/returns', { body: form }),
  results: () => api.get('/api/account/results'),
  feedAdvice: () => api.get('/api/account/feedadvice'),
  /** Deletes a saved feed advice (an empty JSON body: the server's cross-site check of a signed-in change). */
  deleteFeedAdvice: (adviceId: string) => api.delete('/api/account/feedadvice/{adviceId}', { path: { adviceId }, body: {} }),
  subscriptions: (): Promise<Subscription[]> => api.get('/api/account/subscriptions'),
  subscriptionAction: (id: string, action: SchemaSubscriptionAction): Promise<Subscription> =>
    api.post(SUBSCRIPTION_ACTIONS[action], { path: { subscriptionId: id }, body: {} }),
  subscriptionInterval: (id: string, intervalWeeks: number): Promise<Subscription> =>
    api.put('/api/account/subscriptions/{subscriptionId}/interval', { path: { subscriptionId: id }, body: { intervalWeeks } }),
  reviews: () => api.get('/api/account/reviews'),
  writeReview: (productId: number, body: SchemaReviewSubmission) => api.post('/api/products/{productId}/reviews', { path: { productId }, body }),
};

/** A list answer as an array, whether the server sends an array or `{ items }`. */
export function itemsOf<T>(answer: T[] | { items: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.items;
}
