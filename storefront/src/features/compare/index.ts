/** The comparison's public door: its page, a chunk of its own (the list itself is lib/compare.ts). */
import { lazyPage } from '../../components/ui/lazyPage';

export const ComparePage = lazyPage('compare', () => import('./ComparePage').then((module) => ({ default: module.ComparePage })));
