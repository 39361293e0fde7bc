/**
 * The engine's JSON shapes, generated from the Rust types: the engine's `typescript` feature
 * derives a declaration for every input and output type (tsify), wasm-bindgen writes them into the
 * package's `.d.ts`, and they are re-exported here. Nothing is written by hand, so the
 * storefront's types cannot drift from the engine's: a changed Rust type fails `tsc`.
 *
 * Amounts (`Money`), VAT rates, percentages and quantities are decimal strings, never numbers.
 * `Operations` maps every operation name of `runOperation` to its input and output type.
 */
export type * from '@hoofbeat/engine-wasm';

/**
 * A culture code of the fifteen interface cultures, e.g. `nl`, `de-AT`. The engine declares
 * `Culture` as a string (it parses it itself); the storefront narrows it to its catalogs' list,
 * which `toSite` checks when a site arrives.
 */
export type { Culture as CultureCode } from '../i18n/cultures';

/** A key of a user-visible message the engine can report (`messages.keys`). */
export type { MessageKey as EngineMessageKey } from '@hoofbeat/engine-wasm';
