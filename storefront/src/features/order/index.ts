/** The order pages' public door: the thank-you and failed-payment pages, one chunk for both. */
import { lazy } from 'react';

const pages = () => import('./OrderPages');
export const ThankYouPage = lazy(() => pages().then((module) => ({ default: module.ThankYouPage })));
export const PaymentFailedPage = lazy(() => pages().then((module) => ({ default: module.PaymentFailedPage })));
