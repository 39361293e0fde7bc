/** The home page of a brand: its own chunk, and what its route loads. */
import { lazyPage } from '../../components/ui/lazyPage';

export const HomePage = lazyPage('home.page', () => import('./HomePage').then((module) => ({ default: module.HomePage })));
export { loadHome, type HomeData } from './load';
