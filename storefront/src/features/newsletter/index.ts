/**
 * The newsletter's public door: the footer's sign-up form, and the confirmation and
 * unsubscribe pages (a chunk of their own) with their loaders.
 */
import { lazyPage } from '../../components/ui/lazyPage';

export { NewsletterSignup } from './NewsletterSignup';
export { newsletterConfirmLoader, newsletterUnsubscribeLoader, type NewsletterConfirmData, type NewsletterUnsubscribeData } from './loaders';
const pages = () => import('./NewsletterPages');
export const NewsletterConfirmPage = lazyPage('newsletter.confirm', () => pages().then((module) => ({ default: module.NewsletterConfirmPage })));
export const NewsletterUnsubscribePage = lazyPage('newsletter.unsubscribe', () => pages().then((module) => ({ default: module.NewsletterUnsubscribePage })));
