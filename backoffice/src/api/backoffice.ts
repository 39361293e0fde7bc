/**
 * Every call of the back office, one function per endpoint of the staff API
 * (`/api/backoffice/...`), typed by the contract.
 */
import { api, withQuery } from './client';
import type {
  AcceptInvitationRequest,
  AuditPage,
  AuditQuery,
  CatalogProductList,
  CatalogProductRecord,
  Culture,
  CreateKeyRequest,
  CustomerList,
  CustomerProfile,
  ErasureReport,
  HomeOverview,
  IntegrationKeyView,
  Invitation,
  InviteStaffRequest,
  NewIntegrationKey,
  NewOrderView,
  ModeratedReview,
  NoteRequest,
  OrderForStaff,
  OrderQueue,
  OrderQueueQuery,
  OrderStatus,
  SavedOrderViews,
  PasskeyView,
  PendingReviews,
  ProductTextsChange,
  RecoveryCodes,
  RefundBody,
  RefundPreview,
  RoleView,
  SavedOrderView,
  SearchAnswer,
  SecondFactorRequest,
  SignInChallenge,
  SignInRecord,
  SignInRequest,
  StaffMe,
  StaffMember,
  StaffLanguage,
  StaffSessionView,
  TransferReceived,
  UpdateStaffRequest,
  PriceSchedule,
  ScheduledPrice,
  VariantChange,
  VariantPriceAndStock,
} from './contract';

export const API_BASE = '/api/backoffice';
const path = (...parts: string[]) => [API_BASE, ...parts.map(encodeURIComponent)].join('/');

// Signing in and out.
export const signIn = (body: SignInRequest) => api.post<SignInChallenge>(`${API_BASE}/signin`, body);
export const signInWithTotp = (body: SecondFactorRequest) => api.post<StaffMe>(`${API_BASE}/signin/totp`, body);
export const signInWithRecoveryCode = (body: SecondFactorRequest) => api.post<StaffMe>(`${API_BASE}/signin/recovery`, body);
export const startPasskeySignIn = (challenge: string) => api.post<unknown>(`${API_BASE}/signin/passkey/options`, { challenge });
export const signInWithPasskey = (challenge: string, credential: unknown) => api.post<StaffMe>(`${API_BASE}/signin/passkey`, { challenge, credential });
export const signOut = () => api.post<undefined>(`${API_BASE}/signout`);

// The signed-in staff member.
/** The signed-in staff member; a 401 when nobody is (quiet: the caller decides what follows). */
export const getMe = () => api.get<StaffMe>(`${API_BASE}/me`, undefined, { quiet: true });
/** Keeps the member's own language on their account (the default on every browser). */
export const setMyLanguage = (language: StaffLanguage) => api.put<StaffMe>(`${API_BASE}/me`, { language });
export const listMySessions = (signal?: AbortSignal) => api.get<StaffSessionView[]>(`${API_BASE}/me/sessions`, undefined, { signal });
export const endMySession = (sessionId: string) => api.delete(path('me', 'sessions', sessionId));
export const listMySignIns = (signal?: AbortSignal) => api.get<SignInRecord[]>(`${API_BASE}/me/signins`, undefined, { signal });

// Passkeys.
export const listMyPasskeys = (signal?: AbortSignal) => api.get<PasskeyView[]>(`${API_BASE}/me/passkeys`, undefined, { signal });
export const startPasskeyRegistration = () => api.post<unknown>(`${API_BASE}/me/passkeys/options`);
export const registerPasskey = (name: string, credential: unknown) => api.post<PasskeyView>(`${API_BASE}/me/passkeys`, { name, credential });
export const removeMyPasskey = (passkeyId: string) => api.delete(path('me', 'passkeys', passkeyId));

// Invitations.
export const getInvitation = (token: string, signal?: AbortSignal) => api.get<Invitation>(path('invitations', token), undefined, { signal });
export const acceptInvitation = (token: string, body: AcceptInvitationRequest) => api.post<RecoveryCodes>(path('invitations', token), body);

// Staff and roles.
export const listStaff = (signal?: AbortSignal) => api.get<StaffMember[]>(`${API_BASE}/staff`, undefined, { signal });
export const inviteStaff = (body: InviteStaffRequest) => api.post<StaffMember>(`${API_BASE}/staff`, body);
export const updateStaff = (staffId: string, body: UpdateStaffRequest) => api.put<StaffMember>(path('staff', staffId), body);
export const listRoles = (signal?: AbortSignal) => api.get<RoleView[]>(`${API_BASE}/roles`, undefined, { signal });

// Integration keys.
export const listKeys = (signal?: AbortSignal) => api.get<IntegrationKeyView[]>(`${API_BASE}/keys`, undefined, { signal });
export const createKey = (body: CreateKeyRequest) => api.post<NewIntegrationKey>(`${API_BASE}/keys`, body);
export const revokeKey = (keyId: string) => api.delete(path('keys', keyId));

// The audit trail.
export const listAudit = (query: AuditQuery, signal?: AbortSignal) => api.get<AuditPage>(`${API_BASE}/audit`, query, { signal });
/** The CSV download of the same entries (a link: the browser downloads it with the session cookie). */
export const auditCsvUrl = (query: AuditQuery) => withQuery(`${API_BASE}/audit.csv`, query);

// The home page's figures.
export const getHome = (signal?: AbortSignal) => api.get<HomeOverview>(`${API_BASE}/home`, undefined, { signal });

// The command palette.
export const search = (q: string, signal?: AbortSignal) => api.get<SearchAnswer>(`${API_BASE}/search`, { q }, { signal });

