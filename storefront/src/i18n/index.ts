/**
 * i18next set-up. Catalogs live in `locales/<culture>.json`, Dutch (`nl`) is the source.
 * Regional and partial catalogs fall back as README.md in this folder describes.
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The fifteen interface cultures of the specification. */
export const CULTURES = [
  'cs', 'da', 'de', 'de-AT', 'en', 'es', 'et', 'fr-BE', 'fr-FR', 'it', 'nl', 'nl-BE', 'pl', 'pt', 'sv',
] as const;
export type Culture = (typeof CULTURES)[number];

/** The default culture when nothing else is known. */
export const DEFAULT_CULTURE: Culture = 'nl';

// Each catalog is its own chunk: a visitor downloads only their culture and its fallbacks.
const catalogLoaders = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

async function loadResources(cultures: string[]): Promise<Resource> {
  const result: Resource = {};
  await Promise.all(
    cultures.map(async (culture) => {
      const load = catalogLoaders[`./locales/${culture}.json`];
      if (load) result[culture] = { translation: await load() };
    }),
  );
  return result;
}

/** The culture itself followed by every culture its missing keys come from. */
export function cultureChain(culture: string): string[] {
  const fallbacks = FALLBACK_CHAINS[culture] ?? FALLBACK_CHAINS.default ?? [];
  return [culture, ...fallbacks.filter((fallback) => fallback !== culture)];
}

/** Where a culture's missing keys come from, before the site's fallback, English and Dutch. */
export const FALLBACK_CHAINS: Record<string, string[]> = {
  'de-AT': ['de', 'nl'],
  'nl-BE': ['nl'],
  // The specification: Belgian French is largely untranslated Dutch.
  'fr-BE': ['nl'],
  default: ['en', 'nl'],
};

/** Starts i18next in the given culture. */
export async function initI18n(culture: string = DEFAULT_CULTURE): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: await loadResources(cultureChain(culture)),
    lng: culture,
    fallbackLng: FALLBACK_CHAINS,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
