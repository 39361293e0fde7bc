/** The customer survey's public door: its page (a chunk of its own) and loader. */
import { lazyPage } from '../../components/ui/lazyPage';

export { surveyLoader, type SurveyData } from './loader';
export const SurveyPage = lazyPage('survey', () => import('./SurveyPage').then((module) => ({ default: module.SurveyPage })));
