// Where the landscape's driver core runs (landscape-core.js): on this thread (mainPort, the core's
// commands called directly) or in a dedicated module worker (startWorker, workerPort: the same
// commands by postMessage). landscape-mount.js picks one; both answer call(op, args) with a Promise
// and free what they hold with close().
import { compiledModule } from './landscape-loader.js';
import { createCore } from './landscape-core.js';

// On this thread: the core's ops (landscape-ops.js) called directly, `then` at once (so state() is
// current as soon as an op returns).
export function mainPort(M, init, report, instruments) {
  const core = createCore(M, init, report, instruments);
  return {
    mode: 'main',
    core,
    call(op, args = [], then = null) {
      try {
        if (typeof core[op] !== 'function') throw new Error(`noisefield: the landscape's core has no op ${op}`);
        const r = core[op](...args);
        // A command that finishes later (a repaint spread over frames) answers with a Promise.
        if (r instanceof Promise) return then ? r.then(then) : r;
        return Promise.resolve(then ? then(r) : r);
      } catch (e) {
        return Promise.reject(e);
      }
    },
    // A mount that failed after the core was made frees its scene here (destroy() is idempotent).
    close() { core.destroy(); },
  };
}

// A worker that went silent while the mount waited on it (landscape-mount.js then mounts on this
// thread): the calls' rejection has this reason.
export const WORKER_STALLED = 'worker-stalled';

// In a dedicated module worker: commands by postMessage, answered in order. With patience(ms) (while
// a mount waits on the worker), a worker silent for ms while an answer is owed (no answer, report or
// sign of life: landscape-worker.js sends one every second while an op is in flight) is taken for
// hung: it is ended and every call waiting on it is refused (reason WORKER_STALLED), so no mount
// waits on it for ever. patience(0) (the mount is up): an answer may take as long as its work.
export function workerPort(worker) {
  let patience = 0;
  let nextId = 1;
  const waiting = new Map();
  let silence = 0;
  /** @type {Error | null} */
  let stalled = null;
  // Any message is a sign of life: the wait starts again from it.
  const watch = () => {
    clearTimeout(silence);
    silence = patience && waiting.size ? setTimeout(stall, patience) : 0;
  };
  function stall() {
    silence = 0;
    const [first] = waiting.values();
    if (!first) return;
    stalled = Object.assign(new Error(`the landscape worker did not answer ${first.op} within ${patience / 1000} s`), { reason: WORKER_STALLED });
    worker.terminate();
    for (const w of waiting.values()) w.reject(stalled);
    waiting.clear();
  }
  // The core's reports go to a function the mount sets later (port.report = fn). Held in a variable
  // behind a setter: Rollup 4 (Vite 5 to 7) took a no-op property for what the call would always
  // run, dropped the call, and the page never saw the worker's clock.
  let report = null;
  const port = {
    mode: 'worker',
    set report(fn) { report = fn; },
    call(op, args = [], then = null, transfer = []) {
      if (stalled) return Promise.reject(stalled);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { op, resolve: (r) => { try { resolve(then ? then(r) : r); } catch (e) { reject(e); } }, reject });
        worker.postMessage({ id, op, args }, transfer);
        if (!silence) watch();
      });
    },
    /** @param {number} ms */
    patience(ms) { patience = ms; watch(); },
    close() { clearTimeout(silence); worker.terminate(); waiting.clear(); },
  };
  worker.onmessage = (e) => {
    const m = e.data;
    if (!m.id) {
      watch();  // a report, or the worker's sign of life while an op is in flight
      if (!m.alive) report?.(m);
      return;
    }
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    watch();
    if (!w) return;
    if (m.error === undefined) { w.resolve(m.result); return; }
    w.reject(Object.assign(new Error(m.error), m.reason ? { reason: m.reason } : {}));
  };
  return port;
}

