/** The checkout's public door: its page (every step), a chunk of its own. */
import { lazy } from 'react';

export const CheckoutPage = lazy(() => import('./CheckoutPage').then((module) => ({ default: module.CheckoutPage })));
