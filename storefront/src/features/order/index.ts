/** The order pages' public door: the thank-you and failed-payment pages, one chunk for both. */
import { lazyPage } from '../../components/ui/lazyPage';

const pages = () => import('./OrderPages');
export const ThankYouPage = lazyPage('order.thankYou', () => pages().then((module) => ({ default: module.ThankYouPage })));
export const PaymentFailedPage = lazyPage('order.paymentFailed', () => pages().then((module) => ({ default: module.PaymentFailedPage })));
