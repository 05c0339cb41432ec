// Loads the landscape's wasm module once per page, and says precisely what failed when it cannot:
// a page's note "module not found" and "blocked by the Content-Security-Policy" call for different
// fixes, and both used to surface as "Failed to fetch" or a misleading "WebAssembly unavailable".
//
// The default module is the caller's to name (`defaults`): the page's side names it with literal
// `import('./…')` and `new URL('./….wasm.lzma', import.meta.url)` (landscape-mount.js) so that
// bundlers see and emit them once; the worker imports the module statically and is sent the page's
// compiled wasm, so its bundle holds no dynamic import() (Vite before 8 builds workers as IIFE,
// which cannot split code) and no second copy of the wasm. A page can point at another build with a
// module URL (the wasm is then the file of the same name ending .wasm, next to it). The default wasm
// is LZMA-packed (the module's unpackWasm decodes it); any wasm may be plain or packed: the bytes tell.
import { servedAs, typeProblem } from './served-as.js';

// Why loading failed: err.reason is one of these, err.url the file concerned.
export const LOAD_FAILURES = {
  'webassembly-unavailable': 'WebAssembly is unavailable in this browser',
  'module-not-found': 'the module was not found',
  'wrong-type': 'the server sent the module with a type that is not JavaScript',
  'wasm-not-found': 'the module\'s wasm file was not found',
  csp: 'the Content-Security-Policy blocked it',
  failed: 'the module failed to start',
};

function loadError(reason, url, cause) {
  const detail = cause && cause.message ? `: ${cause.message}` : '';
  const err = Object.assign(new Error(`noisefield: ${LOAD_FAILURES[reason]} (${url})${detail}`), { reason, url });
  if (cause) err.cause = cause;
  return err;
}

// Violations are reported as events, not in the error a blocked fetch or compile rejects with, and
// may arrive a task after it: listen for the whole load and look once more after a short pause.
function watchCsp(doc) {
  const seen = [];
  const on = (e) => seen.push({ directive: e.effectiveDirective || e.violatedDirective, uri: e.blockedURI });
  doc?.addEventListener('securitypolicyviolation', on);
  return {
    async blocked(url) {
      await new Promise((ok) => setTimeout(ok, 50));
      return seen.find((v) => v.uri === 'wasm-eval' || v.uri === 'eval' || (url && v.uri && url.startsWith(v.uri)) || v.uri === url) || null;
    },
    stop() { doc?.removeEventListener('securitypolicyviolation', on); },
  };
}

// The compiled WebAssembly.Module of each loaded module: the landscape's worker gets the page's by
// postMessage instead of fetching and compiling the same .wasm again.
const compiledOf = new WeakMap();
export const compiledModule = (M) => compiledOf.get(M) ?? null;

// Resolves in a new task of this thread (scheduler.yield where there is one, else a MessageChannel
// message, which no timer clamping delays), so that two pieces of work either side of it are two
// tasks: the browser can run input and a frame between them, and neither is long on a busy machine
// (an await of a resolved promise would not split them: microtasks run in the same task).
export function nextTask() {
  const g = globalThis;
  if (typeof g.scheduler?.yield === 'function') return g.scheduler.yield();
  return new Promise((ok) => {
    const c = new g.MessageChannel();
    c.port1.onmessage = () => { c.port1.close(); ok(); };
    c.port2.postMessage(null);
  });
}

