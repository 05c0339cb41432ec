// One mount's state and parts, in one object that its modules (layout, parallax, portal, input,
// daylight, handle) share: nothing of it lives in module-level bindings, and what the scene owns
// (its pitch, buffer size and placement) is in `layout` as the core answered it.

export const MODE = { idle: 0, hot: 1, enter: 2 };
export const MODE_NAME = ['idle', 'hot', 'enter'];

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
 * @property {HTMLAnchorElement | null} portal
 * @property {any} port where the core runs (landscape-ports.js)
 * @property {(op: string, ...args: any[]) => Promise<any>} call
 * @property {number | null} frozen the frozen clock, or null (live)
 * @property {() => string} theme 'light' or 'dark', now
 * @property {() => boolean} motion animation on (and the clock live)
 * @property {() => boolean} parallaxOn
 * @property {MediaQueryList} mqDark
 * @property {MediaQueryList} mqReduce
 * @property {string | null} themeOption null: the site's scheme (siteScheme)
 * @property {boolean | null} motionOption null: prefers-reduced-motion
 * @property {string} cursor the host's own cursor
 * @property {number} seed
 * @property {number | null} dayOption null: from the clock
 * @property {number | null} duskOption null: from the clock while day is, else 0
 * @property {number | null} season null: no snow
 * @property {number} day the daylight the core has
 * @property {number} dusk
 * @property {number} clock the scene's clock as last reported
 * @property {number} wall0 the clock hands' local time at scene clock 0
 * @property {boolean} paused
 * @property {boolean} destroyed
 * @property {boolean} onScreen
 * @property {boolean} hover
 * @property {boolean} focused
 * @property {boolean} entering
 * @property {number} mode the portal's (MODE)
 * @property {Pointer} ptr
 * @property {Layout | null} layout null before the element has a size
 * @property {number} requestedPitch the pitch the page asks for (option or automatic), before any raise
 * @property {string | null} adapted 'behind' once the pitch was raised because the scene could not keep up
 * @property {number} chosenPitch the scene's pitch just before the first raise (what a link and a picture keep)
 * @property {(() => void) | null} behind the core's loop reported it cannot keep up (landscape-layout.js adapt)
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
  const themeOption = o.theme === 'auto' ? null : o.theme ?? null;
  const motionOption = o.motion ?? null;
  // The clock hands' local time at scene clock 0: the link's moment (`at` at t), the visitor's now
  // when live, and for a frozen t without `at` the scene's clock from midnight (as the CLI's), so
  // such a link shows the same hands to everyone.
  const now = new Date();
  const wall0 = o.at !== null ? o.at - (frozen ?? 0)
    : frozen !== null ? 0 : now.getHours() * 3600 + now.getMinutes() * 60 + now.getSeconds();
  /** @type {View} */
  const v = {
    M, o, win, doc, element, stage: /** @type {any} */ (null), canvases: [], portal: null, port: null,
    call: () => Promise.reject(new Error('noisefield: the core has not started')),
    frozen, mqDark, mqReduce, themeOption, motionOption, cursor: '',
    theme: () => themeOption ?? siteScheme(doc, mqDark.matches),
    motion: () => (motionOption ?? !mqReduce.matches) && frozen === null,
    parallaxOn: () => motionOption ?? !mqReduce.matches,
    seed: o.seed, dayOption: o.day ?? null, duskOption: o.dusk ?? null, season: seasonOf(o.season),
    day: 0, dusk: 0, clock: frozen ?? 0, wall0,
    paused: false, destroyed: false, onScreen: true,
    hover: false, focused: false, entering: false, mode: MODE.idle,
    ptr: { x: 0, y: 0, tx: 0, ty: 0 }, layout: null, requestedPitch: 0, adapted: null, chosenPitch: 0, behind: null,
    debug: o.debug ? { frames: 0, advances: [], firstPaintMs: null } : null,
    inited: null, instruments: null,
  };
  return v;
}
