// The 404 landscape's mount() (landscape.js, the embed's entry, re-exports it with the element):
// mount(element, options) fills any element with the seven pixel
// layers rendered by the C++ scene (./noisefield-landscape.mjs + .wasm: the core and the scene
// without the toolkit, a smaller download; loaded relative to this
// file) and returns a handle { setSeed, setDay, setDusk, setSeason, pause, resume, destroy, state }.
//
// This file is the page's side: the canvases, the portal link, the pointer, the parallax (CSS
// transforms, on the main thread) and the handle. The scene and its loop are the driver core
// (landscape-core.js), which runs in a dedicated module worker (landscape-worker.js) on
// OffscreenCanvas layers where the browser can, and on this thread otherwise (option
// worker: false, no module worker or OffscreenCanvas, or a CSP that blocks the worker): the same
// commands either way, by postMessage or by a direct call. No SharedArrayBuffer, so no COOP/COEP.
// Styles are set through the CSSOM (element.style), so it runs under a strict CSP
// (style-src 'self') without a stylesheet.
import { compiledModule, loadModule as loadModuleWith, nextTask } from './landscape-loader.js';
import { createCore, LAYERS } from './landscape-core.js';
import { checkOption, dayFromClock, duskFromClock, paramTable, seasonFromDate } from './landscape-params.js';

export { LAYERS };
const DEPTH = [0.1, 0.18, 0.42, 0.42, 0.42, 0.42, 1.0];  // docs/scene.md, "Layers and cadence"
const SWAY_X = 64, SWAY_Y = 30;  // parallax travel per unit depth, CSS px
const EASE = 0.05;           // parallax easing per 60 Hz frame
const ENTER_DELAY_MS = 820;
const MODE = { idle: 0, hot: 1, enter: 2 };
const MODE_NAME = ['idle', 'hot', 'enter'];

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

// framing: one of the scene's named framings (C++), or a focal point { x, y } in scene units.
function checkFraming(f, names) {
  if (typeof f === 'string' && names.includes(f)) return;
  if (f && typeof f === 'object' && Number.isFinite(f.x) && Number.isFinite(f.y)) return;
  throw new Error(`framing must be one of ${names.join(', ')} or a focal point { x, y } in scene units (got ${typeof f === 'object' ? JSON.stringify(f) : f})`);
}

function clampDay(d) { return Math.min(1, Math.max(0, d)); }

// theme 'auto' (the default): the scheme the site itself shows, where it says so on <html> in one
// of the common ways (a class "dark" or "light" as VitePress and Tailwind set it, data-theme as
// Pico, Docusaurus and DaisyUI do, or a color-scheme of one value), else the visitor's OS scheme.
export function siteScheme(doc, osDark) {
  const html = doc.documentElement;
  if (html.classList.contains('dark')) return 'dark';
  if (html.classList.contains('light')) return 'light';
  const data = html.getAttribute('data-theme');
  if (data === 'dark' || data === 'light') return data;
  const cs = doc.defaultView.getComputedStyle(html).colorScheme.trim();
  if (cs === 'dark' || cs === 'light') return cs;
  return osDark ? 'dark' : 'light';
}

// mount()'s own options; the world's options come from the module's parameter table.
const PAGE_OPTIONS = ['home', 'portal', 'framing', 'parallax', 'navigate', 'label', 'moduleUrl', 'worker', 'debug'];

const resolveSeed = (M, seed) => checkOption(M, 'seed', seed) ?? M.kDefaultWorldSeed;

// The scene's automatic pitch (docs/scene.md, "Coordinates and grid", `auto`); on a fractional devicePixelRatio it moves by one
// when that makes a buffer pixel a whole number of device pixels.
export function choosePitch(auto, dpr) {
  if (Number.isInteger(dpr)) return auto;
  const whole = (p) => Math.abs(p * dpr - Math.round(p * dpr)) < 1e-6;
  for (const p of [auto, auto + 1, auto - 1]) if (p >= 2 && p <= 8 && whole(p)) return p;
  return auto;
}

