import { describe, expect, it } from 'vitest';

import { EngineError, loadEngine, runOperation, splitVat } from '.';

describe('engine facade', () => {
  it('loads once and splits VAT with the engine', async () => {
    await loadEngine();
    expect(splitVat({ amountInclVat: '121.00', vatRatePercentage: '21' })).toEqual({
      amountInclVat: '121.00',
      amountExclVat: '100.00',
      vatAmount: '21.00',
      vatRatePercentage: '21',
    });
  });

  it('raises engine errors as EngineError with the stable code', () => {
    expect(() => splitVat({ amountInclVat: '1.005', vatRatePercentage: '21' })).toThrow(EngineError);
    try {
      runOperation('no.such.operation', {});
    } catch (error) {
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).code).toBe('unknown_operation');
    }
    expect.assertions(3);
  });
});
