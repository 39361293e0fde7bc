// Writes the package.json of a wasm-bindgen output folder: the npm package
// @hoofbeat/engine-wasm, an ES module for the browser (`web`) or CommonJS for Node (`nodejs`).
// Usage: node scripts/lib/wasm-package.mjs <folder> <web|nodejs>
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [folder, target] = process.argv.slice(2);
if (!folder || !['web', 'nodejs'].includes(target)) {
  console.error('usage: wasm-package.mjs <folder> <web|nodejs>');
  process.exit(2);
}
const hasSnippets = readdirSync(folder).includes('snippets');
const manifest = {
  name: '@hoofbeat/engine-wasm',
  ...(target === 'web' ? { type: 'module' } : {}),
  description: 'The Hoofbeat Commerce engine for JavaScript, compiled to WebAssembly.',
  version: '0.1.0',
  license: 'MIT',
  files: ['engine_wasm_bg.wasm', 'engine_wasm.js', 'engine_wasm.d.ts', ...(hasSnippets ? ['snippets'] : [])],
  main: 'engine_wasm.js',
  types: 'engine_wasm.d.ts',
  ...(target === 'web' && hasSnippets ? { sideEffects: ['./snippets/*'] } : {}),
};
writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
