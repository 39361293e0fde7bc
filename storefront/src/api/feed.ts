/**
 * The feed calculator and silo delivery: the server reads the site's advice rules
 * and the products' doses, the engine computes; these calls only carry the horse.
 */
import { api } from './client';
import type {
  SchemaFeedCalculation,
  SchemaFeedCalculationProduct,
  SchemaFeedCalculationRequest,
  SchemaFeedChoices,
  SchemaRationCheckAnswer,
  SchemaRationCheckBody,
  SchemaSiloCheck,
  SchemaSiloInterestRequest,
} from './generated/schema';

export type FeedCalculation = SchemaFeedCalculation;
export type FeedCalculationProduct = SchemaFeedCalculationProduct;
export type FeedCalculationRequest = SchemaFeedCalculationRequest;
export type FeedChoices = SchemaFeedChoices;
export type SiloCheck = SchemaSiloCheck;
export type RationCheckAnswer = SchemaRationCheckAnswer;
export type SiloInterestRequest = SchemaSiloInterestRequest;

export const feedApi = {
  choices: (): Promise<FeedChoices> => api.get('/api/feedcalculator/choices', { cached: true }),
  calculate: (body: FeedCalculationRequest): Promise<FeedCalculation> => api.post('/api/feedcalculator/advice', { body }),
  silo: (horses: number, feedKgPerMonth: number): Promise<SiloCheck> => api.get('/api/feedcalculator/silo', { query: { horses, feedKgPerMonth } }),
  registerSiloInterest: (body: SiloInterestRequest) => api.post('/api/feedcalculator/silointerest', { body }),
  /** The ration check of a horse and a typical hay or haylage (or the customer's own scan). */
  ration: (body: SchemaRationCheckBody): Promise<RationCheckAnswer> => api.post('/api/feedcalculator/ration', { body }),
  /** Signed in: the server computes the advice again from the horse and saves it. */
  saveAdvice: (body: { name?: string; horseType: string; weightKg: number; workLoad: string; roughageType: string }) =>
    api.post('/api/account/feedadvice', { body }),
};
