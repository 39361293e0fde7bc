/**
 * The catalog calls: product search with facets (`POST /api/products/search`), the product
 * page of a variant and its reviews. Amounts arrive as decimal strings, already computed by
 * the server's engine (unit prices, stock state); nothing here computes.
 */
import { shareInFlight } from './cache';
import { api } from './client';
import type {
  SchemaFacetFilter,
  SchemaNutrient,
  SchemaProductDetail,
  SchemaProductHit,
  SchemaProductReview,
  SchemaProductReviews,
  SchemaProductVariant,
  SchemaReviewSubmission,
  SchemaSearchFacet,
  SchemaSearchFacetValue,
  SchemaSearchRequest,
  SchemaSearchResponse,
  SchemaStockState,
  SchemaUnitPrices,
} from './generated/schema';

/** The ten product filter groups, in their order. */
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
export type FacetFilter = SchemaFacetFilter;
export type SearchRequest = SchemaSearchRequest;
export type UnitPrices = SchemaUnitPrices;
export type StockState = SchemaStockState;
export type ProductHit = SchemaProductHit;
export type FacetValue = SchemaSearchFacetValue;
export type Facet = SchemaSearchFacet;
export type SearchResponse = SchemaSearchResponse;

/** A search; the same request running twice at once is sent once. */
export function searchProducts(request: SearchRequest): Promise<SearchResponse> {
  const key = `search:${JSON.stringify(request)}`;
  return shareInFlight(key, () => api.post('/api/products/search', { body: request }));
}

export type Nutrient = SchemaNutrient;
export type VariantDetail = SchemaProductVariant;
export type ProductDetail = SchemaProductDetail;

export function fetchProduct(productVariantId: number): Promise<ProductDetail> {
  return api.get('/api/products/variant/{productVariantId}', { path: { productVariantId }, cached: true });
}

export type Review = SchemaProductReview;
export type ReviewPage = SchemaProductReviews;

export function fetchReviews(productId: number, page = 1): Promise<ReviewPage> {
  return api.get('/api/products/{productId}/reviews', { path: { productId }, query: { p: page > 1 ? page : undefined }, cached: true });
}

/** A review as the shopper writes it; the server checks it again and keeps it pending. */
export type NewReview = SchemaReviewSubmission;

export function writeReview(productId: number, review: NewReview): Promise<unknown> {
  return api.post('/api/products/{productId}/reviews', { path: { productId }, body: review });
}

export function remindWhenInStock(productVariantId: number, emailAddress: string): Promise<unknown> {
  return api.post('/api/products/variant/{productVariantId}/stockreminder', { path: { productVariantId }, body: { emailAddress } });
}
