/**
 * Every analyte and germ group of the demo results (fixtures/roughage/results.json) and every
 * nutrient the ration check answers with (fixtures/vectors/feed/ration-check.json) has a label
 * in every culture: in each complete catalog itself, and for a regional culture in the first
 * catalog of its chain that has it, which is of the same language (French for fr-BE, never
 * Dutch). No result page shows a raw key such as `iron`.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { nutrientLabelKey } from '../../components/product/nutrients';
import { COMPLETE_CULTURES, CULTURES, cultureChain, initI18n, type Culture } from '../../i18n';
import { analyteLabel, analyteLabelKey, germGroupLabel, germGroupLabelKey } from './labels';

type Catalog = Record<string, unknown>;

/** A file of the repository's fixtures folder. */
const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../fixtures');
const fixture = <T>(path: string): T => JSON.parse(readFileSync(resolve(FIXTURES, path), 'utf8')) as T;

interface Results {
  results: { values: Record<string, number> | null; germCounts: Record<string, number> | null }[];
}
interface RationVectors {
  cases: { output?: { nutrients: { nutrient: string }[] } }[];
}

const results = fixture<Results>('roughage/results.json').results;
/** The laboratory's names as the fixtures hold them. */
const LAB_ANALYTES = [...new Set(results.flatMap((result) => Object.keys(result.values ?? {})))].sort();
/** What the page receives for two of them: the engine's names (host-server `engine_analyte`). */
const ENGINE_ANALYTES = ['dryMatter', 'ash'];
const GERM_GROUPS = [...new Set(results.flatMap((result) => Object.keys(result.germCounts ?? {})))].sort();
const RATION_NUTRIENTS = [
  ...new Set(fixture<RationVectors>('vectors/feed/ration-check.json').cases.flatMap((testCase) => testCase.output?.nutrients.map((row) => row.nutrient) ?? [])),
].sort();

const catalogs = import.meta.glob<Catalog>('../../i18n/locales/*.json', { import: 'default', eager: true });
const catalog = (culture: Culture): Catalog => catalogs[`../../i18n/locales/${culture}.json`] ?? {};

function text(culture: Culture, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Catalog)[part] : undefined), catalog(culture));
}

const language = (culture: string) => culture.split('-')[0];

/** Every label key the result and calculator pages need, by what it labels. */
function labelKeys(): [string, string | null][] {
  return [
    ...[...LAB_ANALYTES, ...ENGINE_ANALYTES].map((analyte): [string, string | null] => [`analyte ${analyte}`, analyteLabelKey(analyte)]),
    ...GERM_GROUPS.map((group): [string, string | null] => [`germ group ${group}`, germGroupLabelKey(group)]),
    ...RATION_NUTRIENTS.map((nutrient): [string, string | null] => [`ration nutrient ${nutrient}`, nutrientLabelKey(nutrient)]),
  ];
}

describe('labels of the result and calculator pages', () => {
  it('reads the fixtures', () => {
    expect(LAB_ANALYTES).toContain('iron');
    expect(LAB_ANALYTES).toContain('dryMatterPercent');
    expect(GERM_GROUPS).toContain('spoilageMoulds');
    expect(RATION_NUTRIENTS).toEqual(['calcium', 'crudeProtein', 'digestibleEnergyMj', 'magnesium', 'phosphorus']);
  });

  it('has a label key for every analyte, germ group and ration nutrient', () => {
    expect(labelKeys().filter(([, key]) => key === null)).toEqual([]);
  });

  it('has the label in every complete catalog', () => {
    for (const culture of COMPLETE_CULTURES) {
      const missing = labelKeys().filter(([, key]) => typeof text(culture, key ?? '') !== 'string' || text(culture, key ?? '') === '');
      expect(missing, culture).toEqual([]);
    }
  });

  it("gives a regional culture the label in its own language, from its chain's parent", () => {
    for (const culture of CULTURES.filter((code) => !(COMPLETE_CULTURES as readonly string[]).includes(code))) {
      for (const [what, key] of labelKeys()) {
        const from = cultureChain(culture).find((code) => typeof text(code, key ?? '') === 'string');
        expect(from && language(from), `${what} in ${culture}`).toBe(language(culture));
      }
    }
  });

  it('shows the labels, not the keys, through i18next', async () => {
    const expected: [Culture, string, string][] = [
      ['nl', 'IJzer', 'Bederfschimmels'],
      ['nl-BE', 'IJzer', 'Bederfschimmels'],
      ['en', 'Iron', 'Spoilage moulds'],
      ['de', 'Eisen', 'Verderbanzeigende Schimmelpilze'],
      ['de-AT', 'Eisen', 'Verderbanzeigende Schimmelpilze'],
      ['fr-FR', 'Fer', "Moisissures d'altération"],
      ['fr-BE', 'Fer', "Moisissures d'altération"],
      ['pl', 'Żelazo', 'Pleśnie powodujące psucie'],
    ];
    for (const [culture, iron, spoilageMoulds] of expected) {
      await initI18n({ culture });
      expect(analyteLabel(i18next.t, 'iron'), culture).toBe(iron);
      expect(germGroupLabel(i18next.t, 'spoilageMoulds'), culture).toBe(spoilageMoulds);
    }
    await initI18n({ culture: 'nl' });
    expect(analyteLabel(i18next.t, 'dryMatter')).toBe('Droge stof');
    expect(analyteLabel(i18next.t, 'ash')).toBe('Ruwe as');
  });
});
