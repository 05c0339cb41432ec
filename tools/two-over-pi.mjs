// musl's 2/pi table in a wasm, cut to what double and float arguments read (tools/landscape-module.mjs
// does it to the 404 page's module; tests/wasm/landscape_module.test.mjs checks it on the module and
// on a probe of sin/cos/sinf/cosf, tests/selfcheck/trig_probe.cpp).
//
// The table (ipio2 in musl's __rem_pio2_large.c: 2/pi's bits, 24 to an int32) has 690 entries in a
// build whose long double is quad (wasm's): 66 for double and float arguments, 624 more for long
// double's. Those 2,496 bytes are random to a compressor (about 1.9 KB of the packed wasm); zeroed,
// wasm-opt's memory packing drops them from the data. The results are unchanged for every argument:
//  - __rem_pio2_large reads ipio2[j] for j <= jv + jz, where jv = max(0, (e0 - 3) / 24) and
//    jz + nx - 1 <= 19 (its arrays f[], q[], iq[] have 20 elements); e0 is the argument's exponent
//    - 23. A finite double has e0 <= 1023 - 23 = 1000, so jv <= 41 and j <= 60; a float, e0 <= 104,
//    jv <= 4 and j <= 23. Entries 0..65 are kept: every double and float reaches only those (musl's
//    own 66-entry table for targets whose long double is double), however large the arguments (the
//    scene's clock is clamped to 1e9 s, but the bound does not rely on it).
//  - Only __rem_pio2l (sinl, cosl, tanl) asks for more, so the module must have no long-double code:
//    the link's symbol map (--emit-symbol-map, CMakeLists.txt) must name none of it, nor the
//    compiler-rt quad routines (__multf3, __addtf3, ...) that long-double arithmetic calls, or this
//    throws rather than zero what some call could read. (The map names what the link's own wasm-opt
//    left: a function with one caller may be inlined away, as __rem_pio2_large is into __rem_pio2,
//    but the quad routines are large and called from many places in sinl's kernels.)
import { existsSync, readFileSync } from 'node:fs';

export const TWO_OVER_PI_KEPT = 66;
// The table's first entries (0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1: 2/pi = 0.A2F9836E4E441529FC2757D1...),
// little-endian, and its first long-double entries (0x47C419, 0xC367CD), entries 66 and 67.
export const TWO_OVER_PI_HEAD = Buffer.from('83f9a200444e6e00fc291500d1572700', 'hex');
const LONG_DOUBLE_HEAD = Buffer.from('19c44700cd67c300', 'hex');
const LONG_DOUBLE = new RegExp('^(__rem_pio2l|__sinl|__cosl|__tanl|sinl|cosl|tanl|sincosl|__(add|sub|mul|div|neg)tf3|' +
  '__(eq|ne|lt|le|gt|ge|unord|cmp)tf2|__(extend[sd]ftf2|trunctf[sd]f2|fix(uns)?tf[sdt]i|float(un)?[sdt]itf|powitf2))$');

// An Emscripten symbol map ("index:name" lines) -> the names.
export function readSymbols(file) {
  if (!existsSync(file)) throw new Error(`two-over-pi: ${file} is missing (the link's --emit-symbol-map)`);
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => l.slice(l.indexOf(':') + 1));
}

function dataSection(bytes) {
  const leb = (at) => { let v = 0, s = 0, b; do { b = bytes[at++]; v += (b & 0x7f) * 2 ** s; s += 7; } while (b & 0x80); return [v, at]; };
  for (let at = 8; at < bytes.length;) {
    const [size, body] = leb(at + 1);
    if (bytes[at] === 11) return { body, end: body + size };
    at = body + size;
  }
  return null;
}

// -> a copy of the wasm `bytes` with entries `kept`..689 of the table zeroed (the bytes themselves if
// the wasm has no table: no sin or cos of a large argument). `names`: the link's function names.
// `kept` other than 66 is for the tests alone (to see what reads further).
export function trimTwoOverPi(bytes, names, kept = TWO_OVER_PI_KEPT) {
  const longDouble = names.filter((n) => LONG_DOUBLE.test(n));
  if (longDouble.length) throw new Error(`two-over-pi: the module has long-double code (${longDouble.join(', ')}): musl's 2/pi table must stay whole`);
  const at = bytes.indexOf(TWO_OVER_PI_HEAD);
  if (at < 0) return bytes;
  const data = dataSection(bytes), to = at + 690 * 4;
  if (bytes.indexOf(TWO_OVER_PI_HEAD, at + 1) >= 0 || !data || at < data.body || to > data.end) {
    throw new Error('two-over-pi: musl\'s 2/pi table not found once in the wasm\'s data');
  }
  if (!bytes.subarray(at + 66 * 4, at + 68 * 4).equals(LONG_DOUBLE_HEAD)) throw new Error('two-over-pi: musl\'s 2/pi table is not the 690-entry one');
  for (let i = at + 3; i < to; i += 4) if (bytes[i] !== 0) throw new Error('two-over-pi: musl\'s 2/pi table has an entry over 24 bits');
  const out = Buffer.from(bytes);
  out.fill(0, at + kept * 4, to);
  return out;
}
