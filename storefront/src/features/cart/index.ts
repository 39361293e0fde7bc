/** The cart's public door: its pages, each a chunk of its own (loaded when its route is entered). */
import { lazyPage } from '../../components/ui/lazyPage';

export const CartPage = lazyPage('cart', () => import('./CartPage').then((module) => ({ default: module.CartPage })));
/** `/cart/handover/?key=`: takes over the cart customer service prepared, then shows the cart. */
export const CartHandoverPage = lazyPage('cart.handover', () => import('./CartHandoverPage').then((module) => ({ default: module.CartHandoverPage })));
