// The one list of what the page asks of the landscape's driver core (landscape-core.js), wherever
// the core runs: called directly on this thread (landscape-ports.js, mainPort) or posted to the
// dedicated worker (landscape-worker.js). Every op is declared here once with its arguments and its
// answer; the core implements exactly these (createCore checks), the worker answers only these (and,
// with debug, the instruments' of landscape-debug.js), and the page calls them only through
// coreOps(), where the failure of an op nobody waits for ("tell") is reported instead of floating.

/**
 * @typedef {{ bw: number, bh: number, pitch: number, scale: number, ox: number, oy: number, inset: number,
 *   sceneWidth: number, sceneHeight: number, gateX: number, gateY: number, gateR: number, waterY: number,
 *   pane: { x: number, y: number, width: number, height: number } | null }} Placement
 *   the scene's answer to a viewport: its buffer size and pitch (which may be coarser than the one
 *   asked for), where the scene sits (the module's Landscape.PLACEMENT fields) and the pane's box (landscape-pane.js)
 * @typedef {Array<[string, string]>} WorldPairs the world as the scene has it, as URL text
 *   ([name, value], Landscape.world()) in the table's order: what a share link writes
 * @typedef {{ clock: number, world: WorldPairs }} Rest the view at rest: its clock and its world
 * @typedef {{ width: number, height: number, pixels: Uint8ClampedArray } & Rest} Picture
 * @typedef {{ seed: number, day: number, dusk: number, season: number | null,
 *   pane?: { x: number, y: number, width: number, height: number } | null }} WorldNow what the
 *   scene shows, read back from it (the daylight after a dark scheme's cap)
 * @typedef {{ type: 'progress' | 'sleep', clock: number, keepingUp: number, behind: boolean,
 *   busy: number, span: number, frames: number, advances: number[][] }} Report the core's one report
 *   shape, in both modes: its clock, how well it keeps up (behind: the page should raise the pitch;
 *   busy: the share of its thread the scene took, over the last span seconds), and with debug the
 *   steps it ran and, per step, [mask, advance ms, paint ms, start in the page's performance.now()
 *   time, 1 if a frame was shown after it] (a worker sends them batched)
 * @typedef {object} CoreInit
 * @property {Array<HTMLCanvasElement | OffscreenCanvas>} canvases the layers', in M.Landscape.LAYERS' order
 * @property {HTMLCanvasElement | OffscreenCanvas} [flat] one more, that stands for a run of layers at one offset (landscape-flat.js)
 * @property {HTMLCanvasElement | OffscreenCanvas} [pane] the pane's: the tablet's line and the falling letters at one CSS px a pixel (landscape-pane.js)
 * @property {Record<string, any>} world the world as Landscape.setWorld takes it (the table's option names)
 * @property {number | null} frozen the frozen clock (t), or null
 * @property {boolean} motion
 * @property {boolean} paused the loop held at the first frame (clock 0) until resume
 * @property {string | { x: number, y: number }} framing
 * @property {number} fps the most frames shown a second (0: no cap)
 * @property {boolean} debug
 * @property {number} timeOrigin the page's performance.timeOrigin
 */

// Each op: 'ask' (the caller waits for the answer and handles its failure) or 'tell' (sent on;
// coreOps reports a failure).
export const OPS = Object.freeze({
  /** (moduleUrl: string | null, compiled: WebAssembly.Module | null, files: { url, wasmUrl } | null) -> true: the worker's first */
  load: 'ask',
  /** (init: CoreInit) -> true: the worker's second, awaited before any other (on this thread the core is made with it) */
  init: 'ask',
  /** (cssWidth, cssHeight, pitch) -> Placement once the new layers are shown (null: destroyed first) */
  viewport: 'ask',
  /** (world: a part of the world, by the table's option names) -> WorldNow once the new picture is shown */
  world: 'ask',
  /** () -> WorldNow */
  state: 'ask',
  /** (sceneX, sceneY, inside, nearX, nearY): the sky's point and the near layer's */
  pointer: 'tell',
  /** (mode: one of Landscape.PORTAL_MODES' numbers) */
  portalMode: 'tell',
  /** (sceneX, sceneY) */
  splash: 'tell',
  /** (on) */
  motion: 'tell',
  /** (on): a hidden page or an element off screen runs no frames */
  visible: 'tell',
  /** (first, last: a run of layers at one parallax offset, or -1, -1; hidden: the page hides the run's own canvases, which may then lag) -> whether the flat canvas has it drawn and every canvas not hidden is current (coreOps: false if it failed, reported as a tell's failure) */
  flat: 'ask',
  /** (entering) -> Rest */
  pause: 'ask',
  /** () -> undefined */
  resume: 'ask',
  /** (zoom, entering, pitch: finer than the view's, or 0) -> Picture */
  picture: 'ask',
  /** () -> undefined */
  destroy: 'ask',
});
// The ops the core implements (load and init are the worker's and the port's).
export const CORE_OPS = Object.keys(OPS).filter((op) => op !== 'load' && op !== 'init');
// A Report's fields, in order.
export const REPORT_FIELDS = ['type', 'clock', 'keepingUp', 'behind', 'busy', 'span', 'frames', 'advances'];

