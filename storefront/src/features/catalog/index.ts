/**
 * The catalog's public door: the product overview (and search results) and the product page,
 * each a chunk of its own, loaded when its route is entered; and the search the route loaders
 * run for the overview.
 */
import { lazyPage } from '../../components/ui/lazyPage';

export const ProductListPage = lazyPage('catalog.list', () => import('./ProductListPage').then((module) => ({ default: module.ProductListPage })));
export const ProductDetailPage = lazyPage('catalog.detail', () => import('./ProductDetailPage').then((module) => ({ default: module.ProductDetailPage })));
export { listingResults } from './listing';
