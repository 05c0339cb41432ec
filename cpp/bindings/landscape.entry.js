// The 404 page's module, web/noisefield-landscape.mjs: the scene (cpp/scene) and its parameter
// table as plain wasm exports, without Emscripten's runtime or embind. The build concatenates
// api.checks.js, scene.face.js, lzma.decode.js, wasm.unsplit.js and this file. Works in a page, a
// module worker and Node; uses no eval or new Function (a CSP with script-src 'self'
// 'wasm-unsafe-eval' is enough).
//
// createNoisefield(options) -> Promise of the module { Landscape, worldParams, parseWorldParam,
// seedFromText, heapUsedBytes, HEAPU8, kDefaultWorldSeed, kDarkDayCap, ... }, with the
// Emscripten factory's options that matter here:
//   instantiateWasm(imports, done)  instantiate it yourself (web/landscape-loader.js does);
//   wasmBinary                      the wasm's bytes, plain or packed (Node);
//   locateFile(name, prefix)        where the wasm is (default: noisefield-landscape.wasm.lzma next
//                                   to this file).
// unpackWasm(bytes, pause) -> Promise of the plain wasm's bytes, from a plain or an LZMA-packed
// file (see below); with pause (() => Promise), decoded in pieces with an await between.
/* global nfSceneFace, nfUnlzma, nfUnsplitWasm */

// nf::formatNumber's text (cpp/noise/number_text.cpp) without printf: NaN and the infinities as
// JavaScript writes them, integers below 1e15 in full, else the shortest %.{1..17}g that reads
// back exactly, in C's %g notation (exponent with a sign and at least two digits).
function numberText(v) {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(v) && Math.abs(v) < 1e15) return Object.is(v, -0) ? '-0' : String(v);
  const trim = (s) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);
  for (let p = 1; ; p++) {
    const [m, e] = v.toExponential(p - 1).split('e');
    if (p < 17 && Number(m + 'e' + e) !== v) continue;
    const x = Number(e);
    if (x < -4 || x >= p) return trim(m) + 'e' + (x < 0 ? '-' : '+') + String(Math.abs(x)).padStart(2, '0');
    return trim(v.toFixed(p - 1 - x));
  }
}

// The module is shipped split and LZMA-packed (tools/pack-wasm.mjs): about 22 % smaller than gzip -9
// makes the plain file, and under half of it from a host that compresses nothing, for some ms of
// decoding (lzma.decode.js, wasm.unsplit.js).
const WASM_FILE = 'noisefield-landscape.wasm.lzma';
const isWasm = (b) => b[0] === 0 && b[1] === 0x61 && b[2] === 0x73 && b[3] === 0x6d;  // "\0asm"

// A plain wasm (someone's own build) passes as it is, a packed one is decoded; anything else, such
// as a host's HTML page answered for a missing file, is refused with its first bytes.
export async function unpackWasm(bytes, pause) {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (isWasm(b)) return b;
  if (b.length < 14 || b[0] >= 225 || b[13] !== 0) {
    throw new Error('noisefield: not WebAssembly, packed or plain (starts with ' + JSON.stringify(String.fromCharCode(...b.subarray(0, 8))) + ')');
  }
  const more = nfUnlzma(b);
  let out;
  while (!(out = more(pause ? 16384 : Infinity))) await pause();
  // The build's file is split by kind of byte (wasm.unsplit.js), unsplit in pieces of 128 bodies
  // (the module's 366 take 3-4 ms warm, 10-20 cold); an LZMA'd plain wasm passes as it is.
  const unsplit = isWasm(out) ? null : nfUnsplitWasm(out);
  if (unsplit) while (!(out = unsplit(pause ? 128 : Infinity))) await pause();
  if (!isWasm(out)) throw new Error('noisefield: not WebAssembly, unpacked');
  return out;
}

async function instantiate(imports, options) {
  if (options.instantiateWasm) {
    return new Promise((resolve) => { options.instantiateWasm(imports, (instance) => resolve(instance)); });
  }
  let bytes = options.wasmBinary;
  if (!bytes) {
    // import.meta.url through a variable: webpack takes `new URL(name, import.meta.url)` with a name
    // it cannot read for a folder of files to bundle (a warning, and a module that throws).
    const here = import.meta.url;
    const url = options.locateFile ? options.locateFile(WASM_FILE, '') : new URL(WASM_FILE, here).href;
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) throw new Error('noisefield: ' + url + ': HTTP ' + res.status);
    bytes = await res.arrayBuffer();
  }
  return (await WebAssembly.instantiate(await unpackWasm(bytes), imports)).instance;
}

export default async function createNoisefield(options = {}) {
  let memory = null;
  const ascii = (ptr, n) => String.fromCharCode.apply(null, new Uint8Array(memory.buffer, ptr, n));
  const imports = {
    env: {
      // cpp/bindings/number_text_js.cpp
      nf_number_text(v, out) {
        const t = numberText(v);
        const heap = new Uint8Array(memory.buffer, out, t.length);
        for (let i = 0; i < t.length; i++) heap[i] = t.charCodeAt(i);
        return t.length;
      },
      nf_decimal_value: (ptr, n) => Number(ascii(ptr, n)),
      // Views over memory are re-made from memory.buffer at every use, so growth needs no notice.
      emscripten_notify_memory_growth() {},
    },
    wasi_snapshot_preview1: {
      // abort(): an allocation failed past what the scene checks, or a bug.
      proc_exit(code) { throw new Error('noisefield: the module stopped (exit code ' + code + ')'); },
      // std::chrono::steady_clock (a stepped repaint's time budget): nanoseconds at out; every
      // clock id is the monotonic one, which is all the scene asks for.
      clock_time_get(id, precision, out) {
        new DataView(memory.buffer).setBigUint64(out, BigInt(Math.round(performance.now() * 1e6)), true);
        return 0;
      },
    },
  };
  const instance = await instantiate(imports, options);
  const fn = instance.exports;
  memory = fn.memory;
  fn._initialize();  // the C++ static constructors
  const M = {};
  Object.defineProperty(M, 'HEAPU8', { get: () => new Uint8Array(memory.buffer), enumerable: true });
  nfSceneFace(M, fn, () => memory.buffer);
  return M;
}
