// One mount's state and parts, in one object that its modules (layout, parallax, portal, input,
// daylight, handle) share: nothing of it lives in module-level bindings, and what the scene owns
// (its pitch, buffer size and placement) is in `layout` as the core answered it.

// The portal's modes are the module's (cpp/scene/landscape.h, kPortalModeNames): { name: number },
// and the names by number.
/** @param {any} M @returns {{ modes: Record<string, number>, modeNames: Array<'idle' | 'hot' | 'enter'> }} */
export function portalModes(M) {
  /** @type {Record<string, number>} */
  const modes = M.Landscape.PORTAL_MODES;
  /** @type {any[]} */
  const modeNames = [];
  for (const [name, i] of Object.entries(modes)) modeNames[i] = name;
  return { modes, modeNames };
}

/**
 * @typedef {{ x: number, y: number, tx: number, ty: number }} Pointer  eased / target, in [-0.5, 0.5]
 * @typedef {{ w: number, h: number, dpr: number, pitch: number, bw: number, bh: number, scale: number,
 *   ox: number, oy: number, inset: number, gateX: number, gateY: number, gateR: number, waterY: number }} Layout
 * @typedef {object} View
 * @property {any} M the loaded module
 * @property {Record<string, any>} o mount()'s options, checked (landscape-options.js)
 * @property {Window} win
 * @property {Document} doc
 * @property {HTMLElement} element
 * @property {HTMLDivElement} stage
 * @property {HTMLCanvasElement[]} canvases
 * @property {HTMLCanvasElement} flat the canvas that stands for a run of layers at one offset (landscape-flat.js)
 * @property {HTMLCanvasElement} pane the pane's canvas: the tablet's line and the falling letters (landscape-pane.js)
 * @property {HTMLAnchorElement | null} portal
 * @property {any} port where the core runs (landscape-ports.js)
 * @property {(op: string, ...args: any[]) => Promise<any>} call any op by name (the instruments', with debug)
 * @property {ReturnType<typeof import('./landscape-ops.js').coreOps>} ops the core's ops (landscape-ops.js)
 * @property {Record<string, any>} given the world options as given (mount(), setWorld); null: the page's default
 * @property {Record<string, any>} sent the world last sent to the scene (Landscape.setWorld's names)
 * @property {import('./landscape-ops.js').WorldPairs | null} world the scene's world at the last pause or picture
 * @property {number | null} frozen the frozen clock, or null (live)
 * @property {() => 'light' | 'dark'} theme the scheme now
 * @property {() => boolean} followsSite whether the theme is the site's scheme (auto, or not given)
 * @property {() => boolean} motion animation on (and the clock live)
 * @property {() => boolean} parallaxOn
 * @property {MediaQueryList} mqDark
 * @property {MediaQueryList} mqReduce
 * @property {boolean | null} motionOption null: prefers-reduced-motion
 * @property {string} cursor the host's own cursor
 * @property {number} seed the scene's, read back
 * @property {number | null} season the day of the year, null: no snow (read back)
 * @property {number} day the daylight the scene shows (read back: after a dark scheme's cap)
 * @property {number} dusk the twilight the scene shows
 * @property {number} clock the scene's clock as last reported
 * @property {number} wall0 the clock hands' local time at scene clock 0
 * @property {boolean} paused
 * @property {boolean} destroyed
 * @property {boolean} onScreen
 * @property {boolean} hover
 * @property {boolean} focused
 * @property {boolean} entering
 * @property {number} mode the portal's, one of `modes`
 * @property {Record<string, number>} modes the portal's modes (the module's Landscape.PORTAL_MODES)
 * @property {Array<'idle' | 'hot' | 'enter'>} modeNames their names by number
 * @property {Pointer} ptr
 * @property {Layout | null} layout null before the element has a size
 * @property {number} requestedPitch the pitch the page asks for (option or automatic), before any raise
 * @property {'behind' | null} adapted 'behind' while the pitch is raised because the scene could not keep up (null again once it is back)
 * @property {number} chosenPitch the scene's pitch just before the first raise (what a link and a picture keep)
 * @property {((r: { keepingUp: number, behind: boolean, busy: number, span: number }) => void) | null} pace the core's loop's report of how it keeps up (landscape-layout.js pace)
 * @property {any} debug handle.debug's record, or null
 * @property {Promise<any> | null} inited the worker's init, or null (the core made here)
 * @property {any} instruments landscape-debug.js, with debug
 */

