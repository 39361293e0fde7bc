/**
 * The work queue's filters and page live in the address (`?status=&paymentStatus=&q=&from=&to=
 * &scanOrder=&brand=&minTotal=&maxTotal=&hasReturn=&after=`): coming back from an order shows
 * the list as it was, a view can be saved or shared, and back and forward step through the
 * pages looked at. Defaults are left out.
 */
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderQueueQuery, type OrderStatus, type PaymentStatus } from '../../api/contract';

export interface OrderFilters {
  status: OrderStatus | '';
  paymentStatus: PaymentStatus | '';
  /** An order number, or part of an e-mail address, name or postcode. */
  q: string;
  /** The first day, `YYYY-MM-DD`, or empty. */
  from: string;
  /** The last day, `YYYY-MM-DD`, or empty. */
  to: string;
  scanOrder: 'true' | 'false' | '';
  /** A brand's name, as the sites name it (`Hoefslag`). */
  brand: string;
  /** Amounts in euro as typed; the server checks them. */
  minTotal: string;
  maxTotal: string;
  hasReturn: 'true' | 'false' | '';
}

export interface OrdersView extends OrderFilters {
  /** Where the page starts: the previous page's `next`; empty for the newest orders. */
  after: string;
}

export const NO_FILTERS: OrderFilters = {
  status: '',
  paymentStatus: '',
  q: '',
  from: '',
  to: '',
  scanOrder: '',
  brand: '',
  minTotal: '',
  maxTotal: '',
  hasReturn: '',
};

/** The filters' names in the address, in their order there. */
export const FILTER_NAMES = Object.keys(NO_FILTERS) as (keyof OrderFilters)[];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return allowed.find((candidate) => candidate === value) ?? '';
}

export function readView(params: URLSearchParams): OrdersView {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: oneOf(params.get('status'), ORDER_STATUSES),
    paymentStatus: oneOf(params.get('paymentStatus'), PAYMENT_STATUSES),
    q: params.get('q') ?? '',
    from: day('from'),
    to: day('to'),
    scanOrder: oneOf(params.get('scanOrder'), ['true', 'false'] as const),
    brand: params.get('brand') ?? '',
    minTotal: params.get('minTotal') ?? '',
    maxTotal: params.get('maxTotal') ?? '',
    hasReturn: oneOf(params.get('hasReturn'), ['true', 'false'] as const),
    after: params.get('after') ?? '',
  };
}

export function writeView(view: OrdersView): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of [...FILTER_NAMES, 'after'] as const) {
    const value = view[name].trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** The API query of the view's page. */
export function pageQuery(view: OrdersView): OrderQueueQuery {
  return {
    ...(view.status ? { status: view.status } : {}),
    ...(view.paymentStatus ? { paymentStatus: view.paymentStatus } : {}),
    ...(view.q.trim() ? { q: view.q.trim() } : {}),
    ...(view.from ? { from: view.from } : {}),
    ...(view.to ? { to: view.to } : {}),
    ...(view.scanOrder ? { scanOrder: view.scanOrder === 'true' } : {}),
    ...(view.brand.trim() ? { brand: view.brand.trim() } : {}),
    ...(view.minTotal.trim() ? { minTotal: amount(view.minTotal) } : {}),
    ...(view.maxTotal.trim() ? { maxTotal: amount(view.maxTotal) } : {}),
    ...(view.hasReturn ? { hasReturn: view.hasReturn === 'true' } : {}),
    ...(view.after ? { after: view.after } : {}),
  };
}

/** An amount as typed, with a decimal comma written as the API's point. */
function amount(text: string): string {
  return text.trim().replace(',', '.');
}