/**
 * A Report.
 * @param {'progress' | 'sleep'} type @param {number} clock @param {number} keepingUp @param {boolean} behind
 * @param {number} busy @param {number} span @param {number} frames @param {number[][]} advances
 * @returns {Report}
 */
export const report = (type, clock, keepingUp, behind, busy, span, frames, advances) => ({ type, clock, keepingUp, behind, busy, span, frames, advances });

/**
 * The ops as functions over a port (landscape-ports.js): asks return the answer's Promise; tells
 * return nothing and report a failure through `failed` (each op's first only). An ask's `then`
 * runs on the answer as the port gets it (on the main thread, before the op returns), so what the
 * page keeps of it is current at once.
 * @param {{ call: (op: string, args?: any[], then?: ((r: any) => any) | null) => Promise<any> }} port
 * @param {(op: string, e: unknown) => void} failed
 */
export function coreOps(port, failed) {
  const noted = new Set();
  /** @param {string} op @param {unknown} e */
  const note = (op, e) => {
    if (noted.has(op)) return;
    noted.add(op);
    failed(op, e);
  };
  /** @param {string} op @param {any[]} args */
  const tell = (op, args) => {
    port.call(op, args).catch((/** @type {unknown} */ e) => note(op, e));
  };
  return {
    /**
     * @template T
     * @param {number} w @param {number} h @param {number} pitch @param {(p: Placement | null) => T} then
     * @returns {Promise<T>}
     */
    viewport: (w, h, pitch, then) => port.call('viewport', [w, h, pitch], then),
    /** @param {Record<string, any>} world @returns {Promise<WorldNow>} */
    world: (world) => port.call('world', [world]),
    /** @returns {Promise<WorldNow>} */
    state: () => port.call('state', []),
    /** @param {number} x @param {number} y @param {boolean} inside @param {number} [nx] @param {number} [ny] */
    pointer: (x, y, inside, nx, ny) => tell('pointer', nx === undefined ? [x, y, inside] : [x, y, inside, nx, ny]),
    /** @param {number} mode */
    portalMode: (mode) => tell('portalMode', [mode]),
    /** @param {number} x @param {number} y */
    splash: (x, y) => tell('splash', [x, y]),
    /** @param {boolean} on */
    motion: (on) => tell('motion', [on]),
    /** @param {boolean} on */
    visible: (on) => tell('visible', [on]),
    // Its failure is reported as a tell's, and answers false: the page shows the layers' own canvases.
    /** @param {[first: number, last: number, hidden: boolean]} a @returns {Promise<boolean>} */
    flat: (...a) => port.call('flat', a).then((drawn) => drawn === true, (/** @type {unknown} */ e) => {
      note('flat', e);
      return false;
    }),
    /** @template T @param {boolean} entering @param {(r: Rest) => T} then @returns {Promise<T>} */
    pause: (entering, then) => port.call('pause', [entering], then),
    /** @returns {Promise<void>} */
    resume: () => port.call('resume', []),
    /**
     * @template T
     * @param {number} zoom @param {boolean} entering @param {number} pitch @param {(p: Picture) => T} then
     * @returns {Promise<T>}
     */
    picture: (zoom, entering, pitch, then) => port.call('picture', [zoom, entering, pitch], then),
    /** @returns {Promise<void>} */
    destroy: () => port.call('destroy', []),
  };
}
