/**
 * The catalog keys of the feed calculator's choices (horse type, work load, roughage type),
 * shared by the calculator and the account's saved feed advice. The calculator's answers name
 * pasture grass `pasture` (the fixtures' word), saved advice `grass` (the engine's).
 */

const HORSE_TYPE_KEYS = {
  horse: 'feedCalculator.horse',
  pony: 'feedCalculator.pony',
  youngHorse: 'feedCalculator.youngHorse',
  senior: 'feedCalculator.senior',
  broodmare: 'feedCalculator.broodmare',
} as const;

const WORK_LOAD_KEYS = {
  none: 'feedCalculator.workLoadNone',
  light: 'feedCalculator.workLoadLight',
  average: 'feedCalculator.workLoadAverage',
  heavy: 'feedCalculator.workLoadHeavy',
} as const;

const ROUGHAGE_KEYS = {
  hay: 'feedCalculator.hay',
  haylage: 'feedCalculator.haylage',
  silage: 'feedCalculator.silage',
  pasture: 'feedCalculator.grass',
  grass: 'feedCalculator.grass',
} as const;

function keyOf<K extends string>(keys: Record<string, K>, choice: string): K | null {
  return Object.prototype.hasOwnProperty.call(keys, choice) ? (keys[choice] ?? null) : null;
}

/** The catalog key of a horse type, or null for one the storefront does not know. */
export const horseTypeKey = (choice: string) => keyOf(HORSE_TYPE_KEYS, choice);

/** The catalog key of a work load, or null for one the storefront does not know. */
export const workLoadKey = (choice: string) => keyOf(WORK_LOAD_KEYS, choice);

/** The catalog key of a roughage type, or null for one the storefront does not know. */
export const roughageKey = (choice: string) => keyOf(ROUGHAGE_KEYS, choice);
