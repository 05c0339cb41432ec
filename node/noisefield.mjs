// The package's Node entry (`import createNoisefield from 'noisefield'` under Node): the same
// factory as web/noisefield.mjs, without the set-up its Emscripten loader expects from a page.
// It reads the wasm bytes from the package itself (Node's fetch cannot read file: URLs), and the
// loader's one read of a CommonJS `__dirname` is given a value for the length of the call only.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import createModule from '../web/noisefield.mjs';

const wasmFile = new URL('../web/noisefield.wasm', import.meta.url);
let wasmBytes = null;

export default async function createNoisefield(options = {}) {
  const wasmBinary = options.wasmBinary ?? (wasmBytes ??= await readFile(wasmFile));
  const had = Object.prototype.hasOwnProperty.call(globalThis, '__dirname');
  const saved = globalThis.__dirname;
  globalThis.__dirname = fileURLToPath(new URL('../web/', import.meta.url));
  try {
    return await createModule({ ...options, wasmBinary });
  } finally {
    if (had) globalThis.__dirname = saved;
    else delete globalThis.__dirname;
  }
}
