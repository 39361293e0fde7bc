/** The comparison's public door: its page, a chunk of its own (the list itself is lib/compare.ts). */
import { lazy } from 'react';

export const ComparePage = lazy(() => import('./ComparePage').then((module) => ({ default: module.ComparePage })));
