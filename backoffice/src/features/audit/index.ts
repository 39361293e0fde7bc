/** The audit trail: server-side paging, sort on time, filters, CSV download. */
export { AuditPage } from './AuditPage';