// Starts the worker, whose script loads while this thread loads the module (files: the default
// module's { url, wasmUrl }, or null for a page's moduleUrl): -> null where the
// browser has no module workers or OffscreenCanvas, else { cancel(), ready(M) }. ready sends the
// worker this thread's compiled module and resolves to the worker's port, or to null where the
// worker cannot run the scene (a CSP without worker-src 'self' refuses its script; the module does
// not start in it). The canvases are transferred only after that, so a refusal leaves them usable
// here. A page that refused the worker once is not asked again: each refusal is a console error.
let refusedHere = false;
const WORKER_PATIENCE_MS = 5000;
export function startWorker(win, moduleUrl, files) {
  if (refusedHere) return null;
  if (typeof win.Worker !== 'function' || typeof win.OffscreenCanvas !== 'function'
    || typeof win.HTMLCanvasElement?.prototype.transferControlToOffscreen !== 'function') return null;
  let worker, trampoline = null;
  try {
    if (fromAnotherOrigin(win)) {
      trampoline = foreignWorker(win);
      worker = trampoline.start();
    } else {
      // Written out in full so that bundlers (Vite, webpack) see the worker and emit it.
      worker = new Worker(new URL('./landscape-worker.js', import.meta.url), { type: 'module' });
    }
  } catch {
    // Refused at once (Trusted Types: a plain URL for new Worker): each try would be another report.
    refusedHere = true;
    return null;
  }
  const port = workerPort(worker);
  let refused = false;
  const done = () => trampoline?.done();
  // A refused or broken worker script fires 'error' instead of answering; the default action
  // would log it as an uncaught error although the main thread takes over.
  worker.onerror = (e) => { e.preventDefault(); refused = refusedHere = true; worker.terminate(); trampoline?.refused(); };
  return {
    cancel: () => { worker.terminate(); done(); },
    ready: (M) => new Promise((resolve) => {
      if (refused) { resolve(null); return; }
      // A worker whose script stalls (a slow or stuck server) gives way to this thread: the module
      // is ready here already, so waiting longer only keeps the page blank.
      const timer = setTimeout(() => {
        console.warn(`noisefield: the landscape worker did not start within ${WORKER_PATIENCE_MS / 1000} s; the scene runs on the main thread`);
        fail();
      }, WORKER_PATIENCE_MS);
      const fail = () => { clearTimeout(timer); worker.terminate(); done(); resolve(null); };
      worker.onerror = (e) => { e.preventDefault(); refusedHere = true; trampoline?.refused(); fail(); };
      port.call('load', [moduleUrl, compiledModule(M), files]).then(() => {
        clearTimeout(timer);
        worker.onerror = (e) => { e.preventDefault(); console.warn('noisefield: the landscape worker failed:', e.message); };
        done();
        // Loaded is not started: the ops the mount waits on next (init, the first viewport) are
        // held to the same patience, a silence of that long while an answer is owed.
        port.patience(WORKER_PATIENCE_MS);
        resolve(port);
      }, fail);
    }),
  };
}

// This file came from another origin (a CDN such as jsDelivr or unpkg, serving the package with
// CORS headers): a module worker cannot start from that origin's URL. Only http(s) URLs count: a
// bundler may set import.meta.url to the source's file: URL.
function fromAnotherOrigin(win) {
  const here = new URL(import.meta.url);
  return (here.protocol === 'https:' || here.protocol === 'http:') && here.origin !== win.location.origin;
}

// The trampoline: a same-origin blob: module worker whose one line imports the worker script from
// this file's origin (the CDN's CORS headers let it), so the scene still runs off the main thread.
// A CSP must allow it in worker-src (blob: and the CDN: a module worker's imports are checked as
// the worker's); where it does not, the scene runs on the main thread and the console says why.
function foreignWorker(win) {
  const script = import.meta.url.replace(/[^/]*$/, 'landscape-worker.js');
  const src = win.URL.createObjectURL(new win.Blob([`import ${JSON.stringify(script)};\n`], { type: 'text/javascript' }));
  let noted = false;
  const done = () => win.URL.revokeObjectURL(src);
  return {
    start() {
      try {
        return new win.Worker(src, { type: 'module' });
      } catch (e) {
        this.refused();  // a CSP that refuses it may throw here instead of firing 'error'
        throw e;
      }
    },
    done,
    refused() {
      done();
      if (noted) return;
      noted = true;
      console.warn(`noisefield: the landscape's worker (${script}) is on another origin, and the blob: module worker that imports it did not start (a Content-Security-Policy must allow worker-src blob: and that origin, which must send Access-Control-Allow-Origin); the scene runs on the main thread`);
    },
  };
}
