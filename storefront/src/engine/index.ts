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

import type { VatSplit, VatSplitRequest } from './types';

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
