// The landscape's dedicated module worker: loads the module, runs the driver core
// (landscape-core.js) on the OffscreenCanvas layers the page transferred, and answers the page's
// commands (web/landscape-mount.js). Messages from the page: { id, op, args }; 'load' (moduleUrl,
// the page's compiled wasm, the default module's files) first, then 'init' (the core's init,
// canvases transferred), then any command of the core. Answers: { id, result } or
// { id, error, reason }; between them the core's own reports ({ type, ... }).
//
// Everything it runs is imported statically, so that a bundler builds it as one file: Vite before 8
// builds workers as IIFE, which refuses code splitting (a dynamic import()). Only another build's
// module (a page's moduleUrl) is imported at run time, from a URL no bundler sees.
import { createCore } from './landscape-core.js';
import { loadModule } from './landscape-loader.js';
import createNoisefield, { unpackWasm } from './noisefield-landscape.mjs';
// The tests' and benchmark's commands (landscape-debug.js, about 0.6 KB gzipped here). This repo's
// own bundles, whose layout is known (tools/page-bundle.mjs), import it only for a mount with debug.
import { coreInstruments } from './landscape-debug.js';
const loadInstruments = async () => coreInstruments;

let M = null, core = null;
// The loop reports its clock (and, with debug, every frame) at most every 100 ms: the page's
// main thread should not wake for each frame of a worker's loop.
let pending = null, timer = 0;
function flush() {
  timer = 0;
  if (pending) postMessage(pending);
  pending = null;
}
function emit(r) {
  if (r.type === 'progress') {
    pending ??= { type: 'progress', clock: 0, frames: 0, advances: [] };
    pending.clock = r.clock;
    if (r.keepingUp !== undefined) { pending.keepingUp = r.keepingUp; pending.behind = r.behind; }
    if (r.advance) { pending.frames = r.frames; pending.advances.push(r.advance); }
    if (!timer) timer = setTimeout(flush, 100);
    return;
  }
  if (timer) clearTimeout(timer);
  flush();
  postMessage(r);
}

async function run({ op, args }) {
  if (op === 'load') {
    const [moduleUrl, compiled, files] = args;
    M = await loadModule(moduleUrl, compiled, files && { ...files, load: async () => ({ default: createNoisefield, unpackWasm }) });
    return true;
  }
  if (op === 'init') {
    const instruments = args[0].debug ? await loadInstruments() : null;
    core = createCore(M, args[0], emit, instruments);
    return true;
  }
  if (op === 'destroy') { core?.destroy(); flush(); return true; }
  if (!core || typeof core[op] !== 'function') throw new Error(`landscape worker: unknown command ${op}`);
  return core[op](...args);
}

// Commands run in the order they arrive, once the module has loaded and the core is made (with
// debug, after its instruments' import); one whose answer comes later (a Promise) does not hold up
// the next (a pointer move during a repaint).
let loaded = Promise.resolve();
self.onmessage = (e) => {
  const m = e.data;
  const ran = loaded.then(() => run(m));
  if (m.op === 'load' || m.op === 'init') loaded = ran.catch(() => {});
  ran.then((result) => {
    if (timer) { clearTimeout(timer); flush(); }  // the clock a reply implies is the newest
    const transfer = result && result.pixels ? [result.pixels.buffer] : [];
    postMessage({ id: m.id, result }, transfer);
  }, (err) => {
    postMessage({ id: m.id, error: String(err && err.message ? err.message : err), reason: err?.reason ?? null });
  });
};
