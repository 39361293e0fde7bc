// @vitest-environment node
/**
 * Runs every shared vector under fixtures/vectors/ through the Node build of the WASM engine:
 * the same files `engine/tests/vectors.rs` runs natively, with the same expected JSON. Outputs
 * are compared as canonical JSON bytes (keys sorted, no white space); errors by their `code`.
 * Each case also goes through the operation's typed export, which must give the same value.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import type { CartChoices, CartContext } from './types';
import { canonicalJson, caught, nodeEngine } from './testing/node-engine';

const vectorRoot = fileURLToPath(new URL('../../../fixtures/vectors', import.meta.url));

interface VectorCase {
  name: string;
  input: unknown;
  output?: unknown;
  error?: { code: string };
}

/** The typed export of each operation, by operation name. */
const typedExports: Record<string, (input: never) => unknown> = {
  'vat.split': nodeEngine.splitVat,
  'cart.calculate': nodeEngine.calculateCart,
  'cart.shippingMethods': nodeEngine.shippingMethods,
  'checkout.gates': nodeEngine.checkoutGates,
  'checkout.stateOfCart': nodeEngine.checkoutStateOfCart,
  'validation.validateForm': nodeEngine.validateForm,
  'validation.message': nodeEngine.messageText,
  'compare.add': nodeEngine.addToComparison,
  'feed.advice': nodeEngine.feedAdvice,
  'feed.siloInterest': nodeEngine.siloInterest,
  'roughage.classify': nodeEngine.classifyRoughage,
  'roughage.advice': nodeEngine.roughageAdvice,
  'locale.currency': nodeEngine.resolveCurrency,
  'locale.displayPrice': nodeEngine.displayPrice,
  'locale.convert': nodeEngine.convertCurrency,
  'locale.formatAmount': nodeEngine.formatAmount,
  'locale.formatQuantity': nodeEngine.formatQuantity,
  'locale.formatDate': nodeEngine.formatDate,
  'locale.fallbackLanguage': nodeEngine.fallbackLanguage,
  'url.normalize': nodeEngine.normalizeUrl,
  'url.readPaging': nodeEngine.readPaging,
  'url.paging': nodeEngine.withPaging,
  'url.comparePath': nodeEngine.comparePath,
  'url.askedCulture': nodeEngine.askedCulture,
  'messages.keys': nodeEngine.messageKeys,
  'locale.textFallback': nodeEngine.textFallback,
  'catalog.unitPrices': nodeEngine.unitPrices,
  'catalog.stockState': nodeEngine.stockState,
  'geo.distance': nodeEngine.distance,
  'geo.formatDistance': nodeEngine.formatDistance,
  'cart.applyLineChange': nodeEngine.applyLineChange,
  'cart.removeDiscountCode': nodeEngine.removeDiscountCode,
  'cart.limits': nodeEngine.cartLimits,
  'cart.totalsShown': nodeEngine.totalsShown,
  'subscription.intervalLimits': nodeEngine.subscriptionIntervalLimits,
  'validation.formDefinition': nodeEngine.formDefinition,
  'validation.addressForm': nodeEngine.addressForm,
  'validation.validateNamedForm': nodeEngine.validateNamedForm,
  'order.payable': nodeEngine.orderPayable,
  'cart.mergeGuest': nodeEngine.mergeGuestCart,
  'promotions.forCart': nodeEngine.promotionsForCart,
  'ration.check': nodeEngine.rationCheck,
  'vat.reverseCharge': nodeEngine.reverseCharge,
  'vat.rows': nodeEngine.vatRows,
  'cart.cleanUp': nodeEngine.cleanUpCart,
  'promotions.codeUsable': nodeEngine.codeUsable,
  'promotions.shelfPrice': nodeEngine.shelfPrice,
  'giftCard.pay': nodeEngine.payWithGiftCard,
  'giftCard.refund': nodeEngine.refundGiftCard,
};

function vectorFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return vectorFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
}

const files = vectorFiles(vectorRoot);

describe('shared vectors through the WASM engine (Node build)', () => {
  it('finds vector files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('has a typed export for every operation', () => {
    expect(Object.keys(typedExports).sort()).toEqual([...nodeEngine.operations()].sort());
  });

  for (const file of files) {
    const vector = JSON.parse(readFileSync(file, 'utf8')) as { operation: string; cases: VectorCase[] };
    const typed = typedExports[vector.operation] as (input: unknown) => unknown;
    describe(file.slice(vectorRoot.length + 1), () => {
      for (const testCase of vector.cases) {
        it(testCase.name, () => {
          const input = JSON.stringify(testCase.input);
          if (testCase.error) {
            const error = caught(() => nodeEngine.run(vector.operation, input));
            expect(error).toBeInstanceOf(Error);
            expect(error.name).toBe('EngineError');
            expect(error.code).toBe(testCase.error.code);
            const typedError = caught(() => typed(testCase.input));
            expect([typedError.code, typedError.message]).toEqual([error.code, error.message]);
          } else {
            const output = nodeEngine.run(vector.operation, input);
            expect(canonicalJson(JSON.parse(output))).toBe(canonicalJson(testCase.output));
            expect(typed(testCase.input)).toStrictEqual(JSON.parse(output));
            // calculateCart decodes the engine's cart tape rather than parsing JSON
            // (engine/src/cart/tape.rs): it must print as the JSON door's bytes, field order included.
            expect(JSON.stringify(typed(testCase.input))).toBe(JSON.stringify(JSON.parse(output)));
          }
        });
      }
    });
  }
});

/** A cart input's two parts: what the server decides, and what the visitor chooses. */
function cartParts(input: unknown): { context: string; choices: string } | null {
  const contextFields = ['site', 'catalog', 'promotions'];
  const choiceFields = ['products', 'discountCode', 'shippingMethod', 'paymentMethodId', 'giftCard'];
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const entries = Object.entries(input);
  if (entries.some(([name]) => !contextFields.includes(name) && !choiceFields.includes(name))) return null;
  const pick = (fields: string[]) => JSON.stringify(Object.fromEntries(entries.filter(([name]) => fields.includes(name))));
  return { context: pick(contextFields), choices: pick(choiceFields) };
}

describe('cart vectors through a CartCalculator (Node build)', () => {
  const cartFiles = files.filter((file) => file.includes('/cart/'));
  for (const file of cartFiles) {
    const vector = JSON.parse(readFileSync(file, 'utf8')) as { operation: string; cases: VectorCase[] };
    if (vector.operation !== 'cart.calculate') continue;
    describe(file.slice(vectorRoot.length + 1), () => {
      for (const testCase of vector.cases) {
        it(testCase.name, () => {
          const parts = cartParts(testCase.input);
          const whole = () => nodeEngine.run('cart.calculate', JSON.stringify(testCase.input));
          if (parts === null) {
            expect(caught(whole).code).toBe('invalid_input');
            return;
          }
          const held = () => {
            const calculator = new nodeEngine.CartCalculator(JSON.parse(parts.context) as CartContext);
            try {
              return calculator.calculate(JSON.parse(parts.choices) as CartChoices);
            } finally {
              calculator.free();
            }
          };
          if (testCase.error) {
            expect(caught(held).code).toBe(testCase.error.code);
          } else {
            const output = held();
            // The calculator's object is decoded from a tape, not parsed (engine/src/cart/tape.rs):
            // it must print as the JSON door's very bytes, field order included.
            expect(JSON.stringify(output)).toBe(whole());
            expect(canonicalJson(output)).toBe(canonicalJson(JSON.parse(whole())));
            expect(canonicalJson(output)).toBe(canonicalJson(testCase.output));
          }
        });
      }
    });
  }
});
