/** The names on a result page: analytes (as the product nutrient table names them) and germ groups. */
import type { TFunction } from 'i18next';

import { nutrientLabelKey } from '../../components/product/nutrients';

/**
 * The engine's analyte names that the product nutrient table names differently. The server
 * hands the page the engine's names (host-server `account::results::engine_analyte`): the
 * laboratory's `dryMatterPercent` is `dryMatter`, `crudeAsh` is `ash`.
 */
const NUTRIENT_OF: Record<string, string> = { dryMatter: 'dryMatterPercent', ash: 'crudeAsh' };

const GERM_GROUP_KEYS = {
  fieldBacteria: 'account.results.germGroups.fieldBacteria',
  bacillusStaphylococcus: 'account.results.germGroups.bacillusStaphylococcus',
  streptomyces: 'account.results.germGroups.streptomyces',
  fieldMoulds: 'account.results.germGroups.fieldMoulds',
  aspergillusPenicillium: 'account.results.germGroups.aspergillusPenicillium',
  mucorales: 'account.results.germGroups.mucorales',
  yeasts: 'account.results.germGroups.yeasts',
  // Silage and haylage (the engine's simpler limits).
  spoilageMoulds: 'account.results.germGroups.spoilageMoulds',
} as const;

type GermGroupKey = (typeof GERM_GROUP_KEYS)[keyof typeof GERM_GROUP_KEYS];

/** The catalog key of an analyte's label (the engine's or the laboratory's name), or null. */
export function analyteLabelKey(analyte: string) {
  const nutrient = Object.prototype.hasOwnProperty.call(NUTRIENT_OF, analyte) ? (NUTRIENT_OF[analyte] ?? analyte) : analyte;
  return nutrientLabelKey(nutrient);
}

/** An analyte's label in the visitor's language (one without a label as the server names it). */
export function analyteLabel(t: TFunction, analyte: string): string {
  const key = analyteLabelKey(analyte);
  return key ? t(key) : analyte;
}

/** The catalog key of a germ group's label, or null. */
export function germGroupLabelKey(group: string): GermGroupKey | null {
  return Object.prototype.hasOwnProperty.call(GERM_GROUP_KEYS, group) ? ((GERM_GROUP_KEYS as Record<string, GermGroupKey>)[group] ?? null) : null;
}

/** A germ group's label in the visitor's language (one without a label as the server names it). */
export function germGroupLabel(t: TFunction, group: string): string {
  const key = germGroupLabelKey(group);
  return key ? t(key) : group;
}