async function instantiate(createModule, unpack, wasmUrl, csp, print, compiled) {
  /** @type {(e: unknown) => void} */
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  let module = compiled;
  // Fetching the wasm here (not inside the Emscripten loader) tells a missing file (an HTTP status)
  // from a blocked fetch (connect-src) and a blocked compile (script-src 'wasm-unsafe-eval').
  const instantiateWasm = (imports, done) => {
    (async () => {
      if (compiled) {
        done(await WebAssembly.instantiate(compiled, imports), compiled);
        return;
      }
      let res;
      try {
        res = await fetch(wasmUrl, { credentials: 'same-origin' });
      } catch (e) {
        throw loadError((await csp.blocked(wasmUrl)) ? 'csp' : 'wasm-not-found', wasmUrl, e);
      }
      if (!res.ok) throw loadError('wasm-not-found', wasmUrl, new Error(`HTTP ${res.status}`));
      let bytes = await res.arrayBuffer();
      // A module without unpackWasm (another build) is given its file as it is. The decoding is
      // split into tasks (a few ms each), so that none is long while the decoder is still cold.
      try {
        if (unpack) bytes = await unpack(bytes, nextTask);
      } catch (e) {
        throw loadError('failed', wasmUrl, e);
      }
      let out;
      try {
        out = await WebAssembly.instantiate(bytes, imports);
      } catch (e) {
        throw loadError((await csp.blocked(wasmUrl)) ? 'csp' : 'failed', wasmUrl, e);
      }
      module = out.module;
      done(out.instance, out.module);
    })().catch(fail);
    return {};
  };
  const M = await Promise.race([createModule({ instantiateWasm, ...print }), failed]);
  if (module) compiledOf.set(M, module);
  return M;
}

// A module import failed: blocked by the CSP, missing (the status of a second fetch says so), or
// there with a type browsers refuse for module scripts (the note names the type it came with).
async function importFailure(url, csp, e) {
  if (await csp.blocked(url)) return loadError('csp', url, e);
  const answer = await servedAs(url);
  const wrong = typeProblem(answer);
  if (wrong) return loadError('wrong-type', url, new Error(wrong));
  return loadError('module-not-found', url, answer && !answer.ok ? new Error(`HTTP ${answer.status}`) : e);
}

let cache = null;   // { key, promise }

// -> Promise of the module. moduleUrl: null for the default, else the URL of an Emscripten ES
// module build (noisefield-landscape.mjs or noisefield.mjs). compiled: that build's
// WebAssembly.Module, already compiled (compiledModule() of another thread's instance), or null to
// fetch and compile the .wasm. defaults: the default module, { url, load() -> Promise of its
// namespace, wasmUrl }.
export function loadModule(moduleUrl = null, compiled = null, defaults = null) {
  const key = moduleUrl ?? '';
  if (cache && cache.key === key) return cache.promise;
  const doc = typeof document === 'object' ? document : null;
  const print = { print: () => {}, printErr: (m) => console.warn('noisefield:', m) };
  const promise = (async () => {
    // The caller's task (the page's script evaluation, which the parser's end and the page's first
    // layout share) ends before the fetch and the module's start-up begin.
    await nextTask();
    const url = moduleUrl ?? defaults.url;
    if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
      throw loadError('webassembly-unavailable', url);
    }
    const csp = watchCsp(doc);
    try {
      let mod;
      try {
        mod = moduleUrl === null
          ? await defaults.load()
          : await import(/* @vite-ignore */ /* webpackIgnore: true */ moduleUrl);
      } catch (e) {
        throw await importFailure(url, csp, e);
      }
      const wasmUrl = moduleUrl === null
        ? defaults.wasmUrl
        : (() => { const u = new URL(moduleUrl, doc?.baseURI); u.pathname = u.pathname.replace(/\.m?js$/, '.wasm'); return u.href; })();
      let M;
      try {
        M = await instantiate(mod.default, mod.unpackWasm, wasmUrl, csp, print, compiled);
      } catch (e) {
        throw e && e.reason ? e : loadError('failed', url, e);
      }
      // The instantiation and the module's start-up (its static constructors) were this task; what
      // the caller does with the module runs in the next.
      await nextTask();
      return M;
    } finally {
      csp.stop();
    }
  })();
  cache = { key, promise };
  promise.catch(() => { if (cache && cache.promise === promise) cache = null; });
  return promise;
}
