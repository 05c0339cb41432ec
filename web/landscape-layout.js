// Where the scene sits in the host: the viewport asked of the core (the scene answers with its own
// pitch, buffer size and placement, which are kept as it answered them), the canvases' CSS size,
// and each layer's parallax offset written as a CSS transform.

import { paramTable } from './landscape-params.js';
import { placePane } from './landscape-pane.js';

// After a pitch change, the loop's kept-up record starts again; the next raise waits this long.
const ADAPT_WAIT_MS = 3000;
// Stepping back down (finer) once the scene keeps up again, with hysteresis: every report of the
// last FINER_AFTER_MS kept up (at least KEPT_UP of the clock) and the work, scaled to the finer
// pitch's buffer (the square of the pitch ratio), would stay under COMFORT of the thread; a finer
// step that falls behind again within its wait goes back and doubles the wait (up to FINER_MAX_MS).
const FINER_AFTER_MS = 6000, FINER_MAX_MS = 96000, KEPT_UP = 0.97, COMFORT = 0.5;

// The scene's automatic pitch (docs/scene.md, "Coordinates and grid", `auto`); on a fractional devicePixelRatio it moves by one
// when that makes a buffer pixel a whole number of device pixels.
/** @param {number} auto @param {number} dpr @returns {number} */
export function choosePitch(auto, dpr) {
  if (Number.isInteger(dpr)) return auto;
  const whole = (/** @type {number} */ p) => Math.abs(p * dpr - Math.round(p * dpr)) < 1e-6;
  for (const p of [auto, auto + 1, auto - 1]) if (p >= 2 && p <= 8 && whole(p)) return p;
  return auto;
}

/**
 * @param {import('./landscape-view.js').View} v
 * @param {() => void} wake starts the parallax loop (after a new layout)
 * @param {ReturnType<typeof import('./landscape-flat.js').createFlat> | null} [flat] the flattened run's canvas (landscape-flat.js)
 */
