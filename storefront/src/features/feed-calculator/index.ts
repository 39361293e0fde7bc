/** The feed calculator's public door: its page (a chunk of its own) and the loader that feeds it. */
import { lazyPage } from '../../components/ui/lazyPage';

export { feedCalculatorLoader, type FeedCalculatorData } from './loader';
export const FeedCalculatorPage = lazyPage('feedCalculator', () => import('./FeedCalculatorPage').then((module) => ({ default: module.FeedCalculatorPage })));
