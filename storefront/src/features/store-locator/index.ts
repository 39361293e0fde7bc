/** The dealer and store locator (issue 21, point 4): its own chunk, and its route's loader. */
import { lazyPage } from '../../components/ui/lazyPage';

export const StoreLocatorPage = lazyPage('storeLocator.page', () => import('./StoreLocatorPage').then((module) => ({ default: module.StoreLocatorPage })));
export { storeLocatorLoader, type StoreLocatorData } from './load';
