/**
 * The audit trail's filters, sort and page live in the address (`?actor=&entityType=&entityId=
 * &from=&to=&sort=&page=&pageSize=`; `from` and `to` are days, `2026-11-28`, both included): a filtered view can be shared, and back and forward step through
 * what was looked at. Defaults are left out of the address.
 */
import type { AuditQuery, AuditSort } from '../../api/contract';

export const DEFAULT_SORT: AuditSort = '-at';
export const DEFAULT_PAGE_SIZE = 50;
export const PAGE_SIZES = [25, 50, 100] as const;

export interface AuditFilters {
  actor: string;
  entityType: string;
  entityId: string;
  /** The first day shown, `YYYY-MM-DD`, or empty. */
  from: string;
  /** The last day shown, `YYYY-MM-DD`, or empty. */
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', entityType: '', entityId: '', from: '', to: '' };

export interface AuditView extends AuditFilters {
  sort: AuditSort;
  page: number;
  pageSize: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` day from the address, or empty when it is none. */
function day(value: string | null): string {
  return value && DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00`).getTime()) ? value : '';
}

/** The moment a day starts in the staff member's time zone, `days` days after `value`. */
function startOf(value: string, days = 0): number | undefined {
  const match = DAY.exec(value);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).getTime();
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function readView(params: URLSearchParams): AuditView {
  const pageSize = positive(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  return {
    actor: params.get('actor') ?? '',
    entityType: params.get('entityType') ?? '',
    entityId: params.get('entityId') ?? '',
    from: day(params.get('from')),
    to: day(params.get('to')),
    sort: params.get('sort') === 'at' ? 'at' : DEFAULT_SORT,
    page: positive(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

export function writeView(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.actor) params.set('actor', view.actor);
  if (view.entityType) params.set('entityType', view.entityType);
  if (view.entityId) params.set('entityId', view.entityId);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
}

/** The filters as the API takes them (empty ones left out by the client); the last day is
 * included, so the query ends where the next day starts. */
function filtersOf(view: AuditFilters): AuditQuery {
  const from = startOf(view.from);
  const to = startOf(view.to, 1);
  return {
    actor: view.actor.trim(),
    entityType: view.entityType.trim(),
    entityId: view.entityId.trim(),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
}

/** The API query of one page. */
export function pageQuery(view: AuditView): AuditQuery {
  return { ...filtersOf(view), sort: view.sort, page: view.page, pageSize: view.pageSize };
}

/** The CSV download's query: the same filters and sort, every page. */
export function csvQuery(view: AuditView): AuditQuery {
  return { ...filtersOf(view), sort: view.sort };
}
