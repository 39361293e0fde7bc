import type { VatSplit, VatSplitRequest } from '../engine';
import { api } from './client';

/** The server's authoritative VAT split, to compare with the engine's instant preview. */
export function fetchVatSplit(request: VatSplitRequest, signal?: AbortSignal): Promise<VatSplit> {
  return api.post('/api/vat/split', { body: request, signal });
}
