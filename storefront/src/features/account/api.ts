/**
 * The account's calls (specification section 7, README "The API"), all through the one API
 * client. Links in mails are paths of this shop (`callbackUrl`), never an origin.
 */
import { apiFetch } from '../../api/client';
import type { Account } from '../../api/auth';
import { paths } from '../../lib/paths';

export type { Account };

const q = (value: string | number) => encodeURIComponent(String(value));

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
}

export interface OrderSummary {
  orderNumber: string;
  orderDate: string;
  status: string;
  totalAmount: string;
  amountToPay: string;
  paymentMethodId: number | null;
  trackAndTrace: string | null;
}

export interface Address {
  street?: string;
  streetNumber?: string;
  streetNumberAddition?: string | null;
  zipcode?: string;
  city?: string;
  countryId?: number | null;
}

export interface Person {
  firstName?: string;
  lastName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  address?: Address;
}

export interface OrderLine {
  lineNumber: number;
  productId: number;
  productVariantId: number;
  description: string;
  quantity: number;
  unitPrice: string;
  totalAmount: string;
  discountAmount: string;
  vatRatePercentage: string;
  isFree: boolean;
  rqsSamples: { sequence: number; sampleName: string }[];
}

export interface OrderDetail {
  orderNumber: string;
  orderDate: string;
  status: string;
  emailAddress: string;
  billing: Person | null;
  shipping: Person | null;
  alternativeShippingAddress: boolean;
  paymentMethodId: number | null;
  issuer: string | null;
  discountCode: string | null;
  lines: OrderLine[];
  subTotalAmount: string;
  shippingCosts: string;
  paymentCosts: string;
  totalAmount: string;
  vatAmountLow: string;
  vatAmountHigh: string;
  totalAmountExclVat: string;
  giftCardAmount: string;
  amountToPay: string;
  trackAndTrace: string | null;
  statusHistory: { status: string; changedAt: string }[];
}

export interface Invoice {
  invoiceNumber: string;
  orderNumber: string;
  invoiceDate: string;
  status: string;
  totalAmount: string;
  pdfFileName: string;
}

export interface ReturnRequest {
  returnId: string;
  orderNumber: string;
  productVariantId: number;
  description: string | null;
  quantity: number;
  reason: string;
  comment: string | null;
  status: string;
  createdAt: string;
}

export interface ResultSummary {
  resultKey: string;
  orderNumber: string;
  scanType: string;
  sampleType: string;
  sampleName: string;
  receiptDate: string;
  resultDate: string;
  read: boolean;
  level: string;
}

export interface Subscription {
  subscriptionId: string;
  /** The product's name, looked up by the loader (null when the site does not sell it). */
  productName?: string | null;
  productVariantId: number;
  quantity: number;
  intervalWeeks: number;
  status: string;
  nextDeliveryDate: string | null;
  allowedActions: ('activate' | 'pause' | 'resume' | 'close')[];
  intervalCanChange: boolean;
}

export interface OwnReview {
  reviewId: number;
  productId: number;
  rating: number;
  title: string;
  text: string;
  status: string;
  createdAt: string;
}

export interface ReviewRequest {
  reviewRequestId: number;
  orderNumber: string;
  productId: number;
  sentAt: string;
  status: string;
}

export interface SavedAdvice {
  adviceId: string;
  name: string;
  horseType: string;
  weightKg: number;
  workLoad: string;
  roughageType: string;
  createdAt: string;
}

export interface DeliveryAddress {
  alternativeShippingAddress: boolean;
  shipping: Person | null;
}

export interface Country {
  countryId: number;
  name: string;
  regionCode: string;
}

export interface PaymentMethod {
  paymentMethodId: number;
  name: string;
}

