/**
 * The back office's HTTP contract as TypeScript types: every type the app uses from the API
 * comes from this one file, named as the app speaks of them. They are the types
 * openapi-typescript generates from host-server's OpenAPI document (`generated/schema.ts`, by
 * `scripts/generate-api-types.sh`), so the app and the server cannot disagree.
 */
import type { components, operations } from './generated/schema';

type Schemas = components['schemas'];

export type Permission = Schemas['Permission'];
export type StaffRole = Schemas['StaffRole'];
export type StaffLanguage = Schemas['StaffLanguage'];

export type StaffMe = Schemas['StaffMe'];
export type SignInChallenge = Schemas['SignInChallenge'];
export type StaffSessionView = Schemas['StaffSessionView'];
export type SignInRecord = Schemas['SignInRecord'];
export type Invitation = Schemas['Invitation'];
export type RecoveryCodes = Schemas['RecoveryCodes'];
export type StaffMember = Schemas['StaffMemberView'];
export type RoleView = Schemas['RoleView'];
export type IntegrationKeyView = Schemas['IntegrationKeyView'];
export type NewIntegrationKey = Schemas['NewIntegrationKey'];
export type AuditChange = Schemas['Change'];
export type AuditActor = Schemas['AuditActor'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditPage = Schemas['AuditPage'];
export type HomeOverview = Schemas['HomeOverview'];
export type PasskeyView = Schemas['PasskeyView'];

export type OrderStatus = Schemas['OrderStatus'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type OrderQueue = Schemas['OrderQueue'];
export type QueuedOrder = Schemas['QueuedOrder'];
export type StatusCount = Schemas['StatusCount'];
export type OrderForStaff = Schemas['OrderForStaff'];
export type NoteRequest = Schemas['NoteRequest'];
export type TransferReceived = Schemas['TransferReceived'];
export type RefundBody = Schemas['RefundBody'];
export type RefundAsked = Schemas['RefundAsked'];
export type RefundPreview = Schemas['RefundPreview'];
export type OrderRefund = Schemas['OrderRefund'];
export type RefundStatus = Schemas['RefundStatus'];
export type RefundPartStatus = Schemas['RefundPartStatus'];
export type OrderMailKind = Schemas['OrderMailKind'];
export type OrderMailSent = Schemas['OrderMailSent'];
export type SavedOrderView = Schemas['SavedOrderView'];
export type SavedOrderViews = Schemas['SavedOrderViews'];
export type NewOrderView = Schemas['NewOrderView'];
export type PendingReviews = Schemas['PendingReviews'];
export type InvoiceStatus = Schemas['InvoiceStatus'];
export type ModeratedReview = Schemas['ModeratedReview'];

export type CustomerList = Schemas['CustomerList'];
export type CustomerSummary = Schemas['CustomerSummary'];
export type CustomerProfile = Schemas['CustomerProfile'];
export type CustomerOrder = Schemas['CustomerOrder'];
export type ErasureReport = Schemas['ErasureReport'];
export type ReturnStatus = Schemas['ReturnStatus'];
export type SubscriptionStatus = Schemas['SubscriptionStatus'];
export type ScanType = Schemas['ScanType'];
export type ReviewStatus = Schemas['ReviewStatus'];

export type CatalogProductList = Schemas['CatalogProductList'];
export type CatalogProduct = Schemas['CatalogProduct'];
export type CatalogVariant = Schemas['CatalogVariant'];
export type CatalogProductRecord = Schemas['CatalogProductRecord'];
export type CatalogVariantRecord = Schemas['CatalogVariantRecord'];
export type CultureTexts = Schemas['CultureTexts'];
export type MissingText = Schemas['MissingText'];
export type ProductTextField = Schemas['ProductTextField'];
export type PricePoint = Schemas['PricePoint'];
export type VariantPriceAndStock = Schemas['VariantPriceAndStock'];
/** One of the shop's fifteen interface cultures (`nl`, `de-AT`, …). */
export type Culture = CultureTexts['culture'];

/** The API's error body. `code` and each field error's `key` are message keys. */
export type ApiErrorBody = Schemas['Error'];

// Request bodies and queries.

export type SignInRequest = Schemas['PasswordStep'];
export type SecondFactorRequest = Schemas['SecondFactor'];
export type AcceptInvitationRequest = Schemas['Acceptance'];
export type InviteStaffRequest = Schemas['Invitee'];
export type UpdateStaffRequest = Schemas['MemberChange'];
export type CreateKeyRequest = Schemas['KeyRequest'];
export type ProductTextsChange = Schemas['ProductTextsChange'];
export type VariantChange = Schemas['VariantChange'];
export type PriceSchedule = Schemas['PriceSchedule'];
export type ScheduledPrice = Schemas['ScheduledPrice'];
/** A type, not an interface: it is passed as a query of plain values. */
export type AuditQuery = NonNullable<operations['listAuditEntries']['parameters']['query']>;
export type AuditSort = NonNullable<AuditQuery['sort']>;
export type OrderQueueQuery = NonNullable<operations['listOrders']['parameters']['query']>;

// The command palette's search.

export type SearchResultKind = Schemas['ResultKind'];
export type SearchResult = Schemas['SearchResult'];
export type SearchAnswer = Schemas['SearchResults'];

/** Every permission, in the contract's order (forms list them). */
export const PERMISSIONS: readonly Permission[] = [
  'orders.read',
  'orders.fulfil',
  'orders.refund',
  'returns.decide',
  'subscriptions.manage',
  'lab.results',
  'reviews.moderate',
  'customers.read',
  'customers.edit',
  'customers.erase',
  'catalog.edit',
  'stock.edit',
  'prices.edit',
  'promotions.edit',
  'content.edit',
  'reports.read',
  'staff.manage',
  'audit.read',
  'settings.edit',
];
/** Every order status, in the order of an order's life. */
export const ORDER_STATUSES: readonly OrderStatus[] = ['created', 'open', 'paid', 'processing', 'sent', 'closed', 'cancelled'];
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['open', 'paid', 'failed', 'cancelled', 'expired'];
export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'customerService', 'warehouse', 'labTechnician', 'contentEditor', 'accountant'];
export const STAFF_LANGUAGES: readonly StaffLanguage[] = ['nl', 'en', 'de'];
/** The shop's interface cultures, in the contract's order: a product has its texts in each. */
export const CULTURES: readonly Culture[] = ['cs', 'da', 'de', 'de-AT', 'en', 'es', 'et', 'fr-BE', 'fr-FR', 'it', 'nl', 'nl-BE', 'pl', 'pt', 'sv'];
