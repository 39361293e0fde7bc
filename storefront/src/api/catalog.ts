/**
 * The catalog calls: product search with facets (`POST /api/products/search`), the product
 * page of a variant and its reviews. Amounts arrive as decimal strings, already computed by
 * the server's engine (unit prices, stock state); nothing here computes.
 */
import { apiFetch } from './client';
import { cachedGet, shareInFlight } from './cache';

/** The ten product filter groups (specification section 3), in their order. */
export const FACET_GROUPS = [
  'productGroup',
  'horseType',
  'horseAgeGroup',
  'application',
  'ingredient',
  'labour',
  'package',
  'weightClass',
  'sale',
  'new',
] as const;
export type FacetGroup = (typeof FACET_GROUPS)[number];

export type SortKey = 'relevance' | 'price' | 'name' | 'newest' | 'rating';

/** One facet filter as the API takes it (each kind has its own field). */
export interface FacetFilter {
  facetKey: string;
  selectedKeys?: string[];
  selectedKey?: string;
  selectedMinValue?: string;
  selectedMaxValue?: string;
  selectedValue?: string;
}

export interface SearchRequest {
  filter: { searchTerm?: string; filters: FacetFilter[] };
  pageInfo: { page: number; pageSize: number; sort?: SortKey; descending?: boolean };
  landingpageId?: number | null;
}

export interface UnitPrices {
  perUnit?: string;
  perKilogram?: string;
  per100Gram?: string;
  perLiter?: string;
  per100Ml?: string;
}

export type StockState = 'inStock' | 'low' | 'outOfStock';

export interface ProductHit {
  productId: number;
  productVariantId: number;
  name: string;
  shortDescription: string | null;
  price: string;
  unitPrice: UnitPrices;
  image: string | null;
  rating: { average: string | null; count: number };
  stockState: StockState;
  url: string | null;
}

export interface FacetValue {
  key: string;
  name: string;
  count: number;
  selected: boolean;
}

export interface Facet {
  facetKey: string;
  kind: 'multiSelect' | 'singleSelect' | 'rangeSlider' | 'slider' | (string & {});
  name: string;
  values?: FacetValue[];
  minValue?: string;
  maxValue?: string;
  selectedMinValue?: string;
  selectedMaxValue?: string;
  selectedValue?: string;
}

export interface SearchResponse {
  totalCount: number;
  page: number;
  pageSize: number;
  pageCount: number;
  sort: string;
  descending: boolean;
  searchTerm: string | null;
  results: ProductHit[];
  facets: Facet[];
}

/** A search; the same request running twice at once is sent once (section 7). */
export function searchProducts(request: SearchRequest): Promise<SearchResponse> {
  const key = `search:${JSON.stringify(request)}`;
  return shareInFlight(key, () => apiFetch<SearchResponse>('/api/products/search', { method: 'POST', body: request }));
}

export interface Nutrient {
  nutrient: string;
  group: string;
  amount: number;
  unit: string;
}

export interface VariantDetail {
  productVariantId: number;
  articleNumber: string;
  ean: string;
  packaging: string;
  content: { amount: string; unit: string };
  variantLabel: string | null;
  colour: string | null;
  weightKg: number;
  dimensionsCm: { length: number; width: number; height: number };
  quantityPerPallet: number;
  shelfLifeMonths: number | null;
  deliveryTime: { minDays: number; maxDays: number };
  price: string;
  vatType: string;
  unitPrice: UnitPrices;
  stock: { state: StockState; orderable: boolean; stockReminderAvailable: boolean; enableStockReminderFeature: boolean };
  image: string | null;
  url: string | null;
}

export interface ProductDetail extends VariantDetail {
  productId: number;
  productKey: string;
  productType: number;
  productGroup: string;
  brand: string;
  name: string;
  shortDescription: string | null;
  longDescription: string | null;
  composition: string | null;
  energyLevel: 'low' | 'medium' | 'high' | null;
  rating: { average: string | null; count: number };
  nutrients: Nutrient[];
  otherVariants: VariantDetail[];
}

export function fetchProduct(productVariantId: number): Promise<ProductDetail> {
  return cachedGet<ProductDetail>(`/api/products/variant/${productVariantId}`);
}

export interface Review {
  reviewId: number;
  reviewerName: string;
  rating: number;
  title: string;
  text: string;
  languageId: number;
  culture: string | null;
  /** ISO date and time (UTC). */
  createdAt: string;
}

export interface ReviewPage {
  averageRating: string | null;
  reviewCount: number;
  reviews: Review[];
  page: number;
  pageCount: number;
}

export function fetchReviews(productId: number, page = 1): Promise<ReviewPage> {
  const query = page > 1 ? `?p=${page}` : '';
  return cachedGet<ReviewPage>(`/api/products/${productId}/reviews${query}`);
}

/** A review as the shopper writes it; the server checks it again and keeps it pending. */
export interface NewReview {
  title: string;
  rating: number;
  text: string;
  name: string;
}

export function writeReview(productId: number, review: NewReview): Promise<unknown> {
  return apiFetch(`/api/products/${productId}/reviews`, { method: 'POST', body: review });
}

export function remindWhenInStock(productVariantId: number, emailAddress: string): Promise<unknown> {
  return apiFetch(`/api/products/variant/${productVariantId}/stockreminder`, { method: 'POST', body: { emailAddress } });
}
