/** The cart's public door: its page, a chunk of its own (loaded when the cart route is entered). */
import { lazyPage } from '../../components/ui/lazyPage';

export const CartPage = lazyPage('cart', () => import('./CartPage').then((module) => ({ default: module.CartPage })));
