// Packs the landscape's wasm for the web: web/noisefield-landscape.wasm.lzma, the wasm split into
// streams by kind of byte (tools/split-wasm.mjs), then an .lzma ("LZMA alone") file made by xz,
// which the module's face decodes and unsplits before instantiating (unpackWasm in
// cpp/bindings/landscape.entry.js, the decoder in lzma.decode.js, the unsplitter in
// wasm.unsplit.js). The 404 page, dist/ and the npm package load this file: about 22 % smaller
// than the plain wasm gzipped, and arriving small from a host that compresses nothing.
// `./noisefield wasm`/`build` run this after the modules.
//   node tools/pack-wasm.mjs [IN.wasm] [OUT.wasm.lzma] [MODULE.mjs]
// Checks the result with the module's own decoder, so a build never ships a file its page cannot
// read back byte for byte.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { splitWasm } from './split-wasm.mjs';

const web = join(fileURLToPath(new URL('..', import.meta.url)), 'web');

// xz's -9e with lc=1, pb=0 and nice=128, on the split file (tools/split-wasm.mjs). Measured on the
// split module (2026-12-03, 149,935 B split): lc=1 54,303 B, lc=0 +320, lc=2 +170, lc=3 +540
// (each stream holds one kind of byte, so the previous byte predicts less than it did in the plain
// wasm, where lc=3 was best); pb=1 +190; nice 64 +55, 96 +45, 192 +100, 273 +120; bt3 +40. The
// decoder reads lc/lp/pb from the header and takes any of them (tests/wasm/lzma.test.mjs); nice is
// the encoder's alone. (On the plain wasm, 2026-12-02: lc=3 pb=1 nice=128 were best, 59.6 KB.)
export const XZ_ARGS = ['--format=lzma', '--lzma1=preset=9e,lc=1,lp=0,pb=0,nice=128', '--stdout'];

export function packWasm(wasm) {
  const split = splitWasm(wasm);
  let packed;
  try {
    packed = execFileSync('xz', XZ_ARGS, { input: split, maxBuffer: 1 << 28 });
  } catch (e) {
    throw new Error(`pack-wasm: xz failed (${e.code === 'ENOENT' ? 'xz is not installed: apt-get install xz-utils' : e.message})`);
  }
  // xz writes "size unknown" (all ones) and an end marker; the decoder wants the real size (it
  // allocates its output once and refuses anything longer) and the end marker (its integrity check).
  const header = Buffer.from(packed.subarray(5, 13));
  if (!header.equals(Buffer.alloc(8, 0xff))) throw new Error('pack-wasm: xz wrote an unexpected .lzma header');
  packed.writeBigUInt64LE(BigInt(split.length), 5);
  return packed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [from, to, mjs] = [
    process.argv[2] ?? join(web, 'noisefield-landscape.wasm'),
    process.argv[3] ?? join(web, 'noisefield-landscape.wasm.lzma'),
    process.argv[4] ?? join(web, 'noisefield-landscape.mjs'),
  ].map((f) => resolve(f));
  const wasm = readFileSync(from);
  const packed = packWasm(wasm);
  const { unpackWasm } = await import(pathToFileURL(mjs).href);
  if (!Buffer.from(await unpackWasm(packed)).equals(wasm)) throw new Error(`pack-wasm: ${to} does not decode to ${from}`);
  writeFileSync(to, packed);
}
