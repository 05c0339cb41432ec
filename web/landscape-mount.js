// The 404 landscape's mount() (landscape.js, the embed's entry, re-exports it with the element):
// mount(element, options) fills any element with the pixel layers (M.Landscape.LAYERS) rendered
// by the C++ scene (./noisefield-landscape.mjs + .wasm: the core and the scene without the
// toolkit, a smaller download; loaded relative to this file) and returns a handle { setWorld,
// setSeed, setDay, setDusk, setSeason, pause, resume, picture, destroy, state, placement }.
//
// This file is the page's side: the canvases, the portal link, the pointer, the parallax (CSS
// transforms, on the main thread) and the handle. The scene and its loop are the driver core
// (landscape-core.js), which runs in a dedicated module worker (landscape-worker.js) on
// OffscreenCanvas layers where the browser can, and on this thread otherwise (option
// worker: false, no module worker or OffscreenCanvas, or a CSP that blocks the worker): the same
// ops either way (landscape-ops.js, the one list), by postMessage or by a direct call. No
// SharedArrayBuffer, so no COOP/COEP.
// Styles are set through the CSSOM (element.style), so it runs under a strict CSP
// (style-src 'self') without a stylesheet.
// The parts, each a module of its own: landscape-options.js (checking the options), landscape-view.js
// (the mount's state, one object), landscape-stage.js (the DOM), landscape-layout.js (the viewport
// and the layers' placement), landscape-parallax.js, landscape-portal.js, landscape-input.js (the
// listeners), landscape-daylight.js, landscape-handle.js, landscape-ports.js (where the core runs)
// and landscape-ledger.js (what to undo).
import { loadModule as loadModuleWith, nextTask } from './landscape-loader.js';
import { seasonFromDate } from './landscape-params.js';
import { checkEarlyOptions, checkMountOptions } from './landscape-options.js';
import { coreOps } from './landscape-ops.js';
import { createLedger } from './landscape-ledger.js';
import { createView } from './landscape-view.js';
import { buildPortal, buildStage, dressHost } from './landscape-stage.js';
import { createLayout } from './landscape-layout.js';
import { createFlat } from './landscape-flat.js';
import { createParallax } from './landscape-parallax.js';
import { createPortalModes } from './landscape-portal.js';
import { createDaylight } from './landscape-daylight.js';
import { createInput } from './landscape-input.js';
import { createHandle } from './landscape-handle.js';
import { mainPort, startWorker, WORKER_STALLED } from './landscape-ports.js';

export { siteScheme } from './landscape-view.js';
export { choosePitch } from './landscape-layout.js';

// The wasm module sits next to this file; landscape-loader.js loads it and names what failed.
export const MODULE_FILE = './noisefield-landscape.mjs';
export { LOAD_FAILURES } from './landscape-loader.js';

// The default module and its packed wasm, written out as literals so that bundlers emit them, once:
// the worker is sent this thread's compiled wasm and these URLs, and imports the module's face
// itself. The module's URL (for messages only) is the wasm's sibling: a second `new URL(…,
// import.meta.url)` would be a second asset to Vite and a context module to webpack.
const defaultModule = () => {
  const wasmUrl = new URL('./noisefield-landscape.wasm.lzma', import.meta.url).href;
  return { url: new URL(MODULE_FILE, wasmUrl).href, load: () => import('./noisefield-landscape.mjs'), wasmUrl };
};
// -> Promise of the module (landscape-loader.js): moduleUrl null for the default one.
export const loadModule = (moduleUrl = null, compiled = null) => loadModuleWith(moduleUrl, compiled, moduleUrl === null ? defaultModule() : null);

/**
 * mount(element, options) -> Promise<handle>
 * options (all optional): the world's options of the parameter table (seed, day, dusk, season,
 *   time, at, path, life, pitch, theme, motion: README.md "URL parameters", generated from
 *   cpp/scene/world_params.cpp), and
 *   home      where the portal leads, relative to document.baseURI; default the page's <base href>, else '/'
 *   portal    false: no portal link at all (no tab stop, no hover, a click on the gate does nothing)
 *   framing   what stays in view: 'cover' (fill, the default), 'gate' (the ring whole, for a wide
 *             short banner), 'island', or a focal point { x, y } in scene units (1600 x 1000)
 *   parallax  'element' (default): the layers follow the pointer over the element only;
 *             'window': anywhere in the window (the 404 page, whose card lies over the backdrop)
 *   navigate  function(href) called after the portal's enter animation; default location.assign
 *   label     accessible name of the portal link
 *   moduleUrl URL of the module (noisefield-landscape.mjs, or the full noisefield.mjs); default next to this file
 *   worker    false: run the scene on the main thread even where a worker could (default true)
 *   paused    true: the first frame is shown with the clock at 0, which starts at resume() (the 404
 *             page's reveal: the visitor sees the ivy grow from its start)
 *   debug     true: handle.debug with timings and pixel hashes (tests, benchmark)
 * The loop pauses while the element is off screen, and an element with no size waits for one.
 * Rejects (leaving the element as it was) if the wasm module cannot load; the error's `reason`
 * (LOAD_FAILURES) says why: webassembly-unavailable, module-not-found, wrong-type, wasm-not-found, csp, failed.
 * @param {HTMLElement} element
 * @param {Record<string, any>} [options]
 */
