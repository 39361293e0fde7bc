/**
 * The engine's JSON shapes. Amounts and percentages are decimal strings, never numbers.
 * These mirror `engine/src/vat.rs`; the parity and vector tests fail when they drift.
 */

/** A decimal amount with two fraction digits, e.g. `"12.34"`. */
export type Money = string;

/** A VAT percentage from 0 to 100, e.g. `"21"` or `"5.5"`. */
export type VatRate = string;

export interface VatSplitRequest {
  amountInclVat: Money;
  vatRatePercentage: VatRate;
}

export interface VatSplit {
  amountInclVat: Money;
  amountExclVat: Money;
  vatAmount: Money;
  vatRatePercentage: VatRate;
}

/** A culture code of the fifteen interface cultures, e.g. `nl`, `de-AT`. */
export type CultureCode =
  | 'cs' | 'da' | 'de' | 'de-AT' | 'en' | 'es' | 'et' | 'fr-BE' | 'fr-FR' | 'it' | 'nl' | 'nl-BE' | 'pl' | 'pt' | 'sv';

/** Currencies the engine derives from a site's currency symbol (`locale.currency`). */
export type CurrencyCode = 'EUR' | 'DKK' | 'SEK' | 'PLN';

export interface CurrencyResult {
  currency: CurrencyCode;
  /** True for every currency but the euro: such prices are indicative only. */
  indicative: boolean;
}

/** Input of `locale.fallbackLanguage`. */
export interface CultureRequest {
  requested?: CultureCode | null;
  siteCultures?: CultureCode[];
  siteFallback?: CultureCode | null;
}

/** Output of `locale.fallbackLanguage`. */
export interface CultureResolution {
  culture: CultureCode;
  fallback: CultureCode;
}

/** Output of `url.comparePath`. */
export interface ComparePath {
  /** The route path as the specification writes it, e.g. `/porównaj`. */
  path: string;
  /** The link to use: with its trailing slash and percent-encoded, e.g. `/por%C3%B3wnaj/`. */
  href: string;
}

/** Page and page size read from or written into a URL (`p`, `ps`). */
export interface Paging {
  page: number;
  pageSize: number;
}

/** A key of a user-visible message the engine can report (`messages.keys`). */
export type EngineMessageKey = string;