// ---- where the core runs ----
// On this thread: the core's commands called directly, `then` at once (so state() is current as
// soon as a command returns).
function mainPort(M, init, report, instruments) {
  const core = createCore(M, init, report, instruments);
  return {
    mode: 'main',
    core,
    call(op, args = [], then = null) {
      try {
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

// In a dedicated module worker: commands by postMessage, answered in order.
function workerPort(worker) {
  let nextId = 1;
  const waiting = new Map();
  // The core's reports go to a function the mount sets later (port.report = fn). Held in a variable
  // behind a setter: Rollup 4 (Vite 5 to 7) took a no-op property for what the call would always
  // run, dropped the call, and the page never saw the worker's clock.
  let report = null;
  const port = {
    mode: 'worker',
    set report(fn) { report = fn; },
    call(op, args = [], then = null, transfer = []) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve: (r) => { try { resolve(then ? then(r) : r); } catch (e) { reject(e); } }, reject });
        worker.postMessage({ id, op, args }, transfer);
      });
    },
    close() { worker.terminate(); waiting.clear(); },
  };
  worker.onmessage = (e) => {
    const m = e.data;
    if (!m.id) { report?.(m); return; }
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (!w) return;
    if (m.error === undefined) { w.resolve(m.result); return; }
    const err = new Error(m.error);
    if (m.reason) err.reason = m.reason;
    w.reject(err);
  };
  return port;
}

