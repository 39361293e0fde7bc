import type { VatSplit, VatSplitRequest } from '../engine';
import { apiFetch } from './client';

/** The server's authoritative VAT split, to compare with the engine's instant preview. */
export function fetchVatSplit(request: VatSplitRequest, signal?: AbortSignal): Promise<VatSplit> {
  return apiFetch<VatSplit>('/api/vat/split', { method: 'POST', body: request, signal });
}
