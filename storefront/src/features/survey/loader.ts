/** The survey page's loader: the order of the link (number and signature) and whether it was answered. */
import type { LoaderFunctionArgs } from 'react-router';

import { surveyApi } from '../../api/survey';
import { readProblem } from '../../lib/apiErrors';

export interface SurveyData {
  /** `open` (can be answered), `answered`, `invalid` (not a valid link) or `failed` (try again later). */
  result: 'open' | 'answered' | 'invalid' | 'failed';
  order: string;
  token: string;
  orderNumber: string;
}

export async function surveyLoader({ request }: LoaderFunctionArgs): Promise<SurveyData> {
  const query = new URL(request.url).searchParams;
  const order = query.get('order') ?? '';
  const token = query.get('token') ?? '';
  const base = { order, token, orderNumber: order };
  if (!order || !token) return { ...base, result: 'invalid' };
  try {
    const survey = await surveyApi.get(order, token);
    return { ...base, orderNumber: survey.orderNumber, result: survey.answered ? 'answered' : 'open' };
  } catch (error) {
    return { ...base, result: readProblem(error).status === 400 ? 'invalid' : 'failed' };
  }
}
