// Finishes the 404 page's module after the link (CMake runs it; `./noisefield build` copies the
// results to web/): optimises the wasm for size with binaryen's wasm-opt (the npm package pinned
// in package.json, a newer binaryen than Emscripten's) and writes noisefield-landscape.mjs, the
// JavaScript face, from its sources in cpp/bindings/ (concatenated and minified with esbuild, as
// Emscripten minified the glue it replaces; the sources stay the readable ones).
//   node tools/landscape-module.mjs <noisefield-landscape.wasm> <noisefield-landscape.mjs>
import { transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [wasm, mjs] = process.argv.slice(2);
if (!wasm || !mjs) throw new Error('usage: node tools/landscape-module.mjs <wasm> <mjs>');

const wasmOpt = join(root, 'node_modules', 'binaryen', 'bin', 'wasm-opt');
if (!existsSync(wasmOpt)) throw new Error('binaryen is missing: run npm ci');
// The features the link emits (Emscripten's defaults and -msimd128), no more: wasm-opt must not
// introduce instructions an older engine lacks. Float semantics are kept (no --fast-math).
// --closed-world (no code outside calls into the module but through its exports, which is true of
// the face) and a second -Oz round: about 200 bytes gzipped, ticks and repaints as fast (node A/B).
// (--flatten --rereloop saved 400 more but made the ticks about 1.5 % slower.)
execFileSync(process.execPath, [wasmOpt, wasm, '-o', wasm, '--closed-world', '-Oz', '-Oz', '--enable-simd',
  '--enable-sign-ext', '--enable-mutable-globals', '--strip-debug', '--strip-producers'], { stdio: 'inherit' });

const parts = ['api.checks.js', 'scene.face.js', 'landscape.entry.js'];
const source = (f) => readFileSync(join(root, 'cpp', 'bindings', f), 'utf8');
const { code } = await transform(parts.map(source).join('\n'), { minify: true, format: 'esm', target: 'es2020', legalComments: 'none' });
writeFileSync(mjs, `// Built from cpp/bindings/${parts.join(', ')} by tools/landscape-module.mjs; edit those.\n${code}`);
