/**
 * The site the visitor is on: chosen by the host name.
 * `toSite` is the one place that reshapes the API's Site into the storefront's type.
 */
import type { CultureCode } from '../engine';
import { CULTURES } from '../i18n/cultures';
import { api, ApiError } from './client';
import type { SchemaLanguage, SchemaLocalization, SchemaSite } from './generated/schema';

export type SiteType = 0 | 1 | 2;

/** The corporate site's type: the group's own site, which sells nothing. */
const CORPORATE_SITE_TYPE: SiteType = 2;

/** Whether a site is a brand's shop, with a cart, search, accounts and the shop's tools; the corporate site is not. */
export const isShop = (site: { type: number }): boolean => site.type !== CORPORATE_SITE_TYPE;
export type ThemeName = 'default' | 'green';

/** The API's language, its culture checked against the storefront's cultures. */
export type Language = Omit<SchemaLanguage, 'culture'> & { culture: CultureCode };

export interface Site {
  siteId: number;
  /** The site's name, e.g. "Hoefslag NL". */
  name: string;
  /** The brand name shown in the header: the API's `brand` if it sends one, else the name. */
  brandName: string;
  domain: string;
  /** 0 first brand (Hoefslag), 1 second brand (Weidegroen), 2 corporate. */
  type: SiteType;
  countryId: number;
  /** The currency symbol, e.g. "€", "Kr.", "zł"; the engine derives the currency from it. */
  currency: string;
  /** Units of the site's currency per euro (a decimal string); null on euro sites. */
  exchangeRate: string | null;
  languages: Language[];
  fallbackLanguageId: number | null;
  theme: ThemeName;
  autoRedirectIfNotInSameCountry: boolean;
  /** The payment methods offered, by id, in the site's order. */
  paymentMethods: number[];
  /** The VAT percentages, e.g. "21" and "9" (decimal strings). */
  vatPercentageHigh: string;
  vatPercentageLow: string;
  enableRqs: boolean;
  /** The tag manager's key (container id); empty: no tag manager. */
  tagManagerId: string;
  pages: {
    rootPageId: number | null;
    notFoundPageId: number | null;
    internalErrorPageId: number | null;
    customerServicePageId: number | null;
    checkoutSuccessPageId: number | null;
    checkoutSuccessRqsPageId: number | null;
    checkoutFailedPageId: number | null;
  };
  layout: {
    footerId: number | null;
    primaryNavigationId: number | null;
    notificationId: number | null;
    headerUspCollectionId: number | null;
    cartUspCollectionId: number | null;
  };
  /** The captcha widget (its site key and script) while the server checks captchas; else none. */
  captcha?: { siteKey: string; scriptUrl: string } | null;
  /** The store locator's map tiles (`MAP_TILE_URL`, `MAP_TILE_ATTRIBUTION`); none: no map, the list alone. */
  map?: MapTiles | null;
}

/** A tile service: Leaflet's URL template (`{z}/{x}/{y}`) and the credit it asks for, as plain text. */
export interface MapTiles {
  tileUrl: string;
  attribution: string;
}

/** Why the site could not be started (startup errors). */
export type SiteProblem = 'notFound' | 'noLanguage' | 'missingData';

/** A startup error: the page shows it full-screen. */
export class SiteError extends Error {
  readonly problem: SiteProblem;

  constructor(problem: SiteProblem, detail: string) {
    super(detail);
    this.name = 'SiteError';
    this.problem = problem;
  }
}

/**
 * The API's Site as it may arrive: the site's data is configured, so a field can be missing
 * (a startup error); `toSite` checks what the storefront needs.
 */
export type ArrivingSite = Partial<Omit<SchemaSite, 'languages'>> & { languages?: Partial<SchemaLanguage>[] };

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const decimalText = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const isCulture = (value: unknown): value is CultureCode => typeof value === 'string' && (CULTURES as readonly string[]).includes(value);

function toLanguage(raw: Partial<SchemaLanguage>): Language | null {
  const { languageId, culture, localizedName } = raw;
  if (typeof languageId !== 'number' || !isCulture(culture)) return null;
  return { languageId, culture, localizedName: typeof localizedName === 'string' ? localizedName : culture };
}

