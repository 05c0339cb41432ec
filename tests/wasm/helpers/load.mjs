// Loads web/noisefield.mjs in Node: the ES6 factory expects a browser-ish global require/__dirname,
// and is given the wasm bytes directly (no fetch of a file:// URL).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
globalThis.require ??= createRequire(import.meta.url);
globalThis.__dirname ??= join(root, 'web');

export const repoRoot = root;

export async function loadNoisefield() {
  const { default: createNoisefield } = await import(join(root, 'web', 'noisefield.mjs'));
  return createNoisefield({ wasmBinary: readFileSync(join(root, 'web', 'noisefield.wasm')) });
}
