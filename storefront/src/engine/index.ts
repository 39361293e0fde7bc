/**
 * The storefront's only door to the engine: the same Rust code the server runs, compiled to
 * WebAssembly. Every amount and rule the storefront shows comes through here; nothing is
 * re-computed in TypeScript.
 *
 * Call `loadEngine()` once before rendering (main.tsx does); after that the functions are
 * synchronous.
 */
import init, { run } from '@hoofbeat/engine-wasm';
import wasmUrl from '@hoofbeat/engine-wasm/engine_wasm_bg.wasm?url';

import type {
  ComparePath,
  CultureCode,
  CultureRequest,
  CultureResolution,
  CurrencyResult,
  EngineMessageKey,
  Paging,
  VatSplit,
  VatSplitRequest,
} from './types';

export type * from './types';

/** An error reported by the engine, with its stable code (e.g. `invalid_input`). */
export class EngineError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

let loading: Promise<void> | undefined;

/** Loads and instantiates the WebAssembly module; later calls share the first load. */
export function loadEngine(): Promise<void> {
  loading ??= init({ module_or_path: wasmUrl }).then(() => undefined);
  return loading;
}

function toEngineError(error: unknown): EngineError {
  const text = error instanceof Error ? error.message : String(error);
  try {
    const report = JSON.parse(text) as { code?: string; message?: string };
    return new EngineError(report.code ?? 'unknown', report.message ?? text);
  } catch {
    return new EngineError('unknown', text);
  }
}

/** Runs a named engine operation on a JSON-shaped input. */
export function runOperation<Output>(operation: string, input: unknown): Output {
  let output: string;
  try {
    output = run(operation, JSON.stringify(input));
  } catch (error) {
    throw toEngineError(error);
  }
  return JSON.parse(output) as Output;
}

/** Splits a VAT-inclusive amount into the amount excluding VAT and the VAT. */
export function splitVat(request: VatSplitRequest): VatSplit {
  return runOperation<VatSplit>('vat.split', request);
}

/**
 * The URL with the storefront's trailing-slash rule applied (a slash is added unless the last
 * segment has a file extension); query and fragment are kept.
 */
export function normalizeUrl(url: string): string {
  return runOperation<{ url: string }>('url.normalize', { url }).url;
}

/** The page and page size of a URL (`p`, `ps`; defaults 1 and 24). */
export function readPaging(url: string): Paging {
  return runOperation<Paging>('url.readPaging', { url });
}

/** The URL with its paging set; default values are left out. */
export function withPaging(url: string, paging: Paging): string {
  return runOperation<{ url: string }>('url.paging', { url, ...paging }).url;
}

/** The localized path of the comparison page for a culture. */
export function comparePath(culture: CultureCode): ComparePath {
  return runOperation<ComparePath>('url.comparePath', { culture });
}

/** The currency of a site, derived from its currency symbol. */
export function currencyFor(currencySymbol: string | null | undefined): CurrencyResult {
  return runOperation<CurrencyResult>('locale.currency', { currencySymbol: currencySymbol ?? null });
}

/** A decimal amount formatted for a culture with exactly two fraction digits (no currency). */
export function formatAmount(amount: string, culture: CultureCode): string {
  return runOperation<{ text: string }>('locale.formatAmount', { amount, culture }).text;
}

/** An ISO date (`2024-02-29`) as DD-MM-YYYY. */
export function formatDate(date: string): string {
  return runOperation<{ text: string }>('locale.formatDate', { date }).text;
}

/** Which culture to show: the requested one if the site offers it, else nl, else the fallback. */
export function resolveCulture(request: CultureRequest): CultureResolution {
  return runOperation<CultureResolution>('locale.fallbackLanguage', {
    requested: request.requested ?? null,
    siteCultures: request.siteCultures ?? [],
    siteFallback: request.siteFallback ?? null,
  });
}

/** Every message key the engine can report; translation catalogs must cover them all. */
export function messageKeys(): EngineMessageKey[] {
  return runOperation<{ keys: EngineMessageKey[] }>('messages.keys', null).keys;
}