// theme 'auto' (the default): the scheme the site itself shows, where it says so on <html> in one
// of the common ways (a class "dark" or "light" as VitePress and Tailwind set it, data-theme as
// Pico, Docusaurus and DaisyUI do, or a color-scheme of one value), else the visitor's OS scheme.
/** @param {Document} doc @param {boolean} osDark @returns {'dark' | 'light'} */
export function siteScheme(doc, osDark) {
  const html = doc.documentElement;
  if (html.classList.contains('dark')) return 'dark';
  if (html.classList.contains('light')) return 'light';
  const data = html.getAttribute('data-theme');
  if (data === 'dark' || data === 'light') return data;
  const cs = /** @type {Window} */ (doc.defaultView).getComputedStyle(html).colorScheme.trim();
  if (cs === 'dark' || cs === 'light') return cs;
  return osDark ? 'dark' : 'light';
}

/**
 * The view before the core starts: the options' world and the page's preferences.
 * @param {any} M
 * @param {Record<string, any>} o
 * @param {HTMLElement} element
 * @param {(s: any) => number | null} seasonOf
 * @returns {View}
 */
export function createView(M, o, element, seasonOf) {
  const doc = element.ownerDocument;
  const win = /** @type {Window} */ (doc.defaultView);
  const frozen = o.time ?? null;
  const mqDark = win.matchMedia('(prefers-color-scheme: dark)');
  const mqReduce = win.matchMedia('(prefers-reduced-motion: reduce)');
  const motionOption = o.motion ?? null;
  // The clock hands' local time at scene clock 0: the link's moment (`at` at t), the visitor's now
  // when live, and for a frozen t without `at` the scene's clock from midnight (as the CLI's), so
  // such a link shows the same hands to everyone.
  const now = new Date();
  const wall0 = o.at !== null ? o.at - (frozen ?? 0)
    : frozen !== null ? 0 : now.getHours() * 3600 + now.getMinutes() * 60 + now.getSeconds();
  const { modes, modeNames } = portalModes(M);
  /** @type {View} */
  const v = {
    M, o, win, doc, element, modes, modeNames, stage: /** @type {any} */ (null), canvases: [], flat: /** @type {any} */ (null), pane: /** @type {any} */ (null), portal: null, port: null,
    call: () => Promise.reject(new Error('noisefield: the core has not started')),
    ops: /** @type {any} */ (null), given: { ...o.world }, sent: {}, world: null,
    frozen, mqDark, mqReduce, motionOption, cursor: '',
    followsSite: () => v.given.theme == null || v.given.theme === 'auto',
    theme: () => (v.followsSite() ? siteScheme(doc, mqDark.matches) : v.given.theme),
    motion: () => (motionOption ?? !mqReduce.matches) && frozen === null,
    parallaxOn: () => motionOption ?? !mqReduce.matches,
    seed: o.seed, season: seasonOf(o.season),
    day: 0, dusk: 0, clock: frozen ?? 0, wall0,
    paused: o.paused === true, destroyed: false, onScreen: true,
    hover: false, focused: false, entering: false, mode: modes.idle,
    ptr: { x: 0, y: 0, tx: 0, ty: 0 }, layout: null, requestedPitch: 0, adapted: null, chosenPitch: 0, pace: null,
    debug: o.debug ? { frames: 0, advances: [], firstPaintMs: null } : null,
    inited: null, instruments: null,
  };
  return v;
}

/**
 * The world the scene is given (Landscape.setWorld): every world option given that the scene takes
 * (the table's rows with a scene effect: a new row needs nothing here), with the page's defaults
 * for the rest: the visitor's clock for the daylight and twilight, the date for the season, the
 * site's scheme for the theme (the clock and the hands' time of day come with the core's init).
 * @param {View} v
 * @param {{ day: () => number, dusk: () => number }} daylight
 * @param {Array<{ option: string, options: boolean, effect: string }>} rows the module's table
 * @returns {Record<string, any>}
 */
export function sceneWorld(v, daylight, rows) {
  /** @type {Record<string, any>} */
  const w = {};
  for (const p of rows) if (p.options && p.effect === 'scene' && v.given[p.option] != null) w[p.option] = v.given[p.option];
  w.seed ??= v.M.kDefaultWorldSeed;  // the original world, when none is given
  w.day = daylight.day();
  w.dusk = daylight.dusk();
  w.season = v.season ?? 'none';
  w.theme = v.theme();
  return w;
}
