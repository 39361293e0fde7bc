// @vitest-environment node
/**
 * The demo's advice rules (fixtures/feed/adviceRules.json) give every horse advice: for each
 * brand, every combination of horse type, work load and roughage type has one rule, and the
 * engine's `feed.advice` (the Node build of the WASM engine), fed the rules and the catalog's
 * doses (fixtures/catalog/products), advises at least one product for it. The server hands the
 * engine the same data (host-server `feed::rules_of_brand`, `feed::feed_products`); which
 * products a site sells is its assortment, not the rules' business.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import type { AdviceRule, FeedProduct, HorseType, RoughageType, WorkLoad } from '../../engine/types';
import { nodeEngine } from '../../engine/testing/node-engine';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));
const fixture = <T>(path: string): T => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as T;

type FixtureRoughage = Exclude<RoughageType, 'grass'> | 'pasture';

interface RulesFile {
  horseTypes: { horseType: HorseType }[];
  workLoads: { workLoad: WorkLoad }[];
  roughageTypes: { roughageType: FixtureRoughage }[];
  rules: { ruleId: number; brand: string; horseType: HorseType; workLoad: WorkLoad; roughageType: FixtureRoughage; advisedProductIds: number[] }[];
}

interface CatalogProduct {
  productId: number;
  dailyDoseGrams?: FeedProduct['dosage'] | null;
  scoopSizeGrams?: number | null;
}

const file = fixture<RulesFile>('feed/adviceRules.json');
const BRANDS = ['Hoefslag', 'Weidegroen'];

/** The fixtures call pasture grass `pasture`; the engine calls it `grass` (as host-server `feed::engine_key`). */
const engineRoughage = (roughage: FixtureRoughage): RoughageType => (roughage === 'pasture' ? 'grass' : roughage);

/** Every feed product's doses, as the server reads them from the imported catalog. */
const FEED_PRODUCTS: FeedProduct[] = readdirSync(join(FIXTURES, 'catalog/products'))
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => fixture<{ products: CatalogProduct[] }>(`catalog/products/${name}`).products)
  .flatMap((product) =>
    product.dailyDoseGrams
      ? [{ productId: product.productId, dosage: product.dailyDoseGrams, scoopGrams: product.scoopSizeGrams ?? null, packGrams: null }]
      : [],
  );

function rulesOf(brand: string): AdviceRule[] {
  return file.rules
    .filter((rule) => rule.brand === brand)
    .sort((a, b) => a.ruleId - b.ruleId)
    .map((rule) => ({
      horseTypes: [rule.horseType],
      workLoads: [rule.workLoad],
      roughageTypes: [engineRoughage(rule.roughageType)],
      productIds: rule.advisedProductIds,
    }));
}

const combinations = file.horseTypes.flatMap(({ horseType }) =>
  file.workLoads.flatMap(({ workLoad }) => file.roughageTypes.map(({ roughageType }) => ({ horseType, workLoad, roughageType }))),
);

describe('the advice rules of the demo', () => {
  it('know five horse types, four work loads and four roughage types', () => {
    expect(combinations).toHaveLength(80);
  });

  it.each(BRANDS)('%s: one rule for every combination', (brand) => {
    const keys = file.rules.filter((rule) => rule.brand === brand).map((rule) => `${rule.horseType} ${rule.workLoad} ${rule.roughageType}`);
    const missing = combinations
      .map(({ horseType, workLoad, roughageType }) => `${horseType} ${workLoad} ${roughageType}`)
      .filter((key) => !keys.includes(key));
    expect(missing).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(BRANDS)('%s: the engine advises at least one product for every combination', (brand) => {
    const rules = rulesOf(brand);
    const withoutAdvice = combinations.filter(({ horseType, workLoad, roughageType }) => {
      try {
        const advice = nodeEngine.feedAdvice({
          horseType,
          weightKg: null,
          workLoad,
          roughageType: engineRoughage(roughageType),
          rules,
          products: FEED_PRODUCTS,
        });
        return advice.products.length === 0;
      } catch {
        return true;
      }
    });
    expect(withoutAdvice).toEqual([]);
  });

  it('a 650 kg broodmare in average work on hay gets Fok Muesli and vitamin E with selenium (Hoefslag)', () => {
    const advice = nodeEngine.feedAdvice({
      horseType: 'broodmare',
      weightKg: 650,
      workLoad: 'average',
      roughageType: 'hay',
      rules: rulesOf('Hoefslag'),
      products: FEED_PRODUCTS,
    });
    expect(advice.products.map(({ productId, gramsPerDay }) => ({ productId, gramsPerDay }))).toEqual([
      { productId: 4, gramsPerDay: 3250 },
      { productId: 44, gramsPerDay: 33 },
    ]);
  });
});
