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

// xz's own -9e settings, spelled out: measured on the module (117,638 bytes, 2026-12-01) they were
// the smallest of those tried (45,749 bytes; lc=4 +120, lc=2 +430, lc=0..3 with pb=0 +200..600,
// lp=1 +450, pb=3 +90; the match finder's nice/depth/mf within +-30). Wasm's bytes have no
// alignment for lp to use.
export const XZ_ARGS = ['--format=lzma', '--lzma1=preset=9e,lc=3,lp=0,pb=2', '--stdout'];

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