export function createLayout(v, wake, flat = null) {
  const { element, win, canvases, M } = v;
  // The layers' depths, the parallax's travel per unit depth (CSS px), the layer the portal follows
  // and the largest viewport: the module's (cpp/scene/landscape.h).
  const { LAYER_DEPTHS: depths, SWAY: sway, INPUT_LAYERS: { portal: portalLayer }, MAX_VIEWPORT_CSS: maxCss } = M.Landscape;
  const pitchOption = v.o.pitch || 0;
  // The pitch the scene runs at may be raised above the one asked for (v.requestedPitch) when it
  // cannot keep up with its clock (adapt()): by `raised`, up to the parameter table's largest.
  const pitchMax = paramTable(M).find((/** @type {any} */ p) => p.option === 'pitch')?.max ?? 8;
  let raised = 0, changedAt = -Infinity;
  let finerAfter = FINER_AFTER_MS, comfortSince = -Infinity, triedAt = -Infinity;
  /** @type {Array<[number, number]>} */
  let applied = [];   // last transforms written, per layer
  /** @type {{ w: number, h: number, dpr: number, pitch: number } | null} */
  let asked = null;   // the viewport last sent to the core
  const L = () => /** @type {import('./landscape-view.js').Layout} */ (v.layout);

  // -> a Promise of the new layout shown, or null when nothing changed (or there is no size yet:
  // display: none, an empty inline box, a collapsed flex item; the ResizeObserver calls again).
  function relayout() {
    const rect = element.getBoundingClientRect();
    if (Math.round(rect.width) < 1 || Math.round(rect.height) < 1) return null;
    const w = Math.min(maxCss, Math.round(rect.width));
    const h = Math.min(maxCss, Math.round(rect.height));
    const dpr = win.devicePixelRatio || 1;
    v.requestedPitch = pitchOption || choosePitch(M.Landscape.autoPitch(w), dpr);
    const pitch = Math.min(pitchMax, v.requestedPitch + raised);
    if (asked && asked.w === w && asked.h === h && asked.pitch === pitch && asked.dpr === dpr) return null;
    const view = { w, h, dpr, pitch };
    asked = view;
    const raisedAsked = raised;
    // The core sizes the canvases and paints them; the old layers stay up until then.
    return v.ops.viewport(w, h, pitch, (at) => {
      if (!at || v.destroyed || asked !== view) return;
      // at.pitch is the scene's, which may be coarser than the one asked for (the buffer budget).
      v.layout = { ...view, ...at };
      // state() says behind exactly while the layout shown is the raised one.
      v.adapted = raisedAsked ? 'behind' : null;
      for (const c of flat ? [...canvases, v.flat] : canvases) {
        c.style.width = `${at.bw * at.pitch}px`;
        c.style.height = `${at.bh * at.pitch}px`;
      }
      if (v.pane) placePane(v.pane, at.pane);
      const r = L().gateR * L().scale;
      if (v.portal) v.portal.style.width = v.portal.style.height = `${2 * r}px`;
      applied = [];
      placeLayers();
      wake();
    });
  }
  // Scene point -> host CSS px for a layer at rest (no parallax).
  const cssX = (/** @type {number} */ sx) => sx * L().scale + L().ox - L().inset;
  const cssY = (/** @type {number} */ sy) => sy * L().scale + L().oy - L().inset;
  // Host CSS px -> scene, through a layer's current parallax offset.
  const sceneX = (/** @type {number} */ x, off = 0) => (x - off + L().inset - L().ox) / L().scale;
  const sceneY = (/** @type {number} */ y, off = 0) => (y - off + L().inset - L().oy) / L().scale;
  const offX = (/** @type {number} */ l) => -v.ptr.x * depths[l] * sway.x;
  const offY = (/** @type {number} */ l) => -v.ptr.y * depths[l] * sway.y;
  const snap = (/** @type {number} */ x) => Math.round(x * L().dpr) / L().dpr;

  function placeLayers() {
    if (!v.layout) return;
    for (let l = 0; l < canvases.length; l++) {
      const x = snap(offX(l) - L().inset), y = snap(offY(l) - L().inset);
      const a = applied[l];
      if (a && a[0] === x && a[1] === y) continue;
      applied[l] = [x, y];
      canvases[l].style.transform = `translate(${x}px, ${y}px)`;
    }
    flat?.place(applied);
    const moved = canvases[M.Landscape.PANE_ABOVE]?.style.transform;
    if (v.pane && moved && v.pane.style.transform !== moved) v.pane.style.transform = moved;
    if (!v.portal) return;
    const r = L().gateR * L().scale;
    v.portal.style.transform = `translate(${snap(cssX(L().gateX) + offX(portalLayer) - r)}px, ${snap(cssY(L().gateY) + offY(portalLayer) - r)}px)`;
  }

  // A host point (CSS px from its top-left) -> the scene point under it on layer l.
  /** @param {number} x @param {number} y @param {number} l @returns {[number, number]} */
  const toScene = (x, y, l) => [sceneX(x, offX(l)), sceneY(y, offY(l))];
  // The core's loop is behind (it steps slower than its clock, busy): one pitch coarser, at most
  // every ADAPT_WAIT_MS, until it keeps up. state() says so; a share link keeps v.requestedPitch.
  function adapt() {
    const now = performance.now();
    if (!v.layout || v.destroyed || now - changedAt < ADAPT_WAIT_MS || v.layout.pitch >= pitchMax) return;
    // The last finer step did not hold: back, and wait twice as long before the next try.
    if (now - triedAt < finerAfter + ADAPT_WAIT_MS) finerAfter = Math.min(FINER_MAX_MS, 2 * finerAfter);
    triedAt = -Infinity;
    changedAt = now;
    if (v.adapted === null) v.chosenPitch = v.layout.pitch;  // the scene's own for the pitch asked (its buffer budget may raise it)
    raised = v.layout.pitch + 1 - v.requestedPitch;
    relayout()?.catch(() => {});
  }
  // The pitch was raised and the scene has kept up comfortably for finerAfter: one step finer,
  // never finer than the scene's own pitch for the one asked (v.chosenPitch). Back there, state()
  // no longer says adapted.
  function finer() {
    const L0 = /** @type {import('./landscape-view.js').Layout} */ (v.layout);
    const now = performance.now();
    changedAt = triedAt = now;
    comfortSince = -Infinity;
    const to = L0.pitch - 1;
    raised = to <= v.chosenPitch ? 0 : to - v.requestedPitch;
    // Not adapted once the view is back at its own pitch (relayout's callback: until it is shown,
    // state() says the raised one).
    relayout()?.catch(() => {});
  }
  // Each of the loop's reports: { keepingUp, behind, busy, span } (landscape-loop.js).
  /** @param {{ keepingUp: number, behind: boolean, busy: number, span: number }} r */
  function pace(r) {
    if (r.behind) { comfortSince = -Infinity; adapt(); return; }
    if (!v.layout || v.destroyed || v.adapted === null) return;
    // Just after a restart (a new pitch, visible again) the record is too short to go by.
    if (!(r.span >= 2)) { comfortSince = -Infinity; return; }
    const now = performance.now();
    const p = v.layout.pitch, q = Math.max(1, p - 1);
    if (r.keepingUp < KEPT_UP || r.busy * (p * p) / (q * q) >= COMFORT) { comfortSince = -Infinity; return; }
    if (comfortSince === -Infinity) comfortSince = now;
    if (now - comfortSince >= finerAfter && now - changedAt >= finerAfter) finer();
  }
  return { relayout, placeLayers, toScene, adapt, pace, flatten: (/** @type {boolean} */ on) => flat?.enable(on, applied) };
}
