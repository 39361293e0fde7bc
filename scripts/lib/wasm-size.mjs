// Shrinks a wasm-bindgen output in place, for the engine's build (scripts/lib/setup.sh).
//
//   node scripts/lib/wasm-size.mjs strip FILE          drops the `name` and `producers` custom
//                                                       sections (a third of the file; function
//                                                       names only matter for stack traces)
//   node scripts/lib/wasm-size.mjs pick FILE CANDIDATE  replaces FILE with CANDIDATE (e.g. the
//                                                       output of wasm-opt) only when CANDIDATE
//                                                       compiles and instantiates with FILE's
//                                                       imports and is smaller gzipped
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const [command, file, candidate] = process.argv.slice(2);

function readLeb(bytes, offset) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[offset++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, offset];
  }
}

function strip(bytes, drop) {
  const parts = [bytes.subarray(0, 8)];
  let offset = 8;
  while (offset < bytes.length) {
    const start = offset;
    const id = bytes[offset++];
    const [size, body] = readLeb(bytes, offset);
    offset = body + size;
    if (id === 0) {
      const [length, nameStart] = readLeb(bytes, body);
      const name = new TextDecoder().decode(bytes.subarray(nameStart, nameStart + length));
      if (drop.includes(name)) continue;
    }
    parts.push(bytes.subarray(start, offset));
  }
  return Buffer.concat(parts);
}

async function loads(bytes) {
  const module = await WebAssembly.compile(bytes);
  // Stub every import: instantiation checks the module's tables and types, which is what old
  // wasm-opt versions break (they turn wasm-bindgen's externref table into an anyref one).
  const imports = {};
  for (const { module: name, name: field, kind } of WebAssembly.Module.imports(module)) {
    imports[name] ??= {};
    imports[name][field] = kind === 'function' ? () => undefined : undefined;
  }
  const instance = await WebAssembly.instantiate(module, imports);
  const table = Object.values(instance.exports).find((value) => value instanceof WebAssembly.Table && value.length > 0);
  if (table) table.set(0, undefined); // what wasm-bindgen's start-up does with its externref table
  return true;
}

if (command === 'strip') {
  writeFileSync(file, strip(readFileSync(file), ['name', 'producers']));
} else if (command === 'pick') {
  const current = readFileSync(file);
  const proposed = readFileSync(candidate);
  let verdict;
  try {
    await loads(proposed);
    const [before, after] = [gzipSync(current, { level: 9 }).length, gzipSync(proposed, { level: 9 }).length];
    verdict = after < before ? 'smaller' : `not smaller gzipped (${after} >= ${before} bytes)`;
  } catch (error) {
    verdict = `does not load (${error.message})`;
  }
  if (verdict === 'smaller') {
    renameSync(candidate, file);
  } else {
    rmSync(candidate);
    console.log(`note: wasm-opt's output ${verdict}: keeping ${file} as it is`);
  }
} else {
  throw new Error('usage: wasm-size.mjs strip FILE | pick FILE CANDIDATE');
}
