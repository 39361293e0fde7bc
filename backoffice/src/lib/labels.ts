/** The catalog keys of the contract's values (roles, permissions, languages), typed. */
import type {
  InvoiceStatus,
  OrderMailKind,
  OrderStatus,
  PaymentStatus,
  Permission,
  ProductTextField,
  RefundPartStatus,
  RefundStatus,
  ReturnStatus,
  ReviewStatus,
  ScanType,
  StaffLanguage,
  StaffRole,
  SubscriptionStatus,
} from '../api/contract';
import type { TranslationKey } from '../i18n';

export const ROLE_LABELS: Record<StaffRole, TranslationKey> = {
  owner: 'roles.owner',
  customerService: 'roles.customerService',
  warehouse: 'roles.warehouse',
  labTechnician: 'roles.labTechnician',
  contentEditor: 'roles.contentEditor',
  accountant: 'roles.accountant',
};

// A permission's dots would split an i18next key: `orders.read` is `permissions.ordersRead`.
export const PERMISSION_LABELS: Record<Permission, TranslationKey> = {
  'orders.read': 'permissions.ordersRead',
  'orders.fulfil': 'permissions.ordersFulfil',
  'orders.refund': 'permissions.ordersRefund',
  'returns.decide': 'permissions.returnsDecide',
  'subscriptions.manage': 'permissions.subscriptionsManage',
  'lab.results': 'permissions.labResults',
  'reviews.moderate': 'permissions.reviewsModerate',
  'customers.read': 'permissions.customersRead',
  'customers.edit': 'permissions.customersEdit',
  'customers.erase': 'permissions.customersErase',
  'catalog.edit': 'permissions.catalogEdit',
  'stock.edit': 'permissions.stockEdit',
  'prices.edit': 'permissions.pricesEdit',
  'promotions.edit': 'permissions.promotionsEdit',
  'content.edit': 'permissions.contentEdit',
  'reports.read': 'permissions.reportsRead',
  'staff.manage': 'permissions.staffManage',
  'audit.read': 'permissions.auditRead',
  'settings.edit': 'permissions.settingsEdit',
};

export const LANGUAGE_LABELS: Record<StaffLanguage, TranslationKey> = {
  nl: 'languages.nl',
  en: 'languages.en',
  de: 'languages.de',
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, TranslationKey> = {
  created: 'orderStatuses.created',
  open: 'orderStatuses.open',
  paid: 'orderStatuses.paid',
  processing: 'orderStatuses.processing',
  sent: 'orderStatuses.sent',
  closed: 'orderStatuses.closed',
  cancelled: 'orderStatuses.cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, TranslationKey> = {
  open: 'paymentStatuses.open',
  paid: 'paymentStatuses.paid',
  failed: 'paymentStatuses.failed',
  cancelled: 'paymentStatuses.cancelled',
  expired: 'paymentStatuses.expired',
};

export const REFUND_STATUS_LABELS: Record<RefundStatus, TranslationKey> = {
  pending: 'refundStatuses.pending',
  refunded: 'refundStatuses.refunded',
  failed: 'refundStatuses.failed',
};

export const REFUND_PART_STATUS_LABELS: Record<RefundPartStatus, TranslationKey> = {
  pending: 'refundPartStatuses.pending',
  accepted: 'refundPartStatuses.accepted',
  refunded: 'refundPartStatuses.refunded',
  failed: 'refundPartStatuses.failed',
  manual: 'refundPartStatuses.manual',
};

export const ORDER_MAIL_KIND_LABELS: Record<OrderMailKind, TranslationKey> = {
  orderConfirmation: 'orderMailKinds.orderConfirmation',
  cancelledPaymentFailed: 'orderMailKinds.cancelledPaymentFailed',
  cancelledByShop: 'orderMailKinds.cancelledByShop',
  orderShipped: 'orderMailKinds.orderShipped',
  invoiceAvailable: 'orderMailKinds.invoiceAvailable',
  refund: 'orderMailKinds.refund',
  reviewRequest: 'orderMailKinds.reviewRequest',
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, TranslationKey> = {
  open: 'invoiceStatuses.open',
  paid: 'invoiceStatuses.paid',
  cancelled: 'invoiceStatuses.cancelled',
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, TranslationKey> = {
  new: 'returnStatuses.new',
  processing: 'returnStatuses.processing',
  closed: 'returnStatuses.closed',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, TranslationKey> = {
  saved: 'subscriptionStatuses.saved',
  activated: 'subscriptionStatuses.activated',
  paused: 'subscriptionStatuses.paused',
  closed: 'subscriptionStatuses.closed',
};

export const SCAN_TYPE_LABELS: Record<ScanType, TranslationKey> = {
  quickScan: 'scanTypes.quickScan',
  hygieneScan: 'scanTypes.hygieneScan',
};

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, TranslationKey> = {
  pending: 'reviewStatuses.pending',
  approved: 'reviewStatuses.approved',
  rejected: 'reviewStatuses.rejected',
};

export const PRODUCT_TEXT_FIELD_LABELS: Record<ProductTextField, TranslationKey> = {
  name: 'productTexts.name',
  shortDescription: 'productTexts.shortDescription',
  longDescription: 'productTexts.longDescription',
  composition: 'productTexts.composition',
};
