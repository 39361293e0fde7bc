/** A roughage scan result by its key (the result pages `quickScanResult` and `rqsResult`): opening it marks it read. */
import { api } from './client';
import type { SchemaScanResult } from './generated/schema';

export type ScanResult = SchemaScanResult;

export function fetchScanResult(resultKey: string): Promise<ScanResult> {
  return api.get('/api/account/results/{resultKey}', { path: { resultKey } });
}
