/**
 * The Node build of the WASM engine (engine-wasm/pkg-node), for tests that compare it with the
 * native engine. The same Rust code as the browser build the storefront ships, with every
 * operation (engine-wasm's feature `all-operations`; the browser build leaves out those only
 * the server calls).
 */
import { createRequire } from 'node:module';

import type * as EngineWasm from '../../../../engine-wasm/pkg-node/engine_wasm.js';

const require = createRequire(import.meta.url);

/** The Node build's exports, typed by the package's generated declarations. */
export type NodeEngine = Omit<typeof EngineWasm, 'default' | 'initSync'>;

export const nodeEngine = require('../../../../engine-wasm/pkg-node/engine_wasm.js') as NodeEngine;

/**
 * JSON text with object keys sorted (by UTF-16 code units, at every depth) and no white space:
 * equal JSON values give equal bytes, whatever the key order of the writer.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What the engine threw: its code and message, or the thrown value itself. */
export function caught(call: () => unknown): { code?: unknown; messageKey?: unknown; message?: unknown; name?: unknown } {
  try {
    call();
  } catch (error) {
    return error as { code?: unknown; message?: unknown };
  }
  throw new Error('expected the engine to throw');
}
