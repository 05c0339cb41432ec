// The 404 page's scripts and style as the repo-root index.html loads them: web/min/, bundled and
// minified with esbuild from the readable sources in web/ (`./noisefield build`/`wasm`/`serve` run
// this after the modules; edit web/*.js and rebuild, as for the modules). Bundled, the page downloads
// about a third less than the separate sources (`./noisefield bench payload`).
//   web/min/404.js                 the page: web/404.js with landscape-mount.js, the card, the URL params,
//                                  the driver core, the loader and the module's face
//   web/min/landscape-worker.js    the scene's worker (web/landscape-worker.js), which imports the
//                                  core, the loader and the module's face from 404.js (one copy,
//                                  and one gzip stream)
//   web/min/404.css                web/404.css
//   web/min/landscape-debug.js     the tests' instruments (loaded only with debug: true)
//   web/min/noisefield-landscape.wasm.lzma  a copy of web/'s packed wasm (tools/pack-wasm.mjs): the
//                                  loader finds it next to itself
// The module's face (web/noisefield-landscape.mjs) is bundled into 404.js: the page and its worker
// always load it, and bundled it is about 400 bytes gzipped smaller than as a file of its own (and
// one request less). `./noisefield dist`'s embed keeps it a file (its moduleUrl).
// Also the bundling helpers of ./noisefield dist (tools/dist.mjs).
//   node tools/page-bundle.mjs [OUT_DIR]
import { build, transform } from 'esbuild';
import { minify as terse } from 'terser';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const web = join(root, 'web');
// The module and its packed wasm: what the page, the embed and the package load (the plain .wasm
// stays in web/ for tests and for anyone who wants it).
export const MODULE_FILES = ['noisefield-landscape.mjs', 'noisefield-landscape.wasm.lzma'];

// Keeps `import('./x')` / `from './x'` to a sibling as a run-time reference to `to`.
export const externals = (map) => ({
  name: 'nf-externals',
  setup(b) {
    b.onResolve({ filter: /^\.\// }, (args) => (args.path in map ? { path: map[args.path], external: true } : undefined));
  },
});

export const BUILD = { bundle: true, format: 'esm', minify: true, target: 'es2020', legalComments: 'none', logLevel: 'warning' };

// The page's scripts, minified once more by terser (pinned in package.json) after esbuild's bundle:
// its compressor folds what esbuild's minifier keeps (measured on web/min/404.js, 2026-12-02:
// 23,980 -> 22,852 B gzip -9, the worker 845 -> 836; three or four passes gained under 20 B more). Module mode, so the
// exports keep their names; no unsafe transforms.
export const TERSER = { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } };
export async function terseFile(file) {
  const { code } = await terse(readFileSync(file, 'utf8'), TERSER);
  writeFileSync(file, code);
}

// The tests' and benchmark's instruments: landscape-mount.js and the worker import them at run time, and
// only for a mount with debug: true, so they stay a file of their own beside the bundles, which no
// visitor's page loads (bench/payload.mjs lists it apart). Bundled in, esbuild would split out a
// runtime-helper chunk as well, one more request for every page.
export const DEBUG_FILE = 'landscape-debug.js';

// Entry points (name -> file in web/) with the code they share in one chunk, which the page has
// already loaded when it starts the worker (./noisefield dist's embed). The worker's entry must keep
// its source's name: landscape-mount.js starts it as new URL('./landscape-worker.js', import.meta.url).
export async function bundleWithWorker(outdir, entries, map) {
  const entryPoints = Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(web, file)]));
  await build({ ...BUILD, outdir, splitting: true, chunkNames: 'landscape-shared-[hash]', plugins: [externals({ ...map, ...debugExternal }), lazyDebug], entryPoints });
  await writeDebug(outdir);
}
const debugExternal = { [`./${DEBUG_FILE}`]: `./${DEBUG_FILE}` };

