// Packs the landscape's wasm for the web: web/noisefield-landscape.wasm.lzma, an .lzma ("LZMA
// alone") file made by xz, which the module's face decodes before instantiating (unpackWasm in
// cpp/bindings/landscape.entry.js, the decoder in lzma.decode.js). The 404 page, dist/ and the npm
// package load this file: about 15 % smaller than the plain wasm gzipped, and arriving small from
// a host that compresses nothing. `./noisefield wasm`/`build` run this after the modules.
//   node tools/pack-wasm.mjs [IN.wasm] [OUT.wasm.lzma] [MODULE.mjs]
// Checks the result with the module's own decoder, so a build never ships a file its page cannot
// read back byte for byte.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = join(fileURLToPath(new URL('..', import.meta.url)), 'web');

// xz's -9e with pb=1 and nice=128 (and lc=3 lp=0, -9e's own). Measured on the module three times
// (2026-12-02: two links, with and without the trimmed 2/pi table, 57-59 KB packed), over a grid of
// lc 1-4, lp 0-1, pb 0-3, nice 32-273, mf bt2/bt3/bt4: pb=1 was the smallest pb in every one (pb=2,
// -9e's, +40..90 bytes; pb=0 and 3 larger still, except pb=0 once), nice 64-128 within 15 bytes of
// each other (-9e's 273: +20..45), bt4 (-9e's) as good as bt3, lc=3 the best lc, lp=1 +450. The
// decoder reads lc/lp/pb from the header and takes any of them (tests/wasm/lzma.test.mjs); nice is
// the encoder's alone. Wasm's bytes have no alignment for lp to use.
export const XZ_ARGS = ['--format=lzma', '--lzma1=preset=9e,lc=3,lp=0,pb=1,nice=128', '--stdout'];

export function packWasm(wasm) {
  let packed;
  try {
    packed = execFileSync('xz', XZ_ARGS, { input: wasm, maxBuffer: 1 << 28 });
  } catch (e) {
    throw new Error(`pack-wasm: xz failed (${e.code === 'ENOENT' ? 'xz is not installed: apt-get install xz-utils' : e.message})`);
  }
  // xz writes "size unknown" (all ones) and an end marker; the decoder wants the real size (it
  // allocates its output once and refuses anything longer) and the end marker (its integrity check).
  const header = Buffer.from(packed.subarray(5, 13));
  if (!header.equals(Buffer.alloc(8, 0xff))) throw new Error('pack-wasm: xz wrote an unexpected .lzma header');
  packed.writeBigUInt64LE(BigInt(wasm.length), 5);
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
