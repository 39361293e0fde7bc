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
