import { api } from './client';

/**
 * Hands a mailing's `mailplus_id` to the mailing service: `POST /api/Conversion?mailplusId=`
 * with a `datetime` header, and the visitor's cart (if any), which keeps the id for its order.
 * 200 and 204 are success; any other status raises `ApiError`.
 */
export async function sendConversion(mailplusId: string, cartId: string | null = null, now: Date = new Date()): Promise<void> {
  await api.post('/api/Conversion', {
    query: { mailplusId, ...(cartId ? { cartId } : {}) },
    headers: { datetime: now.toISOString() },
    acceptStatus: [200, 204],
  });
}