export const accountApi = {
  register: (body: {
    emailAddress: string;
    password: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    newsletter: boolean;
    companyName?: string;
    vatNumber?: string;
  }) => apiFetch<Account>(`/api/account?callbackUrl=${q(paths.account.confirm)}`, { method: 'POST', body }),
  confirm: (userId: string, token: string) => apiFetch<void>(`/api/account/${q(userId)}/confirm?token=${q(token)}`, { method: 'POST', body: {} }),
  confirmEmail: (userId: string, token: string) =>
    apiFetch<void>(`/api/account/${q(userId)}/confirmemailaddress?token=${q(token)}`, { method: 'POST', body: {} }),
  resendConfirmation: (userId: string, captcha: string) =>
    apiFetch<void>(`/api/account/resendconfirmation?userId=${q(userId)}&callbackUrl=${q(paths.account.confirm)}`, {
      method: 'POST',
      headers: { captcha },
      body: {},
    }),
  forgotPassword: (emailAddress: string, callbackPath: string) =>
    apiFetch<void>(`/api/account/forgotpassword?callbackUrl=${q(callbackPath)}`, { method: 'POST', body: { emailAddress } }),
  resetPassword: (userId: string, token: string, newPassword: string) =>
    apiFetch<void>(`/api/account/${q(userId)}/resetpassword?token=${q(token)}`, { method: 'POST', body: { newPassword } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiFetch<void>('/api/account/changepassword', { method: 'POST', body: { currentPassword, newPassword } }),
  changeEmail: (newEmailAddress: string, password: string) =>
    apiFetch<void>(`/api/account/changeemailaddress?callbackUrl=${q(`${paths.account.information}email/`)}`, {
      method: 'POST',
      body: { newEmailAddress, password },
    }),
  account: () => apiFetch<Account>('/api/account'),
  updateAccount: (body: { firstName: string; lastName: string; phoneNumber: string; languageId: number | null; newsletter: boolean }) =>
    apiFetch<Account>('/api/account', { method: 'PUT', body }),
  company: () => apiFetch<{ company: { companyName: string; vatNumber: string } | null }>('/api/account/company'),
  updateCompany: (body: { companyName: string; vatNumber: string }) => apiFetch<unknown>('/api/account/company', { method: 'PUT', body }),
  delivery: () => apiFetch<DeliveryAddress>('/api/account/deliveryaddress'),
  updateDelivery: (body: { alternativeShippingAddress: boolean; firstName?: string; lastName?: string; address?: Address }) =>
    apiFetch<unknown>('/api/account/deliveryaddress', { method: 'PUT', body }),
  countries: () => apiFetch<Country[]>('/api/countries/localizedname'),
  variant: (productVariantId: number) => apiFetch<{ name: string; variantLabel: string | null; url?: string }>(`/api/products/variant/${q(productVariantId)}`),
  paymentMethods: () => apiFetch<PaymentMethod[]>('/api/paymentmethods'),
  orders: (page: number, pageSize = 10) => apiFetch<Paged<OrderSummary>>(`/api/account/orders?page=${page}&pageSize=${pageSize}`),
  order: (orderNumber: string) => apiFetch<OrderDetail>(`/api/account/orders/${q(orderNumber)}`),
  invoices: (page: number, pageSize = 10) => apiFetch<Paged<Invoice>>(`/api/account/invoices?page=${page}&pageSize=${pageSize}`),
  invoicePdfUrl: (invoiceNumber: string) => `/api/account/invoices/${q(invoiceNumber)}/pdf`,
  returns: () => apiFetch<ReturnRequest[] | Paged<ReturnRequest>>('/api/account/returns'),
  registerReturn: (form: FormData) => apiFetch<ReturnRequest>('/api/account/returns', { method: 'POST', body: form }),
  results: () => apiFetch<ResultSummary[] | { items: ResultSummary[] }>('/api/account/results'),
  feedAdvice: () => apiFetch<SavedAdvice[] | { items: SavedAdvice[] }>('/api/account/feedadvice'),
  subscriptions: () => apiFetch<Subscription[] | { items: Subscription[] }>('/api/account/subscriptions'),
  subscriptionAction: (id: string, action: Subscription['allowedActions'][number]) =>
    apiFetch<Subscription>(`/api/account/subscriptions/${q(id)}/${action}`, { method: 'POST', body: {} }),
  subscriptionInterval: (id: string, intervalWeeks: number) =>
    apiFetch<Subscription>(`/api/account/subscriptions/${q(id)}/interval`, { method: 'PUT', body: { intervalWeeks } }),
  reviews: () => apiFetch<{ reviews: OwnReview[]; reviewRequests: ReviewRequest[] }>('/api/account/reviews'),
  writeReview: (productId: number, body: { title: string; rating: number; text: string; name: string }) =>
    apiFetch<unknown>(`/api/products/${q(productId)}/reviews`, { method: 'POST', body }),
};

/** A list answer as an array, whether the server sends an array or `{ items }`. */
export function itemsOf<T>(answer: T[] | { items: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.items;
}
