// The landscape's dedicated module worker: loads the module, runs the driver core
// (landscape-core.js) on the OffscreenCanvas layers the page transferred, and answers the page's
// ops (landscape-ops.js, the one list). Messages from the page: { id, op, args }; 'load' (moduleUrl,
// the page's compiled wasm, the default module's files) first, then 'init' (the core's init,
// canvases transferred), then the core's ops (and, with debug, the instruments'). Answers:
// { id, result } or { id, error, reason }; between them the core's reports (landscape-ops.js,
// Report: the same shape as on the main thread, batched).
//
// Everything it runs is imported statically, so that a bundler builds it as one file: Vite before 8
// builds workers as IIFE, which refuses code splitting (a dynamic import()). Only another build's
// module (a page's moduleUrl) is imported at run time, from a URL no bundler sees.
import { createCore } from './landscape-core.js';
import { loadModule } from './landscape-loader.js';
import { CORE_OPS, report } from './landscape-ops.js';
import createNoisefield, { unpackWasm } from './noisefield-landscape.mjs';
// The tests' and benchmark's commands (landscape-debug.js, about 0.6 KB gzipped here). This repo's
// own bundles, whose layout is known (tools/page-bundle.mjs), import it only for a mount with debug.
import { coreInstruments } from './landscape-debug.js';
const loadInstruments = async () => coreInstruments;

// The module, the core once made, init's failure if it failed, and the ops it answers.
/** @type {{ M: any, core: any, failedInit: any, ops: string[] }} */
const w = { M: null, core: null, failedInit: null, ops: CORE_OPS };
// The loop reports (landscape-ops.js, Report) at most every 100 ms, batched in the same shape: the
// page's main thread should not wake for each frame of a worker's loop.
/** @type {import('./landscape-ops.js').Report | null} */
let pending = null;
let timer = 0;
function flush() {
  timer = 0;
  if (pending) postMessage(pending);
  pending = null;
}
/** @param {import('./landscape-ops.js').Report} r */
function emit(r) {
  if (r.type === 'progress') {
    pending ??= report('progress', 0, 1, false, 0, 0, 0, []);
    pending.advances.push(...r.advances);
    ({ clock: pending.clock, keepingUp: pending.keepingUp, behind: pending.behind, busy: pending.busy, span: pending.span, frames: pending.frames } = r);
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
    w.M = await loadModule(moduleUrl, compiled, files && { ...files, load: async () => ({ default: createNoisefield, unpackWasm }) });
    return true;
  }
  if (op === 'init') {
    try {
      const instruments = args[0].debug ? await loadInstruments() : null;
      w.core = createCore(w.M, args[0], emit, instruments);
      if (instruments) w.ops = Object.keys(w.core);  // the instruments' ops join the list's
    } catch (e) {
      w.failedInit = e;
      throw e;
    }
    return true;
  }
  const { core, failedInit } = w;
  if (op === 'destroy') { core?.destroy(); flush(); return true; }
  if (!w.ops.includes(op)) throw new Error(`landscape worker: unknown op ${op} (the ops: ${w.ops.join(', ')})`);
  if (!core) throw new Error(`landscape worker: ${op} before the core started${failedInit ? ` (init failed: ${failedInit.message ?? failedInit})` : ''}`);
  return core[op](...args);
}

// While an op is in flight, a sign of life ({ alive: true }) every ALIVE_MS: the page gives up on a
// worker silent for a few seconds while it waits (landscape-ports.js), and the stepped first frame
// of a large view takes longer than that on a busy machine. A worker stuck in one call sends none.
const ALIVE_MS = 1000;
const beat = { ops: 0, timer: 0 };
const begun = () => { if (beat.ops++ === 0) beat.timer = setInterval(() => postMessage({ alive: true }), ALIVE_MS); };
const ended = () => { if (--beat.ops === 0) clearInterval(beat.timer); };

// Commands run in the order they arrive, once the module has loaded and the core is made (with
// debug, after its instruments' import); one whose answer comes later (a Promise) does not hold up
// the next (a pointer move during a repaint).
let loaded = Promise.resolve();
self.onmessage = (e) => {
  const m = e.data;
  begun();
  const ran = loaded.then(() => run(m));
  if (m.op === 'load' || m.op === 'init') loaded = ran.catch(() => {});
  ran.then((result) => {
    ended();
    if (timer) { clearTimeout(timer); flush(); }  // the clock a reply implies is the newest
    const transfer = result && result.pixels ? [result.pixels.buffer] : [];
    postMessage({ id: m.id, result }, transfer);
  }, (err) => {
    ended();
    postMessage({ id: m.id, error: String(err && err.message ? err.message : err), reason: err?.reason ?? null });
  });
};
