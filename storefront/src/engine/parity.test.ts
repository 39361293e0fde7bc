// @vitest-environment node
/**
 * Native/WASM parity on random inputs. `engine/examples/parity.rs` (a seeded generator) writes
 * random inputs of every operation, valid and invalid, with the native engine's output bytes or
 * error; here each input goes through the WASM engine's Node build, and the output must be the
 * same bytes (errors: the same code and message).
 *
 * The file comes from `PARITY_FILE`, else target/parity/parity.jsonl; `scripts/test.sh` writes
 * 2,000 cases there before vitest runs, `scripts/parity.sh N` any number. Without either, the
 * test writes 200 cases itself with the native engine (`cargo run -p engine --example parity`),
 * so it never passes by running nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { caught, nodeEngine } from './testing/node-engine';

interface ParityCase {
  operation: string;
  input: string;
  output?: string;
  error?: { code: string; message: string };
}

const repository = fileURLToPath(new URL('../../../', import.meta.url));
const defaultFile = `${repository}target/parity/parity.jsonl`;

/** The cases to compare: the given file (which must exist), else the default one, else 200 new ones. */
function parityCases(): string[] {
  const given = process.env.PARITY_FILE;
  if (given && !existsSync(given)) throw new Error(`PARITY_FILE names ${given}, which does not exist`);
  const file = given ?? defaultFile;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    execFileSync('cargo', ['run', '--quiet', '-p', 'engine', '--example', 'parity', '--', '200', '20240601', file], {
      cwd: repository,
      stdio: 'inherit',
    });
  }
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

describe('native/WASM parity on random inputs', () => {
  it('gives the native engine’s bytes for every input', { timeout: 600_000 }, () => {
    const lines = parityCases();
    const mismatches: string[] = [];
    const perOperation = new Map<string, { cases: number; errors: number }>();
    for (const [index, line] of lines.entries()) {
      const parityCase = JSON.parse(line) as ParityCase;
      const tally = perOperation.get(parityCase.operation) ?? { cases: 0, errors: 0 };
      tally.cases += 1;
      perOperation.set(parityCase.operation, tally);
      if (parityCase.error) {
        tally.errors += 1;
        const error = caught(() => nodeEngine.run(parityCase.operation, parityCase.input));
        if (error.code !== parityCase.error.code || error.message !== parityCase.error.message) {
          mismatches.push(
            `#${index + 1} ${parityCase.operation}: native ${JSON.stringify(parityCase.error)}, wasm ${String(error.code)} ${String(error.message)}`,
          );
        }
      } else {
        let output: string;
        try {
          output = nodeEngine.run(parityCase.operation, parityCase.input);
        } catch (error) {
          output = `threw ${String(error)}`;
        }
        if (output !== parityCase.output) {
          mismatches.push(`#${index + 1} ${parityCase.operation}: native ${parityCase.output}, wasm ${output}`);
        }
      }
    }
    const summary = [...perOperation.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([operation, { cases, errors }]) => `  ${operation}: ${cases} (${errors} errors)`)
      .join('\n');
    console.log(`parity: ${lines.length} cases, ${lines.length - mismatches.length} identical, ${mismatches.length} different\n${summary}`);
    expect(lines.length).toBeGreaterThan(0);
    expect(mismatches.slice(0, 20)).toEqual([]);
  });
});