export async function mount(element, options = {}) {
  if (!element || typeof element.appendChild !== 'function') throw new Error('mount: element must be a DOM element');
  if (options === null || typeof options !== 'object') throw new Error('mount: options must be an object');
  checkEarlyOptions(options);
  // One landscape per element: a second would share the host's styles, and destroying one would
  // strip them from under the other.
  if (taken.has(element)) throw new Error('mount: this element already has a landscape (mounted or mounting): destroy() it first');
  taken.add(element);
  try {
    const handle = await mountOnce(element, options);
    const destroy = handle.destroy;
    handle.destroy = () => { taken.delete(element); destroy(); };
    return handle;
  } catch (e) {
    taken.delete(element);
    throw e;
  }
}
const taken = new WeakSet();

async function mountOnce(element, options) {
  const win = element.ownerDocument.defaultView;
  const doc = element.ownerDocument;
  // The worker loads its own module instance while this thread loads the one that checks options.
  // A module URL is the page's (relative to its base), wherever it is loaded.
  const moduleUrl = options.moduleUrl == null ? null : new URL(options.moduleUrl, doc.baseURI).href;
  const files = moduleUrl === null ? (({ url, wasmUrl }) => ({ url, wasmUrl }))(defaultModule()) : null;
  const worker = options.worker === false ? null : startWorker(win, moduleUrl, files);
  let M, starting = null;
  /** @type {any} */
  let port = null;  // where the core runs, once startCore has it
  try {
    M = await loadModule(moduleUrl);
  } catch (e) {
    worker?.cancel();
    throw e;
  }
  try {
    // The page's own use of the module (its URL parameters, say) was this task; the mount's DOM work
    // starts a new one.
    await nextTask();
    starting = worker ? worker.ready(M) : Promise.resolve(null);
    const usePort = (/** @type {any} */ p) => { port = p; };
    let handle;
    try {
      handle = await mountWith(element, options, M, starting, usePort);
    } catch (e) {
      // A worker that loaded and then went silent (landscape-ports.js): the failed mount has undone
      // itself and the worker is ended; the scene starts again here, as for a worker that never loaded.
      if (/** @type {any} */ (e)?.reason !== WORKER_STALLED) throw e;
      (port ?? await starting)?.close();
      port = null;
      starting = Promise.resolve(null);
      console.warn(`noisefield: ${/** @type {Error} */ (e).message}; the scene runs on the main thread`);
      handle = await mountWith(element, options, M, starting, usePort);
    }
    port?.patience?.(0);  // up: from now on the worker's answers take as long as their work
    return handle;
  } catch (e) {
    (port ?? await starting)?.close();
    throw e;
  }
}

async function mountWith(element, options, M, starting, usePort) {
  const o = checkMountOptions(M, options);
  const seasonOf = (/** @type {any} */ s) => (s === 'none' ? null : s ?? seasonFromDate(new Date()));
  const v = createView(M, o, element, seasonOf);
  const ledger = createLedger();
  const daylight = createDaylight(v, ledger);
  ({ stage: v.stage, canvases: v.canvases, flat: v.flat, pane: v.pane } = buildStage(v.doc, M.Landscape.LAYERS, M.Landscape.PANE_ABOVE));
  try {
    await startCore(v, daylight.initial(), starting, usePort);
    return await assemble(v, ledger, daylight, seasonOf);
  } catch (e) {
    v.destroyed = true;
    ledger.close();
    throw e;
  }
}