// Starts the worker, whose script loads while this thread loads the module: -> null where the
// browser has no module workers or OffscreenCanvas, else { cancel(), ready(M) }. ready sends the
// worker this thread's compiled module and resolves to the worker's port, or to null where the
// worker cannot run the scene (a CSP without worker-src 'self' refuses its script; the module does
// not start in it). The canvases are transferred only after that, so a refusal leaves them usable
// here. A page that refused the worker once is not asked again: each refusal is a console error.
let refusedHere = false;
const WORKER_PATIENCE_MS = 5000;
function startWorker(win, moduleUrl) {
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
      const files = moduleUrl === null ? (({ url, wasmUrl }) => ({ url, wasmUrl }))(defaultModule()) : null;
      port.call('load', [moduleUrl, compiledModule(M), files]).then(() => {
        clearTimeout(timer);
        worker.onerror = (e) => { e.preventDefault(); console.warn('noisefield: the landscape worker failed:', e.message); };
        done();
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
 *   debug     true: handle.debug with timings and pixel hashes (tests, benchmark)
 * The loop pauses while the element is off screen, and an element with no size waits for one.
 * Rejects (leaving the element as it was) if the wasm module cannot load; the error's `reason`
 * (LOAD_FAILURES) says why: webassembly-unavailable, module-not-found, wrong-type, wasm-not-found, csp, failed.
 */
export async function mount(element, options = {}) {
  if (!element || typeof element.appendChild !== 'function') throw new Error('mount: element must be a DOM element');
  if (options === null || typeof options !== 'object') throw new Error('mount: options must be an object');
  if (options.worker !== undefined && typeof options.worker !== 'boolean') throw new Error('worker must be true or false');
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
  const worker = options.worker === false ? null : startWorker(win, moduleUrl);
  let M, starting = null, port = null;
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
    return await mountWith(element, options, M, starting, (p) => { port = p; });
  } catch (e) {
    (port ?? await starting)?.close();
    throw e;
  }
}

async function mountWith(element, options, M, starting, usePort) {
  const known = paramTable(M).filter((p) => p.options).map((p) => p.option).concat(PAGE_OPTIONS);
  for (const k of Object.keys(options)) if (!known.includes(k)) throw new Error(`mount: unknown option "${k}" (allowed: ${known.join(', ')})`);
  // Checked by the table (the messages name the option and its range); null/undefined: default.
  const o = { ...options };
  for (const k of ['day', 'dusk', 'season', 'time', 'at', 'path', 'life', 'theme', 'motion']) o[k] = checkOption(M, k, o[k]);
  o.pitch = o.pitch === 0 ? null : checkOption(M, 'pitch', o.pitch);  // 0: automatic, as the scene's own
  let seed = resolveSeed(M, o.seed);
  if (o.portal !== undefined && typeof o.portal !== 'boolean') throw new Error('portal must be true or false');
  if (o.parallax !== undefined && o.parallax !== 'element' && o.parallax !== 'window') throw new Error("parallax must be 'element' or 'window'");
  const framing = o.framing ?? 'cover';
  checkFraming(framing, M.Landscape.FRAMINGS);
  if (o.navigate !== undefined && typeof o.navigate !== 'function') throw new Error(`navigate must be a function(href) (got ${typeof o.navigate})`);
  for (const k of ['home', 'label']) if (o[k] !== undefined && typeof o[k] !== 'string') throw new Error(`${k} must be a string (got ${typeof o[k]})`);

  const win = element.ownerDocument.defaultView;
  const doc = element.ownerDocument;
  const seasonOf = (s) => (s === 'none' ? null : s ?? seasonFromDate(new Date()));

  // ---- state (the scene's lives in the core; what the page needs of it is mirrored here) ----
  let dayOption = o.day ?? null;          // null: from the clock
  let duskOption = o.dusk ?? null;        // null: from the clock while day is, else 0
  const frozen = o.time ?? null;          // null: live clock
  const pitchOption = o.pitch || 0;
  const mqDark = win.matchMedia('(prefers-color-scheme: dark)');
  const mqReduce = win.matchMedia('(prefers-reduced-motion: reduce)');
  const themeOption = o.theme === 'auto' ? null : o.theme ?? null;  // null: siteScheme()
  const motionOption = o.motion ?? null;
  let paused = false, destroyed = false, onScreen = true;
  let raf = 0, lastTs = null;
  let hover = false, focused = false, entering = false, enterTimer = 0, mode = MODE.idle;
  let ptr = { x: 0, y: 0, tx: 0, ty: 0 };  // eased / target, in [-0.5, 0.5]
  let applied = [];                        // last transforms written, per layer
  let layout = null;                       // { w, h, dpr, pitch, bw, bh } and the scene's placement
  let asked = null;                        // the viewport last sent to the core
  let dayTimer = 0;
  let season = seasonOf(o.season), day = 0, dusk = 0, clock = frozen ?? 0;
  // The clock hands' local time at scene clock 0: the link's moment (`at` at t), the visitor's now
  // when live, and for a frozen t without `at` the scene's clock from midnight (as the CLI's), so
  // such a link shows the same hands to everyone.
  const now = new Date();
  const wall0 = o.at !== null ? o.at - (frozen ?? 0)
    : frozen !== null ? 0 : now.getHours() * 3600 + now.getMinutes() * 60 + now.getSeconds();
  const debug = o.debug ? { frames: 0, advances: [], firstPaintMs: null } : null;

  const theme = () => themeOption ?? siteScheme(doc, mqDark.matches);
  const motion = () => (motionOption ?? !mqReduce.matches) && frozen === null;
  const parallaxOn = () => motionOption ?? !mqReduce.matches;
  const effectiveDusk = () => duskOption ?? (dayOption === null ? duskFromClock(new Date()) : 0);
  const effectiveDay = () => {
    const d = dayOption ?? dayFromClock(new Date());
    return theme() === 'dark' ? Math.min(d, M.kDarkDayCap) : clampDay(d);
  };
  day = effectiveDay();
  dusk = effectiveDusk();

  // ---- DOM ----
  const hostStyle = element.style;
  const restore = { position: hostStyle.position, overflow: hostStyle.overflow, cursor: hostStyle.cursor };
  const hadStyle = element.hasAttribute('style'), hadClass = element.classList.contains('nf-landscape');
  const hadPortalData = 'portal' in element.dataset ? element.dataset.portal : null;
  const stage = doc.createElement('div');
  stage.className = 'nf-stage';
  stage.setAttribute('aria-hidden', 'true');
  Object.assign(stage.style, { position: 'absolute', left: '0', top: '0', width: '0', height: '0', pointerEvents: 'none' });
  const canvases = LAYERS.map((name) => {
    const c = doc.createElement('canvas');
    c.className = `nf-layer nf-layer-${name}`;
    c.dataset.layer = name;
    Object.assign(c.style, { position: 'absolute', left: '0', top: '0', imageRendering: 'pixelated', pointerEvents: 'none', willChange: 'transform' });
    stage.appendChild(c);
    return c;
  });

  // ---- the core: in the worker if one started, else here ----
  const init = { seed, season, day, dusk, frozen, motion: motion(), framing, debug: !!debug, timeOrigin: performance.timeOrigin,
    path: o.path ?? '', wall0, life: o.life ?? true };
  // The tests' and benchmark's instruments, loaded only for them (landscape-debug.js).
  const instruments = debug && await import('./landscape-debug.js');
  const report = debug ? instruments.pageReport(debug, (c) => { clock = c; }) : (r) => { clock = r.clock; };
  let port = await starting, inited = null;
  if (port) {
    port.report = report;
    const offscreen = canvases.map((c) => c.transferControlToOffscreen());
    inited = port.call('init', [{ ...init, canvases: offscreen }], null, offscreen);
  } else {
    port = mainPort(M, { ...init, canvases }, report, debug && instruments.coreInstruments);
  }
  usePort(port);
  const call = (op, ...args) => port.call(op, args);
  // Starting the core (the transfer to the worker, or the scene made here) was this task; the
  // element's new children, their first style and layout and the first viewport are the next.
  await nextTask();

  if (win.getComputedStyle(element).position === 'static') hostStyle.position = 'relative';
  hostStyle.overflow = 'hidden';
  element.classList.add('nf-landscape');
  // portal: false (a banner): no link at all, so no tab stop and nothing that navigates.
  const portal = o.portal === false ? null : doc.createElement('a');
  if (portal) {
    portal.className = 'nf-portal';
    // A relative home resolves against the page's base URL (document.baseURI), as any link does;
    // without one, the page's <base href> if it has one (the site's root, say), else '/'.
    portal.href = o.home ?? (doc.querySelector('base[href]') ? './' : '/');
    portal.setAttribute('aria-label', o.label ?? 'Step through the gate: go to the home page');
    portal.dataset.state = 'idle';
    Object.assign(portal.style, { position: 'absolute', left: '0', top: '0', borderRadius: '50%', display: 'block' });
  }
  element.dataset.portal = MODE_NAME[MODE.idle];
  element.appendChild(stage);
  if (portal) element.appendChild(portal);

  // ---- geometry ----
  // -> a Promise of the new layout shown, or null when nothing changed (or there is no size yet:
  // display: none, an empty inline box, a collapsed flex item; the ResizeObserver calls again).
  function relayout() {
    const rect = element.getBoundingClientRect();
    if (Math.round(rect.width) < 1 || Math.round(rect.height) < 1) return null;
    const w = Math.min(16384, Math.round(rect.width));
    const h = Math.min(16384, Math.round(rect.height));
    const dpr = win.devicePixelRatio || 1;
    const pitch = pitchOption || choosePitch(M.Landscape.autoPitch(w), dpr);
    if (asked && asked.w === w && asked.h === h && asked.pitch === pitch && asked.dpr === dpr) return null;
    const view = { w, h, dpr, pitch };
    asked = view;
    // The core sizes the canvases and paints them; the old layers stay up until then.
    return port.call('viewport', [w, h, pitch], (at) => {
      if (destroyed || asked !== view) return;
      // at.pitch is the scene's, which may be coarser than the one asked for (the buffer budget).
      layout = { ...view, ...at };
      for (const c of canvases) {
        c.style.width = `${at.bw * at.pitch}px`;
        c.style.height = `${at.bh * at.pitch}px`;
      }
      const r = layout.gateR * layout.scale;
      if (portal) portal.style.width = portal.style.height = `${2 * r}px`;
      applied = [];
      placeLayers();
      wake();
    });
  }
  // Scene point -> host CSS px for a layer at rest (no parallax).
  const cssX = (sx) => sx * layout.scale + layout.ox - layout.inset;
  const cssY = (sy) => sy * layout.scale + layout.oy - layout.inset;
  // Host CSS px -> scene, through a layer's current parallax offset.
  const sceneX = (x, off = 0) => (x - off + layout.inset - layout.ox) / layout.scale;
  const sceneY = (y, off = 0) => (y - off + layout.inset - layout.oy) / layout.scale;
  const offX = (l) => -ptr.x * DEPTH[l] * SWAY_X;
  const offY = (l) => -ptr.y * DEPTH[l] * SWAY_Y;
  const snap = (v) => Math.round(v * layout.dpr) / layout.dpr;

  function placeLayers() {
    if (!layout) return;
    for (let l = 0; l < LAYERS.length; l++) {
      const x = snap(offX(l) - layout.inset), y = snap(offY(l) - layout.inset);
      const a = applied[l];
      if (a && a[0] === x && a[1] === y) continue;
      applied[l] = [x, y];
      canvases[l].style.transform = `translate(${x}px, ${y}px)`;
    }
    if (!portal) return;
    const r = layout.gateR * layout.scale;
    portal.style.transform = `translate(${snap(cssX(layout.gateX) + offX(2) - r)}px, ${snap(cssY(layout.gateY) + offY(2) - r)}px)`;
  }

  // ---- portal ----
  function showMode(m) {
    mode = m;
    if (portal) portal.dataset.state = MODE_NAME[m];
    element.dataset.portal = MODE_NAME[m];
  }
  function setMode(m) {
    if (m === mode) return;
    showMode(m);
    call('portalMode', m);
  }
  const updateMode = () => setMode(entering ? MODE.enter : hover || focused ? MODE.hot : MODE.idle);
  function enter(ev) {
    // A click with a modifier (new tab, new window) keeps the link's own behaviour.
    if (ev && (ev.button > 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey)) return;
    if (ev) ev.preventDefault();
    if (entering || !portal) return;
    entering = true;
    updateMode();
    const go = () => (o.navigate ?? ((href) => win.location.assign(href)))(portal.href);
    // The rift spins up for 820 ms first while the stage zooms into the door and fades (spec 7.3);
    // with no animation (reduced motion, frozen clock) at once.
    if (motion() && !paused) {
      const r = portal.getBoundingClientRect(), host = element.getBoundingClientRect();
      Object.assign(stage.style, {
        transformOrigin: `${r.left + r.width / 2 - host.left}px ${r.top + r.height / 2 - host.top}px`,
        transition: 'transform 0.85s cubic-bezier(0.7, 0, 0.84, 0), opacity 0.85s ease-in',
        transform: 'scale(9)', opacity: '0',
      });
      enterTimer = win.setTimeout(go, ENTER_DELAY_MS);
    } else go();
  }

  // ---- the parallax (the scene's own loop is the core's) ----
  // The view at rest on the page's side: no parallax offset, no hover, the portal idle (unless
  // entering); the core settles the scene to match.
  function atRest() {
    ptr = { x: 0, y: 0, tx: 0, ty: 0 };
    hover = false;
    hostStyle.cursor = restore.cursor;
    if (!entering) showMode(MODE.idle);
    placeLayers();
  }
  function frame(ts) {
    raf = 0;
    if (destroyed || !layout) return;
    const dt = lastTs === null ? 0 : Math.min(0.05, Math.max(0, (ts - lastTs) / 1000));
    lastTs = ts;
    let more = false;
    if (parallaxOn() && !paused) {
      const k = 1 - Math.pow(1 - EASE, dt * 60);
      ptr.x += (ptr.tx - ptr.x) * k;
      ptr.y += (ptr.ty - ptr.y) * k;
      if (Math.abs(ptr.tx - ptr.x) > 1e-4 || Math.abs(ptr.ty - ptr.y) > 1e-4) more = true;
      else { ptr.x = ptr.tx; ptr.y = ptr.ty; }
    }
    placeLayers();
    if (more) wake();
    else lastTs = null;
  }
  function wake() {
    if (raf || destroyed || doc.hidden || !onScreen) return;
    raf = win.requestAnimationFrame(frame);
  }
  function sleep() {
    if (raf) win.cancelAnimationFrame(raf);
    raf = 0;
    lastTs = null;
  }
  const showing = () => !doc.hidden && onScreen;

  // ---- input ----
  function hostPoint(ev) {
    const r = element.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top, w: r.width, h: r.height };
  }
  function onPointerMove(ev) {
    if (!layout) return;
    const p = hostPoint(ev);
    const inside = p.x >= 0 && p.y >= 0 && p.x < p.w && p.y < p.h;
    if (parallaxOn()) {
      ptr.tx = Math.min(0.5, Math.max(-0.5, p.x / p.w - 0.5));
      ptr.ty = Math.min(0.5, Math.max(-0.5, p.y / p.h - 0.5));
    }
    call('pointer', sceneX(p.x, offX(0)), sceneY(p.y, offY(0)), inside);
    const gx = sceneX(p.x, offX(2)) - layout.gateX, gy = sceneY(p.y, offY(2)) - layout.gateY;
    // Hot only when the pointer is on the landscape itself, not on content laid over it.
    const onHost = ev.target === element || element.contains(ev.target) || ev.target === doc.documentElement;
    const over = !!portal && inside && onHost && gx * gx + gy * gy < layout.gateR * layout.gateR;
    if (over !== hover) {
      hover = over;
      hostStyle.cursor = over ? 'pointer' : restore.cursor;
      updateMode();
    }
    wake();
  }
  function onPointerLeave() {
    ptr.tx = 0;
    ptr.ty = 0;
    if (hover) { hover = false; hostStyle.cursor = restore.cursor; updateMode(); }
    if (layout) call('pointer', 0, 0, false);
    wake();
  }
  function onClick(ev) {
    if (!layout || ev.defaultPrevented) return;
    if (portal && (ev.target === portal || hover)) { enter(ev); return; }
    const p = hostPoint(ev);
    const y = sceneY(p.y, offY(5));
    if (y > layout.waterY) call('splash', sceneX(p.x, offX(5)), y);
  }
  const onFocus = () => { focused = true; updateMode(); };
  const onBlur = () => { focused = false; updateMode(); };
  const onVisibility = () => {
    call('visible', showing());
    if (doc.hidden) sleep(); else if (!paused) wake();
  };
  // Off screen (scrolled away): no frames at all until the element shows again.
  const onIntersect = (entries) => {
    onScreen = entries[entries.length - 1].isIntersecting;
    call('visible', showing());
    if (!onScreen) sleep();
    else if (!paused) wake();
  };
  const onPageShow = (ev) => { if (ev.persisted && entering) { entering = false; updateMode(); } };
  const onSchemeChange = () => { if (themeOption === null) applyDay(); };
  const onMotionChange = () => {
    if (motionOption !== null) return;
    if (!motion()) { ptr = { x: 0, y: 0, tx: 0, ty: 0 }; placeLayers(); }
    call('motion', motion());
    wake();
  };
  const requestLayout = () => { win.requestAnimationFrame(() => { if (!destroyed) relayout(); }); };
  let dprQuery = null;
  function watchDpr() {
    if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
    dprQuery = win.matchMedia(`(resolution: ${win.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener('change', onDprChange);
  }
  function onDprChange() { watchDpr(); requestLayout(); }

  // -> a Promise once the core has the new daylight (and has shown it).
  function applyDay() {
    if (paused) return Promise.resolve();  // a paused view is the picture a link rebuilds: the clock's day waits for resume()
    const d = effectiveDay(), k = effectiveDusk();
    if (Math.abs(d - day) < 1e-9 && Math.abs(k - dusk) < 1e-9) return Promise.resolve();
    day = d;
    dusk = k;
    return call('dayDusk', d, k);
  }

  // Listeners on things that outlive the mount: added here, removed by destroy().
  // parallax 'element': the pointer over the element only (a banner beside other content).
  const pointerScope = o.parallax === 'window' ? [win, doc.documentElement] : [element, element];
  const listeners = [
    [pointerScope[0], 'pointermove', onPointerMove, { passive: true }],
    [pointerScope[1], 'pointerleave', onPointerLeave],
    [element, 'click', onClick],
    [doc, 'visibilitychange', onVisibility],
    [win, 'pageshow', onPageShow],
    [mqDark, 'change', onSchemeChange],
    [mqReduce, 'change', onMotionChange],
  ];
  for (const [target, type, fn, opts] of listeners) target.addEventListener(type, fn, opts);
  if (portal) {
    portal.addEventListener('click', enter);
    portal.addEventListener('focus', onFocus);
    portal.addEventListener('blur', onBlur);
  }
  // A site's own scheme toggle changes a class, data-theme or style of <html>: followed live.
  const schemeWatch = themeOption === null ? new win.MutationObserver(onSchemeChange) : null;
  schemeWatch?.observe(doc.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] });
  const ro = new win.ResizeObserver(requestLayout);
  ro.observe(element);
  const io = new win.IntersectionObserver(onIntersect);
  io.observe(element);
  watchDpr();
  if (dayOption === null || duskOption === null) dayTimer = win.setInterval(applyDay, 60000);

  // Everything this mount did to the host and the window, undone: by destroy(), and by a mount
  // that fails from here on (the scene refusing the first viewport, a worker's init failing), so a
  // rejected mount() leaves the element as it was. mount() closes the port (worker or scene).
  function teardown() {
    sleep();
    win.clearTimeout(enterTimer);
    win.clearInterval(dayTimer);
    ro.disconnect();
    io.disconnect();
    schemeWatch?.disconnect();
    if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
    for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
    stage.remove();
    if (portal) {
      portal.removeEventListener('click', enter);
      portal.removeEventListener('focus', onFocus);
      portal.removeEventListener('blur', onBlur);
      portal.remove();
    }
    if (!hadClass) element.classList.remove('nf-landscape');
    if (hadPortalData === null) delete element.dataset.portal; else element.dataset.portal = hadPortalData;
    Object.assign(hostStyle, restore);
    if (!hadStyle && !hostStyle.cssText) element.removeAttribute('style');
  }

  // ---- first frame (rendered once, by the core's first viewport) ----
  try {
    if (doc.hidden) call('visible', false);
    // a host with no size yet paints when the ResizeObserver reports one; init's failure (in a
    // worker) is its own, not the next command's "unknown command"
    await Promise.all([inited, relayout()]);
    if (debug && layout) debug.firstPaintMs = (await call('debugInfo')).firstPaintMs;
  } catch (e) {
    destroyed = true;
    teardown();
    throw e;
  }

  const alive = () => { if (destroyed) throw new Error('noisefield: this landscape was deleted (destroy() was called)'); };
  const pauseCore = () => {
    paused = true;
    sleep();
    atRest();
    return port.call('pause', [entering], (c) => { clock = c; });
  };
  const handle = {
    element,
    canvases,
    portal,
    // Where the scene runs: 'worker' (a dedicated worker) or 'main' (this thread).
    mode: port.mode,
    // Each setter checks its value at once (throwing an Error naming the allowed range) and
    // resolves once the new picture is shown.
    setSeed(s) {
      alive();
      seed = resolveSeed(M, s);
      return call('seed', seed);
    },
    setDay(d) {
      alive();
      dayOption = checkOption(M, 'day', d);
      if (d === null && !dayTimer) dayTimer = win.setInterval(applyDay, 60000);
      return applyDay();
    },
    // Twilight 0..1, or null (from the clock while day is).
    setDusk(k) {
      alive();
      duskOption = checkOption(M, 'dusk', k);
      if (k === null && !dayTimer) dayTimer = win.setInterval(applyDay, 60000);
      return applyDay();
    },
    // A day of the year 0..365 (snow on the ranges), 'none', or null (the local date).
    setSeason(s) {
      alive();
      season = seasonOf(checkOption(M, 'season', s));
      return call('season', season);
    },
    // The composited view at rest (the layers flattened in C++): the buffer pixels the viewport
    // shows, zoom x zoom each. -> Promise of { width, height, pixels: a Uint8ClampedArray }. Pauses
    // first (at rest), so the picture is the view on screen and what a share link rebuilds.
    picture(zoom = 1) {
      alive();
      if (!layout) return Promise.reject(new Error('picture: the landscape has no size yet'));
      const wasPaused = paused;
      paused = true;
      sleep();
      atRest();
      return port.call('picture', [zoom, entering], (p) => {
        clock = p.clock;
        if (debug) debug.savedClock = p.clock;
        return { width: p.width, height: p.height, pixels: p.pixels };
      }).catch((e) => {
        // Refused (over the picture's cap): the view goes on as it was before the call.
        if (!wasPaused && !destroyed) { paused = false; lastTs = null; call('resume').catch(() => {}); applyDay(); wake(); }
        throw e;
      });
    },
    // Stops the loop and shows the scene at rest: what a share link of state() rebuilds.
    // -> Promise, resolved when the view at rest is shown (state().clock is then the link's).
    pause() { alive(); return pauseCore(); },
    resume() {
      alive();
      if (!paused) return Promise.resolve();
      paused = false;
      lastTs = null;
      const p = call('resume');
      applyDay();
      wake();
      return p;
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      teardown();
      call('destroy').catch(() => {}).finally(() => port.close());
    },
    // Where the scene sits in the element now (null before it has a size): the element's size
    // (w, h), the scene's zoom and offset, and the gate and water line in scene units; scene point
    // (x, y) shows at CSS (x * scale + ox - inset, y * scale + oy - inset) without parallax.
    placement() {
      return layout && { w: layout.w, h: layout.h, scale: layout.scale, ox: layout.ox, oy: layout.oy, inset: layout.inset,
        gateX: layout.gateX, gateY: layout.gateY, gateR: layout.gateR, waterY: layout.waterY };
    },
    // What a share link needs: the world as it is now (after pause() has resolved, the clock is the
    // one the view settled at; while the loop runs, the worker's clock as of its last report).
    state() {
      alive();
      return {
        seed, day, dusk, season, clock, frozen: frozen !== null, pitch: layout ? layout.pitch : 0,
        at: Math.round((((wall0 + clock) % 86400 + 86400) % 86400) * 1000) / 1000, path: o.path ?? '',
        theme: theme(), motion: motion(), paused, portal: portal ? MODE_NAME[mode] : null,
        onScreen, sized: layout !== null, framing,
      };
    },
  };
  if (debug) handle.debug = instruments.handleInstruments(debug, { port, M, call, layout: () => layout, canvases, win });
  return handle;
}
