/** The fifteen interface cultures of the specification. */
export const CULTURES = ['cs', 'da', 'de', 'de-AT', 'en', 'es', 'et', 'fr-BE', 'fr-FR', 'it', 'nl', 'nl-BE', 'pl', 'pt', 'sv'] as const;
export type Culture = (typeof CULTURES)[number];

/** The default culture when nothing else is known. */
export const DEFAULT_CULTURE: Culture = 'nl';

/** Cultures whose catalog holds every key of nl.json; the regional ones hold only differences. */
export const COMPLETE_CULTURES = ['nl', 'cs', 'da', 'de', 'en', 'es', 'et', 'fr-FR', 'it', 'pl', 'pt', 'sv'] as const satisfies readonly Culture[];
