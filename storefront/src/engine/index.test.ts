import { describe, expect, it, vi } from 'vitest';

import { calculateCart, CartCalculator, checkoutGates, EngineError, feedAdvice, formatAmount, loadEngine, runOperation, splitVat, type CartInput } from '.';

const cart: CartInput = {
  site: { vatPercentageHigh: '21', vatPercentageLow: '9', shippingOptions: [{ shippingMethod: 0, price: '6.95' }] },
  catalog: [{ productId: 1, productVariantId: 11, productType: 2, vatType: 'low', unitPrice: '24.95', description: 'Sportmuesli' }],
  products: [{ productVariantId: 11, count: 2 }],
};

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

  it('calculates a cart through its typed function, the same as through runOperation', () => {
    const calculated = calculateCart(cart);
    expect(calculated.totalAmount).toBe('56.85');
    expect(calculated.vatAmountLow).toBe('4.69');
    expect(runOperation('cart.calculate', cart)).toStrictEqual(calculated);
  });

  it('calculates versions of one cart with a CartCalculator, the same as calculateCart', () => {
    const { site, catalog } = cart;
    const calculator = new CartCalculator({ site, catalog });
    expect(calculator.calculate({ products: cart.products })).toStrictEqual(calculateCart(cart));
    const three = calculator.calculate({ products: [{ productVariantId: 11, count: 3 }] });
    expect(three.totalAmount).toBe('81.80');
    expect(() => calculator.calculate({ products: [{ productVariantId: 99, count: 1 }] })).toThrow(
      expect.objectContaining({ name: 'EngineError', code: 'unknown_variant' }),
    );
    expect(() => new CartCalculator({ site, catalog: 'none' } as never)).toThrow(expect.objectContaining({ name: 'EngineError', code: 'invalid_input' }));
    calculator.free();
  });

  it('answers the other rules through their typed functions', () => {
    expect(formatAmount({ amount: '1234.5', culture: 'nl' }).text).toBe('1234,50');
    const gates = checkoutGates({ productCount: 0, totalAmount: '0.00', siteCountry: 'NL' });
    expect(gates.firstStep).toBeNull();
    expect(gates.steps.billing.reasons).toEqual([{ key: 'checkout.cartEmpty' }]);
  });

  it('raises engine errors as EngineError with the stable code and message key', () => {
    expect(() => splitVat({ amountInclVat: '1.005', vatRatePercentage: '21' })).toThrow(EngineError);
    try {
      runOperation('no.such.operation', {});
    } catch (error) {
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).code).toBe('unknown_operation');
      expect((error as EngineError).messageKey).toBeNull();
    }
    try {
      feedAdvice({ horseType: 'horse', workLoad: 'light', roughageType: 'hay', rules: [], products: [] });
    } catch (error) {
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).code).toBe('feed_advice_undetermined');
      expect((error as EngineError).messageKey).toBe('feed.adviceUndetermined');
    }
    expect.assertions(7);
  });
});

describe('answers replayed before the module is loaded', () => {
  it('gives the answers a server-rendered page was built with, and the module recorded them', async () => {
    const recording = new Map<string, unknown>();
    const engine = await import('.');
    engine.recordAnswers(() => recording);
    const amount = { amount: '12.5', culture: 'nl' } as const;
    const formatted = engine.formatAmount(amount);
    engine.recordAnswers(() => undefined);
    expect(formatted.text).toBe('12,50');
    expect([...recording.keys()]).toEqual(['formatAmount {"amount":"12.5","culture":"nl"}']);

    // A fresh copy of the module, as a browser has before the .wasm has arrived.
    vi.resetModules();
    const fresh = await import('.');
    expect(fresh.engineLoaded()).toBe(false);
    fresh.replayAnswers(Object.fromEntries(recording));
    expect(fresh.formatAmount(amount)).toEqual(formatted);
  });
});
