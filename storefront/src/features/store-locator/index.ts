/** The dealer and store locator: its own chunk, and its route's loader. */
import { lazyPage } from '../../components/ui/lazyPage';

export const StoreLocatorPage = lazyPage('storeLocator.page', () => import('./StoreLocatorPage').then((module) => ({ default: module.StoreLocatorPage })));
export { storeLocatorLoader, type StoreLocatorData } from './load';
