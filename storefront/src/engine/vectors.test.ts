// @vitest-environment node
/**
 * Runs every shared vector under fixtures/vectors/ through the Node build of the WASM engine:
 * the same files `engine/tests/vectors.rs` runs natively, with the same expected JSON.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const engine = require('../../../engine-wasm/pkg-node/engine_wasm.js') as {
  run(operation: string, input: string): string;
};

const vectorRoot = fileURLToPath(new URL('../../../fixtures/vectors', import.meta.url));

interface VectorCase {
  name: string;
  input: unknown;
  output?: unknown;
  error?: { code: string };
}

function vectorFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return vectorFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
}

/** JSON text with object keys sorted, so equal values give equal bytes. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const files = vectorFiles(vectorRoot);

describe('shared vectors through the WASM engine (Node build)', () => {
  it('finds vector files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    const vector = JSON.parse(readFileSync(file, 'utf8')) as { operation: string; cases: VectorCase[] };
    describe(file.slice(vectorRoot.length + 1), () => {
      for (const testCase of vector.cases) {
        it(testCase.name, () => {
          const input = JSON.stringify(testCase.input);
          if (testCase.error) {
            expect(() => engine.run(vector.operation, input)).toThrow(`"code":"${testCase.error.code}"`);
          } else {
            const output = engine.run(vector.operation, input);
            expect(canonical(JSON.parse(output))).toBe(canonical(testCase.output));
          }
        });
      }
    });
  }
});
