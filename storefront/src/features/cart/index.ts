/** The cart's public door: its page, a chunk of its own (loaded when the cart route is entered). */
import { lazy } from 'react';

export const CartPage = lazy(() => import('./CartPage').then((module) => ({ default: module.CartPage })));
