/** Nutrient names and groups in the visitor's language (product page and comparison). */
import type { TFunction } from 'i18next';

import type { Nutrient } from '../../api/catalog';

/** The server's nutrient keys and their catalog keys (the specification's order is the server's). */
const NUTRIENT_KEYS = {
  dryMatterPercent: 'dryMatter',
  crudeProtein: 'crudeProtein',
  sugar: 'sugar',
  crudeFibre: 'crudeFibre',
  crudeFat: 'crudeFat',
  crudeAsh: 'crudeAsh',
  digestibleEnergyMj: 'energyDe',
  ewpa: 'ewpa',
  calcium: 'calcium',
  phosphorus: 'phosphorus',
  magnesium: 'magnesium',
  sodium: 'sodium',
  potassium: 'potassium',
  copper: 'copper',
  zinc: 'zinc',
  manganese: 'manganese',
  selenium: 'selenium',
  iron: 'iron',
  vitaminA: 'vitaminA',
  vitaminD3: 'vitaminD3',
  vitaminE: 'vitaminE',
  biotin: 'biotin',
} as const;
const GROUP_KEYS = {
  analysis: 'analysis',
  energy: 'energy',
  minerals: 'minerals',
  traceElements: 'traceElements',
  vitamins: 'vitamins',
} as const;

type NutrientKey = (typeof NUTRIENT_KEYS)[keyof typeof NUTRIENT_KEYS];

/** The catalog key of a nutrient's label (`product.nutrients.…`), or null for a nutrient without one. */
export function nutrientLabelKey(nutrient: string): `product.nutrients.${NutrientKey}` | null {
  const key = Object.prototype.hasOwnProperty.call(NUTRIENT_KEYS, nutrient) ? (NUTRIENT_KEYS as Record<string, NutrientKey>)[nutrient] : undefined;
  return key ? `product.nutrients.${key}` : null;
}

/** A nutrient's label in the visitor's language (unknown ones as the server names them). */
export function nutrientLabel(t: TFunction, nutrient: Nutrient): string {
  const key = nutrientLabelKey(nutrient.nutrient);
  return key ? t(key) : nutrient.nutrient;
}

/** A nutrient group's heading, or null for an unknown group. */
export function nutrientGroupLabel(t: TFunction, group: string): string | null {
  const key = (GROUP_KEYS as Record<string, (typeof GROUP_KEYS)[keyof typeof GROUP_KEYS]>)[group];
  return key ? t(`product.nutrients.${key}`) : null;
}