// The order desk.
/** A yes/no of a query, as the address writes it. */
const flag = (value: boolean | null | undefined) => (value === undefined || value === null ? undefined : String(value));
export const listOrders = (query: OrderQueueQuery, signal?: AbortSignal) =>
  api.get<OrderQueue>(`${API_BASE}/orders`, { ...query, scanOrder: flag(query.scanOrder), hasReturn: flag(query.hasReturn) }, { signal });
export const getOrderForStaff = (orderNumber: string, signal?: AbortSignal) => api.get<OrderForStaff>(path('orders', orderNumber), undefined, { signal });
/** Moves an order on; the answer is the order as the customer sees it (the page reloads its own view). */
export const changeOrderStatus = (orderNumber: string, status: OrderStatus, trackAndTrace?: string) =>
  api.put<unknown>(withQuery(path('orders', orderNumber, 'status'), { status, trackAndTrace }));
export const addOrderNote = (orderNumber: string, body: NoteRequest) => api.post<OrderForStaff>(path('orders', orderNumber, 'notes'), body);
export const registerBankTransfer = (orderNumber: string, body: TransferReceived) =>
  api.post<OrderForStaff>(path('orders', orderNumber, 'bank-transfer'), body);
/** The engine's refund before it is made: what the confirmation shows. */
export const previewRefund = (orderNumber: string, body: RefundBody) => api.post<RefundPreview>(path('orders', orderNumber, 'refunds', 'preview'), body);
export const refundOrder = (orderNumber: string, body: RefundBody) => api.post<OrderForStaff>(path('orders', orderNumber, 'refunds'), body);
export const resendOrderMail = (orderNumber: string, mailId: number) =>
  api.post<OrderForStaff>(path('orders', orderNumber, 'mails', String(mailId), 'resend'), {});
// The reviews inbox.
export const listPendingReviews = (page: number, signal?: AbortSignal) =>
  api.get<PendingReviews>(`${API_BASE}/reviews`, { p: page, ps: REVIEWS_PER_PAGE }, { signal });
export const approveReview = (reviewId: number) => api.post<ModeratedReview>(path('reviews', String(reviewId), 'approve'), {});
export const rejectReview = (reviewId: number) => api.post<ModeratedReview>(path('reviews', String(reviewId), 'reject'), {});
// The customers desk.
export const searchCustomers = (query: string, page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<CustomerList>(`${API_BASE}/customers`, { q: query, p: page, ps: pageSize }, { signal });
export const customerProfile = (accountId: string, signal?: AbortSignal) => api.get<CustomerProfile>(path('customers', accountId), undefined, { signal });
/** Erases a customer's personal data on their request; cannot be undone. */
export const eraseCustomer = (accountId: string) => api.post<ErasureReport>(path('customers', accountId, 'erasure'));
/** How many reviews the inbox shows at a time. */
export const REVIEWS_PER_PAGE = 20;

// The order desk's saved views.
export const listOrderViews = (signal?: AbortSignal) => api.get<SavedOrderViews>(`${API_BASE}/order-views`, undefined, { signal });
export const saveOrderView = (body: NewOrderView) => api.post<SavedOrderView>(`${API_BASE}/order-views`, body);
export const deleteOrderView = (viewId: number) => api.delete<unknown>(path('order-views', String(viewId)));
/** An invoice's PDF (a link: the browser downloads it with the session cookie). */
export const invoicePdfUrl = (invoiceNumber: string) => path('invoices', invoiceNumber, 'pdf');
/**
 * The accountant's CSV of the orders a filter finds, a row per order and VAT rate (a link: the
 * browser downloads it with the session cookie); `query` is the work queue's.
 */
export const ordersExportUrl = (query: string) => `${API_BASE}/orders/export${query ? `?${query}` : ''}`;
/** Every variant of the products a search finds, with price and stock, as CSV (a link, as above). */
export const catalogExportUrl = (query: string) => `${API_BASE}/products/export${query ? `?q=${encodeURIComponent(query)}` : ''}`;
/** A credit note's PDF (a link: the browser downloads it with the session cookie). */
export const creditNotePdfUrl = (creditNoteNumber: string) => path('credit-notes', creditNoteNumber, 'pdf');

// The catalog.
/** Products by part of a name (any culture) or key, or by a whole article number or EAN. */
export const searchCatalog = (query: string, page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<CatalogProductList>(`${API_BASE}/products`, { q: query, p: page, ps: pageSize }, { signal });
export const catalogProduct = (productId: string, signal?: AbortSignal) => api.get<CatalogProductRecord>(path('products', productId), undefined, { signal });
/** A product's four texts in one culture, all given (empty removes a text); the answer is the product as changed. */
export const changeProductTexts = (productId: number, culture: Culture, body: ProductTextsChange) =>
  api.put<CatalogProductRecord>(path('products', String(productId), 'texts', culture), body);
/** A variant's price and/or stock; a field left out stays. */
export const changeVariant = (productVariantId: number, body: VariantChange) => api.put<VariantPriceAndStock>(path('variants', String(productVariantId)), body);
/** Plans a variant's price from a later day on (one per day: a second replaces the first). */
export const schedulePrice = (productVariantId: number, body: PriceSchedule) =>
  api.post<ScheduledPrice>(path('variants', String(productVariantId), 'scheduled-prices'), body);
/** Cancels the price planned for a day. */
export const cancelScheduledPrice = (productVariantId: number, validFrom: string) =>
  api.delete(path('variants', String(productVariantId), 'scheduled-prices', validFrom));
