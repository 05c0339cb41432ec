// Finishes the 404 page's module after the link (CMake runs it; `./noisefield build` copies the
// results to web/): optimises the wasm for size with binaryen's wasm-opt (the npm package pinned
// in package.json, a newer binaryen than Emscripten's) and writes noisefield-landscape.mjs, the
// JavaScript face, from its sources in cpp/bindings/ (concatenated and minified with esbuild, as
// Emscripten minified the glue it replaces; the sources stay the readable ones).
//   node tools/landscape-module.mjs <noisefield-landscape.wasm> <noisefield-landscape.mjs>
import { transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { libmCalls } from './own-math.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [wasm, mjs] = process.argv.slice(2);
if (!wasm || !mjs) throw new Error('usage: node tools/landscape-module.mjs <wasm> <mjs>');

const wasmOpt = join(root, 'node_modules', 'binaryen', 'bin', 'wasm-opt');
if (!existsSync(wasmOpt)) throw new Error('binaryen is missing: run npm ci');

// The module's exports, read and rewritten in the binary (section 7): a list of (name, kind, index).
function leb(bytes, at) {
  let v = 0, shift = 0, b;
  do { b = bytes[at++]; v += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
  return [v, at];
}
function uleb(v) {
  const out = [];
  do { let b = v % 128; v = Math.floor(v / 128); if (v) b |= 0x80; out.push(b); } while (v);
  return out;
}
function sections(bytes) {
  const list = [];
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at];
    const [size, body] = leb(bytes, at + 1);
    list.push({ id, start: at, body, end: body + size });
    at = body + size;
  }
  return list;
}
function readExports(bytes) {
  const s = sections(bytes).find((x) => x.id === 7);
  let [n, at] = leb(bytes, s.body);
  const out = [];
  for (; n > 0; n--) {
    let len;
    [len, at] = leb(bytes, at);
    const name = Buffer.from(bytes.subarray(at, at + len)).toString('utf8');
    at += len;
    const kind = bytes[at++];
    let index;
    [index, at] = leb(bytes, at);
    out.push({ name, kind, index });
  }
  return out;
}
function writeExports(bytes, exports) {
  const s = sections(bytes).find((x) => x.id === 7);
  const body = [...uleb(exports.length)];
  for (const e of exports) {
    const name = Buffer.from(e.name, 'utf8');
    body.push(...uleb(name.length), ...name, e.kind, ...uleb(e.index));
  }
  return Buffer.concat([bytes.subarray(0, s.start), Buffer.from([7, ...uleb(body.length), ...body]), bytes.subarray(s.end)]);
}

// The face calls the scene's exports (nf_*) and the entry reads `memory` and calls `_initialize`;
// nothing else is called from outside (Emscripten also exports malloc, the function table and its
// stack helpers: dropped, so wasm-opt may remove or rewrite what only they kept). The nf_* names
// become one or two letters here and in the face's `fn.nf_*` references below: the long names were
// about 1.2 KB of the wasm and as much of the .mjs.
const shortName = (i) => {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return i < letters.length ? letters[i] : letters[Math.floor(i / letters.length) - 1] + letters[i % letters.length];
};
// In name order: the link lists its exports in an order that varies from run to run (emcc keeps
// them in a Python set), and the short names and the export section should not.
const linked = readExports(readFileSync(wasm)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
const renamed = new Map();
const kept = [];
for (const e of linked) {
  if (e.name === 'memory' || e.name === '_initialize') kept.push(e);
  else if (e.name.startsWith('nf_')) {
    renamed.set(e.name, shortName(renamed.size));
    kept.push({ ...e, name: renamed.get(e.name) });
  }
}
writeFileSync(wasm, writeExports(readFileSync(wasm), kept));

// The scene's own math, not libm's (tools/own-math.mjs).
const libm = libmCalls(`${wasm}.symbols`);
if (libm.length) throw new Error(`landscape-module: the landscape links libm's ${libm.join(', ')}; the scene has its own (cpp/scene/exp_math.h, trig_math.h)`);

// The features the link emits (Emscripten's defaults, -msimd128 and the scene's -mnontrapping-fptoint), no more: wasm-opt must not
// introduce instructions an older engine lacks. Float semantics are kept (no --fast-math).
// --closed-world (no code outside calls into the module but through its exports, which is true of
// the face) and a second -Oz round: about 200 bytes gzipped, ticks and repaints as fast (node A/B).
// (--flatten --rereloop saved 400 more but made the ticks about 1.5 % slower.)
execFileSync(process.execPath, [wasmOpt, wasm, '-o', wasm, '--closed-world', '-Oz', '-Oz', '--enable-simd',
  '--enable-sign-ext', '--enable-mutable-globals', '--enable-nontrapping-float-to-int', '--strip-debug', '--strip-producers'], { stdio: 'inherit' });

const parts = ['api.checks.js', 'scene.face.js', 'lzma.decode.js', 'wasm.unsplit.js', 'landscape.entry.js'];
const source = (f) => readFileSync(join(root, 'cpp', 'bindings', f), 'utf8');
// The face's export references, renamed as above. Only the full module's documentation exports
// (scene_docs_exports.cpp), which the face tests for, may be missing here; any other unknown name
// is a typo or an export the landscape module lost, and fails the build rather than the page.
const optional = ['nf_world_params_markdown', 'nf_param_doc'];
const faceSource = parts.map(source).join('\n').replace(/\bfn\.(nf_\w+)/g, (ref, name) => {
  if (renamed.has(name)) return 'fn.' + renamed.get(name);
  if (optional.includes(name)) return ref;
  throw new Error(`landscape-module: the face calls ${name}, which the landscape wasm does not export`);
});
const { code } = await transform(faceSource, { minify: true, format: 'esm', target: 'es2020', legalComments: 'none' });
writeFileSync(mjs, `// Built from cpp/bindings/${parts.join(', ')} by tools/landscape-module.mjs; edit those.\n${code}`);
