/** The checkout's public door: its page (every step), a chunk of its own. */
import { lazyPage } from '../../components/ui/lazyPage';

export const CheckoutPage = lazyPage('checkout', () => import('./CheckoutPage').then((module) => ({ default: module.CheckoutPage })));
