/**
 * The newsletter: a sign-up in the request's site and language (answered at once,
 * the opt-in mail follows), its confirmation with the mail's token, and unsubscribing with the
 * signed link every mail carries.
 */
import { api } from './client';

export const newsletterApi = {
  subscribe: (emailAddress: string): Promise<unknown> => api.post('/api/newsletter/subscribe', { body: { emailAddress } }),
  confirm: (token: string): Promise<unknown> => api.post('/api/newsletter/confirm', { body: { token } }),
  unsubscribe: (emailAddress: string, token: string): Promise<unknown> => api.post('/api/newsletter/unsubscribe', { body: { emailAddress, token } }),
};