/** Reshapes the API's Site (camelCase) into `Site`; throws `SiteError`. */
export function toSite(raw: ArrivingSite | null | undefined): Site {
  if (typeof raw !== 'object' || raw === null) throw new SiteError('notFound', 'no site in the answer');
  const { siteId, name, domain, type, countryId } = raw;
  if (typeof siteId !== 'number' || typeof name !== 'string' || typeof countryId !== 'number') {
    throw new SiteError('missingData', 'the site misses its id, name or country');
  }
  if (!Array.isArray(raw.languages) || raw.languages.length === 0) {
    throw new SiteError('noLanguage', `site ${siteId} has no language`);
  }
  const languages = raw.languages.map(toLanguage);
  if (languages.some((language) => language === null)) {
    throw new SiteError('missingData', `site ${siteId} has a language without id, culture or name`);
  }
  const siteType: SiteType = type === 1 || type === 2 ? type : 0;
  const brand = typeof raw.brand === 'string' && raw.brand !== '' ? raw.brand : name;
  return {
    siteId,
    name,
    brandName: brand,
    domain: typeof domain === 'string' ? domain : '',
    type: siteType,
    countryId,
    currency: typeof raw.currency === 'string' ? raw.currency : '€',
    exchangeRate: typeof raw.exchangeRate === 'string' && raw.exchangeRate !== '' ? raw.exchangeRate : null,
    languages: languages as Language[],
    fallbackLanguageId: numberOrNull(raw.fallbackLanguageId),
    theme: raw.theme === 'green' || (raw.theme === undefined && siteType === 1) ? 'green' : 'default',
    autoRedirectIfNotInSameCountry: raw.autoRedirectIfNotInSameCountry === true,
    paymentMethods: Array.isArray(raw.paymentMethods) ? raw.paymentMethods.filter((id): id is number => typeof id === 'number') : [],
    vatPercentageHigh: decimalText(raw.vatPercentageHigh),
    vatPercentageLow: decimalText(raw.vatPercentageLow),
    enableRqs: raw.enableRqs === true,
    tagManagerId: typeof raw.tagManagerId === 'string' ? raw.tagManagerId.trim() : '',
    pages: {
      rootPageId: numberOrNull(raw.rootPageId),
      notFoundPageId: numberOrNull(raw.notFoundPageId),
      internalErrorPageId: numberOrNull(raw.internalErrorPageId),
      customerServicePageId: numberOrNull(raw.customerServicePageId),
      checkoutSuccessPageId: numberOrNull(raw.checkoutSuccessPageId),
      checkoutSuccessRqsPageId: numberOrNull(raw.checkoutSuccessRqsPageId),
      checkoutFailedPageId: numberOrNull(raw.checkoutFailedPageId),
    },
    layout: {
      footerId: numberOrNull(raw.footerId),
      primaryNavigationId: numberOrNull(raw.primaryNavigationId),
      notificationId: numberOrNull(raw.notificationId),
      headerUspCollectionId: numberOrNull(raw.headerUspCollectionId),
      cartUspCollectionId: numberOrNull(raw.cartUspCollectionId),
    },
    captcha:
      typeof raw.captchaSiteKey === 'string' && raw.captchaSiteKey !== '' && typeof raw.captchaScriptUrl === 'string' && raw.captchaScriptUrl !== ''
        ? { siteKey: raw.captchaSiteKey, scriptUrl: raw.captchaScriptUrl }
        : null,
    map:
      typeof raw.mapTileUrl === 'string' && raw.mapTileUrl !== ''
        ? { tileUrl: raw.mapTileUrl, attribution: typeof raw.mapTileAttribution === 'string' ? raw.mapTileAttribution : '' }
        : null,
  };
}

/** The site for a host name; a 404 (or an empty answer) is `SiteError('notFound')`. */
export async function fetchSiteByDomain(domain: string): Promise<Site> {
  let raw: SchemaSite | null | undefined;
  try {
    raw = await api.get('/api/sites/getbydomain', { query: { domain }, cached: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new SiteError('notFound', `no site for ${domain}`);
    throw error;
  }
  if (raw === undefined || raw === null) throw new SiteError('notFound', `no site for ${domain}`);
  return toSite(raw);
}

/** Answer of the localization check: where a visitor from another country may want to go. */
export type LocalizationSuggestion = Required<SchemaLocalization>;

/** `POST /api/Sites?url=&countryCode=`: is there a better site for a visitor from this country? */
export async function checkLocalization(url: string, countryCode: string): Promise<LocalizationSuggestion> {
  const answer = await api.post('/api/Sites', { query: { url, countryCode } });
  return {
    redirectUrl: answer.redirectUrl ? answer.redirectUrl : null,
    availableQueryParameters: answer.availableQueryParameters,
  };
}
