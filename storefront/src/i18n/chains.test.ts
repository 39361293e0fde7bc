// @vitest-environment node
/**
 * The catalogs' fallback chains follow the engine's text fallback rule (`locale.textFallback`,
 * fixtures/README.md "Text fallback rule"), which the server uses for every localized text and
 * the mails: a missing text comes first from the regional culture's parent (`fr-BE` -> `fr-FR`),
 * else from the site's fallback language. The storefront keeps its own table only to load no
 * catalog it does not need (a regional catalog's parent is complete).
 */
import { describe, expect, it } from 'vitest';

import { nodeEngine } from '../engine/testing/node-engine';
import { CULTURES, cultureChain } from '.';

describe("the catalogs' fallback chains", () => {
  it('borrow first from the culture the engine names, for every culture and site fallback', () => {
    for (const culture of CULTURES) {
      for (const siteFallback of [null, ...CULTURES]) {
        const { chain } = nodeEngine.textFallback({ culture, siteFallback, available: [] });
        expect(cultureChain(culture, siteFallback).slice(0, 2), `${culture} on a site with fallback ${siteFallback}`).toEqual(chain.slice(0, 2));
      }
    }
  });

  it('end in nl, the source language', () => {
    for (const culture of CULTURES.filter((code) => code !== 'nl')) expect(cultureChain(culture).at(-1), culture).toBe('nl');
  });
});