// Replaces texts in a source file as esbuild loads it, insisting that they are there: a silent
// no-op would ship something else than what the comment promises.
const swapping = (name, filter, swaps, prefix = '') => ({
  name,
  setup(b) {
    b.onLoad({ filter }, (args) => {
      let src = readFileSync(args.path, 'utf8');
      for (const [from, to] of swaps) {
        if (!src.includes(from)) throw new Error(`page-bundle: expected ${from} in ${relative(root, args.path)}`);
        src = src.split(from).join(to);
      }
      return { contents: prefix + src, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
});

// The worker imports the instruments statically, so that other bundlers build it as one file (see
// web/landscape-worker.js); here, where landscape-debug.js is a file beside the bundles, it is
// imported only for a mount with debug: true, as on the page's side, and no visitor loads it.
const lazyDebug = swapping('nf-lazy-debug', /[\\/]landscape-worker\.js$/, [[
  "import { coreInstruments } from './landscape-debug.js';\nconst loadInstruments = async () => coreInstruments;",
  "const loadInstruments = async () => (await import('./landscape-debug.js')).coreInstruments;",
]]);
const writeDebug = (outdir) => build({ ...BUILD, entryPoints: [join(web, DEBUG_FILE)], outfile: join(outdir, DEBUG_FILE) });

// The page's side imports the default module dynamically (`import('./noisefield-landscape.mjs')` in
// landscape-mount.js, so that a page that names another module never loads it); here it becomes a
// static import, so the face is in the page's script, and the module's URL in its messages is that
// script's. wasmDir: where the packed wasm is, relative to the bundle (default: beside it).
const moduleInScript = (wasmDir) => swapping('nf-module-in-script', /[\\/]landscape-mount\.js$/, [
  ["import('./noisefield-landscape.mjs')", 'Promise.resolve(nfDefaultModule)'],
  ['new URL(MODULE_FILE, wasmUrl).href', 'import.meta.url'],
  ...(wasmDir ? [["new URL('./noisefield-landscape.wasm.lzma', import.meta.url)", `new URL('${wasmDir}noisefield-landscape.wasm.lzma', import.meta.url)`]] : []),
], "import * as nfDefaultModule from './noisefield-landscape.mjs';\n");

export async function minifyCss(from, to) {
  const { code } = await transform(readFileSync(from, 'utf8'), { loader: 'css', minify: true });
  writeFileSync(to, code);
}

export function need(file) {
  if (!existsSync(file)) throw new Error(`${relative(root, file)} is missing: run ./noisefield build first`);
  return file;
}

// The page's scripts into `out`: 404.js, landscape-worker.js and landscape-debug.js (shared with
// ./noisefield dist, whose 404 page is the same one script). wasmDir as for moduleInScript.
export async function writePageScripts(out, wasmDir = null) {
  need(join(web, MODULE_FILES[0]));
  // One script for the page, which also exports what the worker runs. The worker's bundle imports
  // that from it (the page has loaded it already; with no document there, 404.js starts nothing):
  // the shared code as one file and one gzip stream is about 0.6 KB gzipped smaller than as a
  // chunk beside the page's entry.
  // (Its default export is the module's factory, which the worker imports as the module's.)
  const page = "import './404.js';\nexport { createCore } from './landscape-core.js';\nexport { loadModule } from './landscape-loader.js';\n"
    + "export { CORE_OPS, report } from './landscape-ops.js';\n"
    + "export { default, unpackWasm } from './noisefield-landscape.mjs';\n";
  await build({ ...BUILD, stdin: { contents: page, resolveDir: web, sourcefile: 'page.js' }, outfile: join(out, '404.js'),
    plugins: [externals(debugExternal), moduleInScript(wasmDir)] });
  const fromPage = { './landscape-core.js': './404.js', './landscape-loader.js': './404.js', './landscape-ops.js': './404.js', './noisefield-landscape.mjs': './404.js' };
  await build({ ...BUILD, entryPoints: [join(web, 'landscape-worker.js')], outfile: join(out, 'landscape-worker.js'),
    plugins: [externals({ ...fromPage, ...debugExternal }), lazyDebug] });
  for (const f of ['404.js', 'landscape-worker.js']) await terseFile(join(out, f));
  await writeDebug(out);
}

export async function writePageBundle(out = join(web, 'min')) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await writePageScripts(out);
  await minifyCss(join(web, '404.css'), join(out, '404.css'));
  copyFileSync(need(join(web, MODULE_FILES[1])), join(out, MODULE_FILES[1]));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writePageBundle(process.argv[2] ? resolve(process.argv[2]) : undefined);
}
