/**
 * The catalog's public door: the product overview (and search results) and the product page,
 * each a chunk of its own, loaded when its route is entered.
 */
import { lazy } from 'react';

export const ProductListPage = lazy(() => import('./ProductListPage').then((module) => ({ default: module.ProductListPage })));
export const ProductDetailPage = lazy(() => import('./ProductDetailPage').then((module) => ({ default: module.ProductDetailPage })));
