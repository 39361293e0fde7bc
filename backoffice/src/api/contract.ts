/**
 * The back office's HTTP contract as TypeScript types: every type the app uses from the API
 * comes from this one file. Once host-server publishes these paths in its OpenAPI document,
 * openapi-typescript writes `generated/schema.ts` and this file re-exports its types instead.
 */

export type Permission =
  | 'orders.read'
  | 'orders.fulfil'
  | 'orders.refund'
  | 'returns.decide'
  | 'subscriptions.manage'
  | 'lab.results'
  | 'reviews.moderate'
  | 'customers.read'
  | 'customers.edit'
  | 'catalog.edit'
  | 'prices.edit'
  | 'promotions.edit'
  | 'content.edit'
  | 'reports.read'
  | 'staff.manage'
  | 'audit.read'
  | 'settings.edit';
export type StaffRole = 'owner' | 'customerService' | 'warehouse' | 'labTechnician' | 'contentEditor' | 'accountant';
export type StaffLanguage = 'nl' | 'en' | 'de';

export interface StaffMe {
  staffId: string;
  emailAddress: string;
  name: string;
  role: StaffRole;
  permissions: Permission[];
  /** Empty: every site. */
  sites: number[];
  language: StaffLanguage;
}
export interface SignInChallenge {
  challenge: string;
  expiresAt: number;
}
export interface StaffSessionView {
  sessionId: string;
  device: string;
  address: string;
  startedAt: number;
  lastSeenAt: number;
  current: boolean;
}
export interface SignInRecord {
  at: number;
  address: string;
  device: string;
  outcome: 'succeeded' | 'failed';
}
export interface Invitation {
  emailAddress: string;
  name: string;
  /** Base32. */
  totpSecret: string;
  otpauthUri: string;
}
export interface RecoveryCodes {
  recoveryCodes: string[];
}
export interface StaffMember {
  staffId: string;
  emailAddress: string;
  name: string;
  role: StaffRole;
  sites: number[];
  language: StaffLanguage;
  status: 'invited' | 'active' | 'disabled';
  lastSignInAt: number | null;
}
export interface RoleView {
  role: StaffRole;
  permissions: Permission[];
}
export interface IntegrationKeyView {
  keyId: string;
  name: string;
  permissions: Permission[];
  sites: number[];
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}
export interface NewIntegrationKey {
  key: IntegrationKeyView;
  /** Shown once. */
  secret: string;
}
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}
export interface AuditActor {
  kind: 'staff' | 'key' | 'system';
  id: string;
  name: string;
}
export interface AuditEntry {
  entryId: number;
  at: number;
  actor: AuditActor;
  address: string;
  action: string;
  entityType: string;
  entityId: string;
  changes: AuditChange[];
}
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

/** The API's error body. `code` and each field error's `key` are message keys. */
export interface ApiErrorBody {
  status: number;
  code: string;
  message: string;
  fieldErrors?: Record<string, { key: string }[]>;
}

// Request bodies and queries.

export interface SignInRequest {
  emailAddress: string;
  password: string;
}
export interface SecondFactorRequest {
  challenge: string;
  code: string;
}
export interface AcceptInvitationRequest {
  password: string;
  totpCode: string;
}
export interface InviteStaffRequest {
  emailAddress: string;
  name: string;
  role: StaffRole;
  sites: number[];
  language: StaffLanguage;
}
export interface UpdateStaffRequest {
  role: StaffRole;
  sites: number[];
  active: boolean;
}
export interface CreateKeyRequest {
  name: string;
  permissions: Permission[];
  sites: number[];
}
export type AuditSort = 'at' | '-at';
/** A type, not an interface: it is passed as a query of plain values. */
export type AuditQuery = {
  actor?: string;
  entityType?: string;
  entityId?: string;
  from?: number;
  to?: number;
  sort?: AuditSort;
  page?: number;
  pageSize?: number;
};

// The command palette's search.

export type SearchResultKind = 'order' | 'customer' | 'product' | 'sample';
export interface SearchResult {
  kind: SearchResultKind;
  id: string;
  title: string;
  subtitle: string;
  path: string;
}
export interface SearchAnswer {
  results: SearchResult[];
}

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
  'catalog.edit',
  'prices.edit',
  'promotions.edit',
  'content.edit',
  'reports.read',
  'staff.manage',
  'audit.read',
  'settings.edit',
];
export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'customerService', 'warehouse', 'labTechnician', 'contentEditor', 'accountant'];
export const STAFF_LANGUAGES: readonly StaffLanguage[] = ['nl', 'en', 'de'];
