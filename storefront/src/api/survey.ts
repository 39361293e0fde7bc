/**
 * The customer survey: one answer per order, through the signed link of the order
 * confirmation mail or of the thank-you page (`GET /api/orders/{orderId}/survey`, for the
 * browser that placed the order).
 */
import { api } from './client';
import type { SchemaSurvey, SchemaSurveyLink } from './generated/schema';

export type Survey = SchemaSurvey;
export type SurveyLink = SchemaSurveyLink;

export const surveyApi = {
  get: (order: string, token: string): Promise<Survey> => api.get('/api/survey', { query: { order, token } }),
  answer: (body: { order: string; token: string; rating: number; comment: string }): Promise<unknown> => api.post('/api/survey', { body }),
  /** The survey link of an order the visitor placed (the thank-you page). */
  linkOf: (orderId: string): Promise<SurveyLink> => api.get('/api/orders/{orderId}/survey', { path: { orderId } }),
};