// The core: in the worker if one started, else here. world: the scene's first (daylight.initial()).
async function startCore(v, world, starting, usePort) {
  const { M, o, debug } = v;
  // The clock and the hands' time of day: a frozen clock is the world's time, and the hands show
  // wall0 + the clock (of the day: whole days do not move them).
  const clock = v.frozen ?? 0;
  const at = (((v.wall0 + clock) % 86400) + 86400) % 86400;
  /** @type {Omit<import('./landscape-ops.js').CoreInit, 'canvases'>} */
  const init = { world: { ...world, time: clock, at }, frozen: v.frozen, motion: v.motion(), paused: v.paused, framing: o.framing,
    debug: !!debug, timeOrigin: performance.timeOrigin, fps: o.fps ?? 0 };
  // The tests' and benchmark's instruments, loaded only for them (landscape-debug.js).
  const instruments = debug && await import('./landscape-debug.js');
  const mirror = debug ? instruments.pageReport(debug, (c) => { v.clock = c; }) : (r) => { v.clock = r.clock; };
  // The loop's reports say whether it keeps up; the layout raises the pitch when it cannot and
  // steps back down when it can again (v.pace, landscape-layout.js).
  const report = (r) => { mirror(r); if (r.type === 'progress') v.pace?.(r); };
  let port = await starting, inited = null;
  if (port) {
    port.report = report;
    const offscreen = v.canvases.map((c) => c.transferControlToOffscreen());
    const flat = v.flat.transferControlToOffscreen(), pane = v.pane.transferControlToOffscreen();
    inited = port.call('init', [{ ...init, canvases: offscreen, flat, pane }], null, [...offscreen, flat, pane]);
    // Awaited (in assemble) before any other op is sent: its failure is its own.
    inited.catch(() => {});
  } else {
    port = mainPort(M, { ...init, canvases: v.canvases, flat: v.flat, pane: v.pane }, report, debug && instruments.coreInstruments);
  }
  usePort(port);
  v.port = port;
  v.call = (op, ...args) => port.call(op, args);
  v.ops = coreOps(port, (op, e) => {
    // A worker gone silent during the mount has its own note (mountOnce, which mounts again here).
    if (v.destroyed || /** @type {any} */ (e)?.reason === WORKER_STALLED) return;
    console.warn(`noisefield: the landscape's ${op} failed:`, e instanceof Error ? e.message : e);
  });
  v.inited = inited;
  if (debug) v.instruments = instruments;
}

// The DOM, the listeners and the first frame; -> the handle.
async function assemble(v, ledger, daylight, seasonOf) {
  const { element, doc, debug } = v;
  // Starting the core (the transfer to the worker, or the scene made here) was this task; the
  // element's new children, their first style and layout and the first viewport are the next.
  // A worker's core is made by then (init answered), or its failure ends the mount here.
  await Promise.all([v.inited, nextTask()]);
  const idle = v.modeNames[v.modes.idle];
  v.cursor = dressHost(element, ledger, idle).cursor;
  v.portal = buildPortal(doc, v.o, idle);
  element.appendChild(v.stage);
  ledger.add(() => v.stage.remove());
  if (v.portal) {
    element.appendChild(v.portal);
    ledger.add(() => v.portal?.remove());
  }
  const parallax = createParallax(v, () => layout.placeLayers());
  ledger.add(parallax.sleep);
  const flat = createFlat(v, v.flat);
  const layout = createLayout(v, parallax.wake, flat);
  v.pace = layout.pace;
  const modes = createPortalModes(v, ledger);
  const input = createInput(v, ledger, { layout, parallax, modes, daylight });
  input.start();
  if (v.given.day == null || v.given.dusk == null) daylight.follow();

  // ---- first frame (rendered once, by the core's first viewport) ----
  if (doc.hidden) v.ops.visible(false);
  // a host with no size yet paints when the ResizeObserver reports one; what the scene shows is
  // read back (the seed, the daylight after a dark scheme's cap, the season)
  const [now] = await Promise.all([v.ops.state(), layout.relayout()]);
  ({ seed: v.seed, day: v.day, dusk: v.dusk, season: v.season } = now);
  if (debug && v.layout) debug.firstPaintMs = (await v.call('debugInfo')).firstPaintMs;

  const handle = createHandle(v, { parallax, daylight, atRest: input.atRest, seasonOf, teardown: () => ledger.close() });
  if (debug) {
    handle.debug = v.instruments.handleInstruments(debug, { port: v.port, M: v.M, call: v.call, layout: () => v.layout, canvases: v.canvases, win: v.win });
    // The flattened run on the page ([first, last] layer, or null) and the switch that turns it off.
    Object.assign(handle.debug, { flatShown: flat.shown, flatten: layout.flatten });
  }
  return handle;
}
