// The noise explorer's driver. Everything a picture shows comes from the wasm module: the controls
// are generated from nf.schema(), a field is `new nf.Field(config)`, pixels come from
// field.fillColor(view, grid) and are wrapped in ImageData as they are. This file only wires
// inputs, the URL, pan and zoom, scheduling (one render per animation frame) and the two charts.
import { servedAs, typeProblem } from './served-as.js';
import { createControls, formatValue } from './explorer-controls.js';
import { drawHistogram, drawProfile, onChartResize } from './explorer-charts.js';
import { cppSnippet, exportGrid, jsSnippet, viewGrid } from './explorer-code.js';
import { createHistory } from './explorer-history.js';
import { PRESETS } from './explorer-presets.js';
import { PAGE_DEFAULTS, RESOLUTIONS, ZOOM_MAX, ZOOM_MIN, noteLines, readFragment } from './explorer-url.js';

// The page's elements by id. Typed as an input, whose properties are those used here of every
// control the page has (value, disabled, max, step; a select's and a button's too).
const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

// ---- page state (everything that is not a field parameter) --------------------------------------
// It lives in the URL's fragment: ?<field.toQuery()>#view=bands&x=0&y=0&zoom=1[&res=512][&layout=focus]
// A first visit (no query, no fragment) starts here rather than at the schema defaults, whose
// scale of 1 tile per lattice cell is the landscape's and shows static (the seed: use 8 to 32).
const STARTER = { scale: 16 };
const FRAME_BUDGET_MS = 12;                        // other views render while the frame has time
// While a slider or the map moves, a view whose full render took longer than ex.previewAfterMs
// (20 ms) is previewed at reduced resolution (renderPreview, scaled up by drawImage) and rendered
// in full once the input has been quiet for QUIET_MS: a drag fires an event every frame (16.7 ms),
// so a 30 ms gap (two frames without one) means the hand has stopped; the full picture is drawn
// then, without waiting for the next animation frame, so it follows the last input within 100 ms
// while a full render takes up to about 60 ms. A full render over 20 ms (with the charts, two frames at 60 Hz)
// could not keep 30 updates a second. Fast machines never see a preview of value noise.
const QUIET_MS = 30;
// While input moves, the charts (histogram, profile) and the stats line follow the current view at
// most this often: drawing the charts costs about a quarter of a value-noise frame, new stats text
// is a style, layout and paint of the stats line every frame, and the view is what the hand is
// watching. Once the input is quiet they show the view's last render.
const CHARTS_INTERVAL_MS = 100;
const URL_INTERVAL_MS = 250;                       // history.replaceState at most this often
const SAND_MIN_TILES = 3;

// ---- the explorer's state: one object ---------------------------------------------------------------
// What the module says (read once at start), the design (the field and the page, both in the URL),
// and the loop that draws them: the only mutable state of this file.
const ex = {
  /** @type {import('./noisefield.mjs').NoisefieldModule} */
  nf: null,
  /** @type {import('./noisefield.mjs').SchemaEntry[]} nf.schema() */
  schema: null,
  /** @type {Map<string, import('./noisefield.mjs').SchemaEntry>} */
  schemaByKey: null,
  /** @type {string[]} the view names, in the module's order */
  views: [],
  /** @type {Record<string, [string, number[]][]>} view -> its legend: [label, [r, g, b]] */
  legends: {},
  /** @type {Record<string, string>} */
  viewLabels: {},
  capabilities: null,   // nf.capabilities(): type -> { dims3, tileable, ... }
  /** @type {number[][]} the bands view's colours */
  bandColors: null,
  /** @type {ReturnType<import('./noisefield.mjs').NoisefieldModule['heightmapFormats']>} */
  heightmapInfo: null,
  /** @type {ReturnType<typeof createControls>} */
  controls: null,
  /** @type {ReturnType<typeof createHistory>} the committed states, once the page has started */
  hist: null,

  /** @type {import('./noisefield.mjs').Field} the current field */
  field: null,
  /** @type {Record<string, any>} field.config(): every key, as the module reports it (enums by name) */
  config: null,
  page: { ...PAGE_DEFAULTS },
  /** @type {Map<string, { fig: HTMLElement, canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D, radio: HTMLInputElement }>} */
  figures: new Map(),

  // Input: live values waiting for the frame (queueChange), and whether the hand is still moving.
  pending: new Map(),   // key -> the last value, in the order the keys first moved
  /** @type {number | null} */
  pendingTime: null,
  lastInputAt: -Infinity,
  // Input arrived since the last frame: still moving, however long the last frame took (a loaded
  // machine's frames can be longer than QUIET_MS).
  inputSinceFrame: false,
  quietTimer: 0,
  activeDrags: 0,       // pointers down on a map: the warnings wait (a new line would shift the map)

  // The frame loop.
  raf: 0,
  inFrame: false,
  domWrites: new Map(), // key -> a DOM write waiting for the frame's end
  dirty: new Set(),     // views to render
  previewed: new Set(), // dirty views whose canvas shows a preview of the latest state
  chartsDirty: false,
  chartSource: null,    // the current view's latest render, not yet charted: { r, full }
  statsSource: null,    // the current view's latest full render, not yet in the stats line: { r, t }
  chartsAt: -Infinity,
  adaptive: true,       // previews while input moves (off: the benchmark's full renders)
  previewAfterMs: 20,   // a view whose full render took longer is previewed while input moves
  /** @type {Map<string, boolean> | null} which views are displayed, read from layout */
  shownCache: null,
  /** @type {(() => void)[]} */
  idleWaiters: [],
  /** @type {HTMLCanvasElement | null} */
  previewCanvas: null,
  repeat: false,        // "Repeat 2x2"
  /** @type {HTMLCanvasElement | null} */
  repeatCanvas: null,

  // Time (3-D noise).
  playing: false,
  lastTick: 0,
  timeDirection: 1,     // a loop's way: 1 up to its length, -1 back to 0

  warnTimer: 0,
  urlTimer: 0,
  toastTimer: 0,
  lastCopied: '',
};

// ---- instrumentation, read by the tests and the benchmark ---------------------------------------
const perf = {
  renders: 0,           // views rendered since load
  frames: 0,
  last: {},             // view -> { ms, fillMs, putMs, min, max, mean }
  frameMs: 0,           // the last frame's whole work (renders, charts, stats)
  changeMs: 0,          // the last control change (new Field, controls update)
  recent: [],           // timestamps of current-view renders (renders/s)
  previews: 0,          // reduced-resolution previews drawn while input moved
  previewScale: 0,      // the last preview's step: 2 (half resolution) or 4
  lastPreviewMs: 0,
};

function fail(message) {
  const box = $('load-error');
  box.textContent = message;
  box.hidden = false;
  document.documentElement.dataset.state = 'error';
}

// ---- the field ------------------------------------------------------------------------------------
function enumName(p, v) {
  return typeof v === 'number' && p.values ? p.values[v] : v;
}
function normalise(cfg) {
  const out = {};
  for (const p of ex.schema) {
    if (!(p.key in cfg)) continue;
    out[p.key] = p.type === 'enum' ? enumName(p, cfg[p.key]) : p.type === 'bool' ? !!cfg[p.key] : cfg[p.key];
  }
  return out;
}

// Try a config; returns the new field, or the Error. Never leaves a half-made field behind.
function tryField(cfg) {
  try {
    return new ex.nf.Field(cfg);
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

function setField(f) {
  if (ex.field && ex.field !== f) ex.field.delete();
  ex.field = f;
  ex.config = normalise(ex.field.config());
  later('controls', () => {
    ex.controls?.update(ex.config);
    syncTime();
    if (/** @type {HTMLDetailsElement} */ (document.getElementById('export')).open) updateExportNote();
    syncTileButton();
  });
  invalidate();
  scheduleWarnings();
}

// A control moved: accept the value if the module accepts the config; if a cross-parameter
// constraint (t1 < t2 < t3, ...) refuses it, go as far toward it as the constraint allows.
function change(key, value) {
  applyPending();
  const t0 = performance.now();
  noteInput();
  changeValue(key, value);
  perf.changeMs = performance.now() - t0;
}

// Live input (a dragged thumb, typing in a number field) can fire several events per animation
// frame; each would make a new Field. They wait here, the last value per key, and the frame
// applies them once, in the order the keys first moved, before it renders.
function queueChange(key, value) {
  noteInput();
  ex.pending.set(key, value);
  schedule();
}
function applyPending() {
  if (ex.pendingTime !== null) {
    const z = ex.pendingTime;
    ex.pendingTime = null;
    setTime(z);
  }
  if (!ex.pending.size) return;
  const t0 = performance.now();
  const moves = [...ex.pending];
  ex.pending.clear();
  for (const [key, value] of moves) changeValue(key, value);
  perf.changeMs = performance.now() - t0;
}
function changeValue(key, value) {
  if (ex.config[key] === value) return;
  const p = ex.schemaByKey.get(key);
  // Orderings the schema states (t1 below t2, t2 above t1, ...): hold the value one step short.
  let held = '';
  if (typeof value === 'number' && p.step > 0) {
    const round = (v) => Number(v.toFixed(10));
    if (p.below && typeof ex.config[p.below] === 'number' && value >= ex.config[p.below]) {
      value = round(ex.config[p.below] - p.step);
      held = `${p.key} must stay below ${p.below} (${ex.config[p.below]})`;
    }
    if (p.above && typeof ex.config[p.above] === 'number' && value <= ex.config[p.above]) {
      value = round(ex.config[p.above] + p.step);
      held = `${p.key} must stay above ${p.above} (${ex.config[p.above]})`;
    }
    if (held) ex.controls.hint(key, held);
    if (ex.config[key] === value) { ex.controls.update(ex.config); return; }
  }
  const candidate = { ...ex.config, [key]: value };
  const made = tryField(candidate);
  if (!(made instanceof Error)) {
    setField(made);
    return;
  }
  // Any other cross-parameter rule the module enforces: go as far as it allows.
  let best = null;
  if ((p.type === 'int' || p.type === 'float') && typeof ex.config[key] === 'number') {
    // Binary search on the step grid between the accepted value and the requested one.
    const from = ex.config[key];
    const step = p.step > 0 ? p.step : Math.abs(value - from) / 64;
    let lo = 0, hi = Math.ceil(Math.abs(value - from) / step);
    const dir = Math.sign(value - from);
    const at = (k) => Number((from + dir * k * step).toFixed(12));
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const f = tryField({ ...ex.config, [key]: at(mid) });
      if (f instanceof Error) hi = mid;
      else {
        f.delete();
        lo = mid;
      }
    }
    if (lo > 0) best = at(lo);
  }
  if (best !== null) {
    const f = tryField({ ...ex.config, [key]: best });
    if (!(f instanceof Error)) setField(f);
  } else {
    ex.controls.update(ex.config);   // snap the control back
  }
  ex.controls.hint(key, made.message);
}

function resetKey(key) {
  const p = ex.schemaByKey.get(key);
  change(key, p.default);
  // A constraint may stop a reset halfway (t1's default above a lowered t2): say so.
  if (ex.config[key] !== p.default) ex.controls.hint(key, `Cannot return to ${formatValue(p, p.default)} while the other thresholds are where they are.`);
}

// ---- the grid: what the canvases show ------------------------------------------------------------
function grid() {
  return viewGrid(ex.page);
}

// ---- rendering ------------------------------------------------------------------------------------
// Inside a frame, DOM writes (controls, stats, captions) wait until the canvases are drawn, so that
// what the frame reads from layout (a chart's first box, the views shown after a layout change) is
// never forced by the frame's own writes. Keyed: the last write wins.
function later(key, write) {
  if (ex.inFrame) ex.domWrites.set(key, write);
  else write();
}
function flushDomWrites() {
  const writes = [...ex.domWrites.values()];
  ex.domWrites.clear();
  for (const w of writes) w();
}
// Called on every change that comes from the user (controls, pan, zoom, time).
function noteInput() {
  ex.lastInputAt = performance.now();
  ex.inputSinceFrame = true;
  armQuiet();
}
function armQuiet() {
  clearTimeout(ex.quietTimer);
  ex.quietTimer = setTimeout(settle, Math.max(0, ex.lastInputAt + QUIET_MS + 5 - performance.now()));
}

// The input is quiet: the full pictures now rather than at the next animation frame (up to a frame
// sooner). A frame that has not seen the last input yet runs first; it re-arms this timer if it
// could only preview.
function settle() {
  ex.quietTimer = 0;
  if (ex.inputSinceFrame || !ex.field) {
    schedule();
    return;
  }
  if (ex.raf) {
    cancelAnimationFrame(ex.raf);
    ex.raf = 0;
  }
  frame(performance.now());
}

function invalidate() {
  for (const v of ex.views) ex.dirty.add(v);
  ex.previewed.clear();
  ex.chartsDirty = true;
  schedule();
  scheduleUrl();
}
function schedule() {
  if (!ex.raf) ex.raf = requestAnimationFrame(frame);
}

// Which views are displayed, read from layout once after something that can change it (view,
// layout, viewport, a figure's size) rather than every frame: a layout read in a frame after any
// DOM change (the input's own thumb, stats, controls) is a forced synchronous layout. A figure
// that appears or disappears is re-read in the ResizeObserver's callback, where layout is fresh.
function layoutChanged() {
  ex.shownCache = null;
  schedule();
}
function readShown() {
  ex.shownCache = new Map();
  for (const [v, f] of ex.figures) ex.shownCache.set(v, f.fig.getClientRects().length > 0);
}
function isShown(name) {
  if (!ex.shownCache) readShown();
  return ex.shownCache.get(name) === true;
}

const HIST_BINS = 64;

function renderView(name, bins = 0) {
  const f = ex.figures.get(name);
  const t0 = performance.now();
  const r = ex.field.fillColor(name, { ...grid(), bins });
  const t1 = performance.now();
  const px = r.pixels;
  const bytes = new Uint8ClampedArray(px.buffer, px.byteOffset, px.byteLength);
  if (f.canvas.width !== ex.page.res) f.canvas.width = f.canvas.height = ex.page.res;
  f.ctx.putImageData(new ImageData(/** @type {Uint8ClampedArray<ArrayBuffer>} */ (bytes), ex.page.res, ex.page.res), 0, 0);
  if (ex.repeat) repeatInPlace(f);
  const t2 = performance.now();
  perf.renders++;
  perf.last[name] = { ms: t2 - t0, fillMs: t1 - t0, putMs: t2 - t1, min: r.min, max: r.max, mean: r.mean };
  const count = String(perf.renders);
  later(`rendered-${name}`, () => { f.fig.dataset.rendered = count; });
  return r;
}

// "Repeat 2x2": the view drawn four times at half size, so the seams between copies show whether
// the picture tiles (it does when the view is one tile of a tiled field: "Fit one tile"). The
// canvas then holds the four copies (Download PNG saves what is shown); the copied code and the
// heightmap export always take the view's own grid.
function repeatInPlace(f) {
  const n = ex.page.res, h = n / 2;
  ex.repeatCanvas ??= document.createElement('canvas');
  if (ex.repeatCanvas.width !== n) ex.repeatCanvas.width = ex.repeatCanvas.height = n;
  const rc = ex.repeatCanvas.getContext('2d');
  rc.drawImage(f.canvas, 0, 0);
  f.ctx.imageSmoothingEnabled = true;
  for (const [x, y] of [[0, 0], [h, 0], [0, h], [h, h]]) f.ctx.drawImage(ex.repeatCanvas, x, y, h, h);
}
function tileSize() {
  return { x: ex.config.periodX > 0 ? ex.config.periodX * ex.config.scale : 0, y: ex.config.periodY > 0 ? ex.config.periodY * ex.config.scale : 0 };
}
function syncTileButton() {
  const t = tileSize();
  $('fit-tile').disabled = !(t.x > 0 || t.y > 0);
}
function toggleRepeat() {
  ex.repeat = !ex.repeat;
  const b = $('repeat-toggle');
  b.setAttribute('aria-pressed', String(ex.repeat));
  for (const v of ex.views) ex.dirty.add(v);
  schedule();
}
// The view becomes one tile: the larger period across the canvas, its corner at (0, 0).
function fitTile() {
  const t = tileSize();
  const side = Math.max(t.x, t.y);
  if (!(side > 0)) return;
  ex.page.zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, ex.page.res / side));
  const step = 1 / ex.page.zoom;   // so that x0 = x - (res / 2) * step is exactly 0
  ex.page.x = (ex.page.res / 2) * step;
  ex.page.y = (ex.page.res / 2) * step;
  viewMoved();
  scheduleUrl();
}

// Half resolution (a quarter of the samples) when that fits PREVIEW_TARGET_MS, else a quarter (a
// sixteenth): a two-level warp's relief keeps 30 updates a second too.
const PREVIEW_TARGET_MS = 12;
function renderPreview(name, bins = 0) {
  const f = ex.figures.get(name);
  const t0 = performance.now();
  const k = (perf.last[name]?.ms ?? 0) / 4 <= PREVIEW_TARGET_MS ? 2 : 4;
  const size = Math.max(1, Math.ceil(ex.page.res / k));
  const g = grid();
  const r = ex.field.fillColor(name, { width: size, height: size, x: g.x, y: g.y, step: g.step * k, bins });
  const px = r.pixels;
  ex.previewCanvas ??= document.createElement('canvas');
  if (ex.previewCanvas.width !== size) ex.previewCanvas.width = ex.previewCanvas.height = size;
  ex.previewCanvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(/** @type {ArrayBuffer} */ (px.buffer), px.byteOffset, px.byteLength), size, size), 0, 0);
  f.ctx.imageSmoothingEnabled = false;
  f.ctx.drawImage(ex.previewCanvas, 0, 0, ex.page.res, ex.page.res);
  if (ex.repeat) repeatInPlace(f);
  perf.previews++;
  perf.previewScale = k;
  perf.lastPreviewMs = performance.now() - t0;
  return r;
}

function frame(now) {
  ex.raf = 0;
  if (!ex.field) return;
  ex.inFrame = true;
  let interacting = false;
  try {
    interacting = renderFrame(now);
    // Before the frame's DOM writes: idle waiters write the URL, and history.replaceState saves the
    // scroll state, a layout read that the writes would make a forced layout.
    afterFrame(interacting);
  } finally {
    ex.inFrame = false;
    flushDomWrites();
  }
}
function renderFrame(now) {
  applyPending();
  if (ex.playing) advanceTime(now);
  perf.frames++;
  const t0 = performance.now();
  const order = [ex.page.view, ...ex.views.filter((v) => v !== ex.page.view)];
  const moving = ex.inputSinceFrame || performance.now() - ex.lastInputAt < QUIET_MS;
  const interacting = ex.adaptive && moving;
  ex.inputSinceFrame = false;
  // The charts and stats follow at most every CHARTS_INTERVAL_MS while input moves, and the
  // histogram is counted only for a render they will show (counting it is ~5 % of a value-noise
  // render). Charts owed once the input is quiet, from a render made without it, repaint the
  // current view with it (the module kept its samples: nothing is sampled again).
  const chartsDue = !moving || performance.now() - ex.chartsAt >= CHARTS_INTERVAL_MS;
  const wantHist = ex.chartsDirty && chartsDue;
  if (wantHist && !ex.chartSource && isShown(ex.page.view)) ex.dirty.add(ex.page.view);
  for (const v of order) {
    if (!ex.dirty.has(v)) continue;
    if (!isShown(v)) continue;            // hidden views stay dirty until shown
    if (v !== ex.page.view && performance.now() - t0 > FRAME_BUDGET_MS) break;
    const bins = v === ex.page.view && wantHist ? HIST_BINS : 0;
    if (interacting && (perf.last[v]?.ms ?? 0) > ex.previewAfterMs) {
      if (ex.previewed.has(v)) continue;
      const r = renderPreview(v, bins);
      ex.previewed.add(v);
      // Charts stay dirty: redrawn from the full render. Null: a later one is charted.
      if (v === ex.page.view && ex.chartsDirty) ex.chartSource = bins ? { r, full: false } : null;
      continue;
    }
    const r = renderView(v, bins);
    ex.dirty.delete(v);
    ex.previewed.delete(v);
    if (v === ex.page.view) {
      perf.recent.push(performance.now());
      ex.statsSource = { r, t: perf.last[v] };
      if (ex.chartsDirty) ex.chartSource = bins ? { r, full: true } : null;   // null: a later one is charted
    }
  }
  if ((ex.chartSource || ex.statsSource) && chartsDue) {
    if (ex.chartSource) drawCharts(ex.chartSource.r);   // its histogram and shares are copies: later fills do not touch them
    if (ex.statsSource) showStats(ex.statsSource.r, ex.statsSource.t);
    ex.chartsAt = performance.now();
    if (ex.chartSource?.full) ex.chartsDirty = false;
    ex.chartSource = ex.statsSource = null;
  }
  perf.frameMs = performance.now() - t0;
  return interacting;
}
function afterFrame(interacting) {
  const pending = ex.views.some((v) => ex.dirty.has(v) && isShown(v)) || ex.chartSource !== null || ex.statsSource !== null ||
    (ex.chartsDirty && isShown(ex.page.view));   // charts owed (see renderFrame)
  // Previews and held-back charts and stats wait for the quiet timer; anything else pending gets the next frame.
  const waiting = ex.views.some((v) => ex.dirty.has(v) && isShown(v) && !(interacting && ex.previewed.has(v)));
  if (pending && !waiting && !ex.quietTimer) armQuiet();   // previews up: the full pictures (and charts) follow the quiet
  if (waiting || ex.playing) schedule();
  else if (!pending) {
    const w = ex.idleWaiters;
    ex.idleWaiters = [];
    for (const ok of w) ok();
  }
}

function fmt(v, d = 3) {
  return Number.isFinite(v) ? v.toFixed(d) : '–';
}

function showStats(r, t) {
  const { min, max, mean } = r;
  later('stats', () => writeStats({ min, max, mean }, t));
}
function writeStats(r, t) {
  $('stat-ms').textContent = `${t.ms.toFixed(1)} ms`;
  $('stat-ms').title = `colour fill ${t.fillMs.toFixed(2)} ms + putImageData ${t.putMs.toFixed(2)} ms`;
  $('stat-min').textContent = fmt(r.min);
  $('stat-max').textContent = fmt(r.max);
  $('stat-mean').textContent = fmt(r.mean);
  const now = performance.now();
  perf.recent = perf.recent.filter((s) => now - s < 1000);
  $('stat-fps').textContent = perf.recent.length > 1 ? String(perf.recent.length) : '–';
  $('stat-size').textContent = `${ex.page.res}×${ex.page.res}`;
}

// ---- charts ---------------------------------------------------------------------------------------
function thresholds() {
  return [ex.config.t1, ex.config.t2, ex.config.t3].map(Number);
}

function histogramOf(r) {
  return r.histogram ?? null;
}

function drawCharts(r) {
  const t = thresholds();
  if (!t.every(Number.isFinite)) return;
  const g = grid();
  // The profile: the centre row y0 = page.y across the view's x range, one sample per column.
  const prof = profileOf(g);
  if (prof) {
    drawProfile($('profile'), prof, t, ex.bandColors);
    const caption = `y₀ = ${trim(ex.page.y)}, x ∈ [${trim(g.x)}, ${trim(g.x + g.width * g.step)})`;
    later('profile', () => { $('profile-caption').textContent = caption; });
  }
  const bins = histogramOf(r);
  if (bins) {
    const fromBins = drawHistogram($('histogram'), bins, t, ex.bandColors, r.mean);
    const shares = r.bands ?? fromBins;   // the module's exact shares when it reports them
    later('shares', () => writeShares(shares));
  }
}

function writeShares(shares) {
  const names = ex.legends.bands.map(([n]) => n);
  const list = $('shares');
  // Built once; later frames change only the text that changed (no new nodes to style).
  if (list.children.length !== shares.length) {
    list.textContent = '';
    shares.forEach((s, i) => {
      const li = document.createElement('li');
      const chip = document.createElement('span');
      chip.className = 'ex-chip';
      const c = ex.bandColors[i];
      chip.style.backgroundColor = `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
      li.append(chip, '');
      list.append(li);
    });
  }
  shares.forEach((s, i) => {
    const text = /** @type {Text} */ (list.children[i].lastChild);
    const want = `${names[i]} ${(s * 100).toFixed(0)}%`;
    if (text.data !== want) text.data = want;
  });
  $('hist-caption').textContent = `${ex.page.res * ex.page.res} samples`;
}

function profileOf(g) {
  if (typeof ex.field.profile !== 'function') return null;
  const r = ex.field.profile({ x: g.x, y: ex.page.y, step: g.step, width: g.width });
  return Float32Array.from(r.view);   // copy: the chart outlives the next fill
}

const trim = (v) => String(Math.round(v * 100) / 100);

// ---- warnings (the seed's "common mistakes") -------------------------------------------------------
function scheduleWarnings() {
  clearTimeout(ex.warnTimer);
  ex.warnTimer = setTimeout(updateWarnings, 120);
}
// The warnings now, if some are due (idle() includes them: a slow machine renders the views
// before the 120 ms wait is over).
function flushWarnings() {
  if (!ex.warnTimer) return;
  clearTimeout(ex.warnTimer);
  updateWarnings();
}

// Width of the sand band in tiles around the view's centre, from the module: the median of
// (t2 - t1) / |grad F| over the sand tiles of a 64 x 64 patch at one sample per tile; 0 when water
// meets land with no sand; null when the patch shows no shore.
function sandWidthTiles() {
  return ex.field.sandWidth({ x: ex.page.x, y: ex.page.y });
}

function updateWarnings() {
  ex.warnTimer = 0;
  if (!ex.field) return;
  if (ex.activeDrags > 0) { scheduleWarnings(); return; }
  /** @type {{ id: string, text: string, fix?: [string, () => void] }[]} */
  const list = [];
  const c = ex.config;
  if (typeof c.scale === 'number' && c.scale < 2) {
    list.push({
      id: 'scale',
      text: `Scale is about one tile per lattice cell (scale = ${trim(c.scale)}): every tile is its own random value, per-tile static with nothing smooth to see. Use 8 to 32 tiles per cell.`,
      fix: ['Use scale 16', () => change('scale', 16)],
    });
  }
  if ('moistureSeed' in c && c.seed === c.moistureSeed) {
    list.push({
      id: 'seeds',
      text: `Height and moisture share seed ${c.seed}: the two fields are identical, so wet always means low and the biome table collapses to its diagonal (no deserts at low altitude, no swamps in the hills).`,
      fix: ['Give moisture its own seed', () => change('moistureSeed', (c.seed + 4200) % 4294967296)],
    });
  }
  const w = sandWidthTiles();
  if (w !== null && w < SAND_MIN_TILES) {
    list.push({
      id: 'sand',
      text: w === 0
        ? 'The sand band is missing here: water meets grass directly, so an autotiler has nowhere to put its shoreline pieces. Widen t2 − t1 or raise the scale.'
        : `The sand band is about ${w.toFixed(1)} tiles wide (t2 − t1 = ${trim(c.t2 - c.t1)}): keep each band at least a few tiles wide at your scale. Widen t2 − t1 or raise the scale.`,
    });
  }
  const tile = tileSize();
  if (c.island && (tile.x > 0 || tile.y > 0)) {
    // The falloff is placed in the first tile (the coordinate is reduced into it first): centred
    // there, it has the same value at opposite edges and the tiles meet; anywhere else they jump.
    const cx = tile.x > 0 ? tile.x / 2 : c.islandX, cy = tile.y > 0 ? tile.y / 2 : c.islandY;
    if (c.islandX !== cx || c.islandY !== cy) {
      list.push({
        id: 'island-tile',
        text: `The island falloff does not repeat with the tile: its centre (${trim(c.islandX)}, ${trim(c.islandY)}) is not the tile's centre (${trim(cx)}, ${trim(cy)}), so the height jumps at the tile's edges.`,
        fix: ['Centre the island in the tile', () => { change('islandX', cx); change('islandY', cy); }],
      });
    }
  }
  const fadeTypes = ex.schema.find((p) => p.key === 'fade')?.applies?.types;  // the types fade applies to
  if (c.fade === 'linear' && (!fadeTypes || fadeTypes.includes(c.type))) {
    list.push({ id: 'fade', text: 'Linear fade: the lattice shows through as a grid of creases (the slope jumps at every lattice line). Use cubic or quintic.' });
  }
  if (c.seedStep === 0 && c.octaves > 1 && c.fractal !== 'none') {
    list.push({ id: 'octave-seeds', text: 'Every octave uses the same seed (seed step 0): the fine layers sit on the coarse layer\'s lattice and reinforce its grid.' });
  }
  const ul = $('warnings');
  ul.textContent = '';
  for (const item of list) {
    const li = document.createElement('li');
    li.dataset.warning = item.id;
    const p = document.createElement('span');
    p.textContent = item.text;
    li.append(p);
    if (item.fix) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'ex-quiet';
      b.textContent = item.fix[0];
      b.addEventListener('click', item.fix[1]);
      li.append(b);
    }
    ul.append(li);
  }
  ul.hidden = list.length === 0;
}

// ---- URL ----------------------------------------------------------------------------------------
function pageFragment() {
  const parts = [`view=${ex.page.view}`, `x=${ex.page.x}`, `y=${ex.page.y}`, `zoom=${ex.page.zoom}`];
  if (ex.page.res !== PAGE_DEFAULTS.res) parts.push(`res=${ex.page.res}`);
  if (ex.page.layout !== PAGE_DEFAULTS.layout) parts.push(`layout=${ex.page.layout}`);
  return parts.join('&');
}
function currentUrl() {
  const q = ex.field.toQuery();
  return `${location.pathname}${q ? `?${q}` : ''}#${pageFragment()}`;
}
// Once the page has started, every URL written is a committed state: a history entry when it
// changed (undo, redo, Back and Forward step through them).
function writeUrl() {
  ex.urlTimer = 0;
  if (!ex.field) return;
  const url = currentUrl();
  if (ex.hist) ex.hist.commit(url);
  else if (url !== location.pathname + location.search + location.hash) history.replaceState(null, '', url);
}

// A state from the history (Back, Forward, undo, redo) or a preset: the field from its query and
// the view from its fragment, as a fresh load of that link would have them.
function applyState(url) {
  stopPlaying();
  ex.pending.clear();
  ex.pendingTime = null;
  const u = new URL(url, location.href);
  const problems = [];
  const r = ex.nf.Field.fromQuery(u.search.replace(/^\?/, ''), { lenient: true });
  const p = { ...PAGE_DEFAULTS };
  readFragment(u.hash, p, ex.views, problems);
  if (p.res !== ex.page.res) for (const f of ex.figures.values()) f.canvas.width = f.canvas.height = p.res;
  Object.assign(ex.page, p);
  $('res-select').value = String(ex.page.res);
  setField(r.field);
  selectView(ex.page.view);
  applyLayout();
  updateReadout();
  ex.chartsDirty = true;
  invalidate();
}
function undo() { flushUrl(); ex.hist?.undo(); }
function redo() { flushUrl(); ex.hist?.redo(); }
function historyChanged({ canUndo, canRedo }) {
  $('undo').disabled = !canUndo;
  $('redo').disabled = !canRedo;
}
function buildPresets() {
  const list = $('presets');
  for (const preset of PRESETS) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `explorer.html${preset.link}`;
    a.textContent = preset.name;
    a.title = preset.about;
    a.addEventListener('click', (e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;   // a new tab: the link as it is
      e.preventDefault();
      flushUrl();
      applyState(a.href);
      flushUrl();
    });
    li.append(a);
    list.append(li);
  }
}
// While input moves, the URL waits (toQuery and replaceState in a drag's frames buy nothing);
// flushUrl (copy link, the tests) writes it at once.
function writeUrlWhenQuiet() {
  ex.urlTimer = 0;
  // A held pointer (a drag or pinch in progress) is not a committed change yet: no history entry.
  if (ex.activeDrags > 0 || performance.now() - ex.lastInputAt < QUIET_MS) ex.urlTimer = setTimeout(writeUrlWhenQuiet, URL_INTERVAL_MS);
  else writeUrl();
}
function scheduleUrl() {
  if (!ex.urlTimer) ex.urlTimer = setTimeout(writeUrlWhenQuiet, URL_INTERVAL_MS);
}
function flushUrl() {
  applyPending();
  clearTimeout(ex.urlTimer);
  writeUrl();
}

function showUrlNote(problems) {
  if (!problems.length) return;
  const box = $('url-note');
  const body = $('url-note-text');
  body.textContent = '';
  const p = document.createElement('p');
  p.textContent = 'Some values in this link were invalid and fell back to their defaults:';
  const ul = document.createElement('ul');
  for (const problem of noteLines(problems)) {
    const li = document.createElement('li');
    li.textContent = problem;
    ul.append(li);
  }
  body.append(p, ul);
  box.hidden = false;
}

// ---- time (3-D noise) ---------------------------------------------------------------------------
const TIME_SPEED = 0.35;   // lattice units per second

function hasTime() {
  return ex.schemaByKey.has('z') && ex.schemaByKey.has('dimensions');
}
function syncTime() {
  if (!hasTime()) return;
  const slider = $('time');
  const z = Number(ex.config.z);
  if (z > Number(slider.max)) slider.max = String(Math.ceil(z / 16) * 16);
  const ok = timeSupported();
  slider.disabled = !ok;
  $('play').disabled = !ok;
  $('play').title = ok ? '' : `${ex.config.type} noise has no 3-D variant`;
  if (!ok && ex.playing) stopPlaying();
  if (document.activeElement !== slider || !ex.playing) slider.value = String(z);
  $('time-out').textContent = z.toFixed(2);
}
function timeSupported() {
  return !ex.capabilities || ex.capabilities[ex.config.type]?.dims3 !== false;
}
function setTime(z) {
  if (!timeSupported()) {
    stopPlaying();
    toast(`${ex.config.type} noise has no 3-D variant: time does nothing`);
    return false;
  }
  const wants3d = ex.config.dimensions !== 3;
  /** @type {Record<string, any>} */
  const candidate = { ...ex.config, z: Math.round(z * 1000) / 1000 };
  if (wants3d) candidate.dimensions = 3;
  const f = tryField(candidate);
  if (f instanceof Error) {
    stopPlaying();
    toast(f.message);
    ex.controls.hint('dimensions', f.message);
    return false;
  }
  setField(f);
  if (wants3d) ex.controls.hint('dimensions', 'Time is the third coordinate: switched to 3-D noise.');
  return true;
}
// With a loop length L (> 0), Play runs z from 0 to L and back, over and over: a loop without a
// jump (3-D noise has no period in z, so a wrap from L to 0 would jump).
function loopLength() {
  const v = Number($('time-loop').value);
  return Number.isFinite(v) && v > 0 ? v : 0;
}
function advanceTime(now) {
  const dt = ex.lastTick ? Math.min(0.1, (now - ex.lastTick) / 1000) : 0;
  ex.lastTick = now;
  if (dt > 0) {
    noteInput();
    let z = Number(ex.config.z) + ex.timeDirection * dt * TIME_SPEED;
    const L = loopLength();
    if (L > 0) {
      if (z >= L) { z = 2 * L - z; ex.timeDirection = -1; }
      if (z <= 0) { z = -z; ex.timeDirection = 1; }
      z = Math.min(L, Math.max(0, z));
    }
    setTime(z);
  }
}
function stopPlaying() {
  ex.playing = false;
  ex.lastTick = 0;
  $('play').setAttribute('aria-pressed', 'false');
  $('play').setAttribute('aria-label', 'Animate time');
}
function togglePlay() {
  if (ex.playing) { stopPlaying(); return; }
  const L = loopLength();
  if (!setTime(L > 0 ? Math.min(L, Math.max(0, Number(ex.config.z))) : Number(ex.config.z))) return;
  ex.timeDirection = 1;
  ex.playing = true;
  ex.lastTick = 0;
  $('play').setAttribute('aria-pressed', 'true');
  $('play').setAttribute('aria-label', 'Pause time');
  schedule();
}

// ---- pan and zoom -------------------------------------------------------------------------------
function zoomAt(factor, cx, cy) {
  // (cx, cy): the canvas pixel that stays put.
  const z = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, ex.page.zoom * factor));
  if (z === ex.page.zoom) return;
  const g = grid();
  const wx = g.x + cx * g.step, wy = g.y + cy * g.step;
  ex.page.zoom = z;
  ex.page.x = wx - (cx - ex.page.res / 2) / z;
  ex.page.y = wy - (cy - ex.page.res / 2) / z;
  viewMoved();
}
function panBy(dxPx, dyPx) {
  ex.page.x -= dxPx / ex.page.zoom;
  ex.page.y -= dyPx / ex.page.zoom;
  viewMoved();
}
function viewMoved() {
  noteInput();
  updateReadout();
  invalidate();
  scheduleWarnings();
}
function updateReadout() {
  const z = ex.page.zoom >= 1 ? `${trim(ex.page.zoom)} px/tile` : `${trim(1 / ex.page.zoom)} tiles/px`;
  $('nav-readout').textContent = `(${trim(ex.page.x)}, ${trim(ex.page.y)}) · ${z}`;
}

function canvasPoint(canvas, clientX, clientY) {
  const r = canvas.getBoundingClientRect();
  return [((clientX - r.left) / r.width) * canvas.width, ((clientY - r.top) / r.height) * canvas.height, canvas.width / r.width];
}

function attachNavigation(canvas, name) {
  const pointers = new Map();
  let moved = 0;
  let pinch = null;
  const fingers = () => {
    const [a, b] = [...pointers.values()];
    const [mx, my] = canvasPoint(canvas, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
    return { mx, my, dist: Math.hypot(a[0] - b[0], a[1] - b[1]) };
  };
  const pinchStart = () => {
    const { mx, my, dist } = fingers();
    const g = grid();
    return { wx: g.x + mx * g.step, wy: g.y + my * g.step, zoom: ex.page.zoom, dist };
  };
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    try { canvas.setPointerCapture(e.pointerId); } catch { /* a synthetic pointer has nothing to capture */ }
    if (!pointers.has(e.pointerId)) ex.activeDrags++;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    moved = pointers.size > 1 ? 99 : 0;
    pinch = pointers.size === 2 ? pinchStart() : null;
    canvas.classList.add('ex-dragging');
  });
  canvas.addEventListener('pointermove', (e) => {
    const prev = pointers.get(e.pointerId);
    if (!prev) return;
    const [, , k] = canvasPoint(canvas, e.clientX, e.clientY);
    if (pointers.size === 1) {
      const dx = e.clientX - prev[0], dy = e.clientY - prev[1];
      moved += Math.abs(dx) + Math.abs(dy);
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      const copies = ex.repeat ? 2 : 1;   // each copy of a repeated view is drawn at half size
      panBy(dx * k * copies, dy * k * copies);
      return;
    }
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    // Pinch: the world point first under the fingers' midpoint stays under it; the zoom follows
    // the ratio of the fingers' distance to their distance at the start.
    if (!pinch) { pinch = pinchStart(); return; }
    const { mx, my, dist } = fingers();
    if (!(pinch.dist > 0)) return;
    ex.page.zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, pinch.zoom * (dist / pinch.dist)));
    ex.page.x = pinch.wx - (mx - ex.page.res / 2) / ex.page.zoom;
    ex.page.y = pinch.wy - (my - ex.page.res / 2) / ex.page.zoom;
    viewMoved();
  });
  const end = (e) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    ex.activeDrags = Math.max(0, ex.activeDrags - 1);
    pinch = pointers.size === 2 ? pinchStart() : null;
    if (!pointers.size) {
      canvas.classList.remove('ex-dragging');
      if (moved < 4 && e.type === 'pointerup') selectView(name);
    }
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    const [cx, cy] = canvasPoint(canvas, e.clientX, e.clientY);
    zoomAt(Math.exp(-e.deltaY * unit * 0.0015), cx, cy);
  }, { passive: false });
  canvas.addEventListener('keydown', (e) => {
    const s = ex.page.res / 8;
    const keys = {
      ArrowLeft: () => panBy(s, 0), ArrowRight: () => panBy(-s, 0), ArrowUp: () => panBy(0, s), ArrowDown: () => panBy(0, -s),
      '+': () => zoomAt(1.25, ex.page.res / 2, ex.page.res / 2), '=': () => zoomAt(1.25, ex.page.res / 2, ex.page.res / 2),
      '-': () => zoomAt(0.8, ex.page.res / 2, ex.page.res / 2), Enter: () => selectView(name),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

// ---- views ----------------------------------------------------------------------------------------
function buildViews() {
  const box = $('views');
  const tabs = $('view-tabs');
  for (const name of ex.views) {
    const fig = document.createElement('figure');
    fig.className = 'ex-view';
    fig.dataset.view = name;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = ex.page.res;
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `${ex.viewLabels[name]}. Drag or arrow keys to pan, wheel, pinch or + and − to zoom.`);
    const cap = document.createElement('figcaption');
    const title = document.createElement('span');
    title.textContent = ex.viewLabels[name];
    const legend = document.createElement('span');
    legend.className = 'ex-legend';
    for (const [label, c] of ex.legends[name] ?? []) {
      const chip = document.createElement('span');
      chip.className = 'ex-chip';
      chip.title = label;
      chip.style.backgroundColor = `rgb(${c[0]}, ${c[1]}, ${c[2]})`;   // CSSOM: allowed by the CSP
      legend.append(chip);
    }
    cap.append(title, legend);
    const wrap = document.createElement('div');
    wrap.className = 'ex-canvas-wrap';
    wrap.append(canvas);
    fig.append(wrap, cap);
    box.insertBefore(fig, $('hist-card'));
    attachNavigation(canvas, name);

    const id = `view-${name}`;
    const radio = document.createElement('input');
    radio.type = 'radio';
    radio.name = 'view';
    radio.value = name;
    radio.id = id;
    radio.addEventListener('change', () => { if (radio.checked) selectView(name); });
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = ex.viewLabels[name];
    tabs.append(radio, label);
    ex.figures.set(name, { fig, canvas, ctx: canvas.getContext('2d'), radio });
  }
}

function selectView(name) {
  ex.page.view = name;
  layoutChanged();
  for (const [v, f] of ex.figures) {
    f.fig.classList.toggle('ex-current', v === name);
    f.radio.checked = v === name;
  }
  ex.chartsDirty = true;
  ex.dirty.add(name);
  schedule();
  scheduleUrl();
}

function applyLayout() {
  $('views').dataset.layout = ex.page.layout;
  layoutChanged();
  const b = $('layout-toggle');
  b.setAttribute('aria-pressed', String(ex.page.layout === 'focus'));
  b.textContent = ex.page.layout === 'focus' ? 'All views' : 'Focus view';
  invalidate();
}

// ---- actions ------------------------------------------------------------------------------------
function toast(message) {
  const t = $('toast');
  t.textContent = message;
  t.hidden = false;
  clearTimeout(ex.toastTimer);
  ex.toastTimer = setTimeout(() => { t.hidden = true; }, 2600);
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    toast(`${what} copied`);
  } catch {
    // No clipboard permission (an insecure origin, a denied prompt): select it for the user.
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.className = 'ex-offscreen';
    document.body.append(ta);
    ta.select();
    const ok = document.execCommand && document.execCommand('copy');
    ta.remove();
    toast(ok ? `${what} copied` : `Could not copy the ${what.toLowerCase()}`);
  }
  ex.lastCopied = text;
}

function configJson() {
  return JSON.stringify(normalise(ex.field.config()), null, 2);
}

function codeOf(language) {
  applyPending();
  const spec = { query: ex.field.toQuery(), grid: grid(), view: ex.page.view };
  return language === 'cpp' ? cppSnippet(spec) : jsSnippet(spec);
}

function downloadPng() {
  const f = ex.figures.get(ex.page.view);
  // The canvas may be behind on its frame (a hidden view): render it now so the file is current.
  if (ex.dirty.has(ex.page.view)) { renderView(ex.page.view); ex.dirty.delete(ex.page.view); }
  f.canvas.toBlob((blob) => {
    if (!blob) { toast('Could not encode the PNG'); return; }
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `noisefield-${ex.page.view}-${ex.page.res}.png`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }, 'image/png');
}

// ---- heightmap export: the module encodes (field.heightmap), the page only downloads ----------
function exportSpec() {
  applyPending();
  const size = Number($('export-size').value);
  const area = $('export-area').value;
  const g = Number.isInteger(size) && size >= 1 && size <= ex.heightmapInfo.maxSide ? exportGrid({ page: ex.page, config: ex.config, area, size }) : null;
  return { size, area, format: $('export-format').value, grid: g };
}
function updateExportNote() {
  if (!ex.heightmapInfo) return;
  const tiled = ex.config.periodX > 0 && ex.config.periodY > 0;
  const tileOption = /** @type {HTMLOptionElement} */ ($('export-area').querySelector('option[value="tile"]'));
  tileOption.disabled = !tiled;
  if (!tiled && $('export-area').value === 'tile') $('export-area').value = 'view';
  const { size, area, grid: g } = exportSpec();
  const note = $('export-note');
  if (!g) note.textContent = `Size must be an integer in [1, ${ex.heightmapInfo.maxSide}].`;
  else if (area === 'tile') note.textContent = `${size}² samples of one ${trim(ex.config.periodX * ex.config.scale)} × ${trim(ex.config.periodY * ex.config.scale)} tile: the file repeats edge to edge.`;
  else note.textContent = `${size}² samples of this view (step ${trim(g.step)}).`;
}
function downloadHeightmap() {
  const { size, format, grid: g } = exportSpec();
  if (!g) { updateExportNote(); return; }
  const info = ex.heightmapInfo.formats.find((f) => f.name === format);
  let bytes;
  try {
    bytes = ex.field.heightmap(/** @type {import('./noisefield.mjs').HeightmapFormat} */ (format), g);  // a name the module listed; it checks
  } catch (e) {
    $('export-note').textContent = e.message;
    return;
  }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (bytes)], { type: format === 'png16' ? 'image/png' : 'application/octet-stream' }));
  a.download = `noisefield-heightmap-${size}.${info.extension}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  toast(`Heightmap ${size}² (${format}) saved`);
}
function setUpExport() {
  if (typeof ex.nf.heightmapFormats !== 'function') { $('export').hidden = true; return; }
  ex.heightmapInfo = ex.nf.heightmapFormats();
  const labels = { png16: '16-bit PNG', r16: 'raw 16-bit (.r16)', f32: 'float32 (.f32)' };
  for (const f of ex.heightmapInfo.formats) {
    const o = document.createElement('option');
    o.value = f.name;
    o.textContent = labels[f.name] ?? f.name;
    $('export-format').append(o);
  }
  $('export-size').max = String(ex.heightmapInfo.maxSide);
  for (const id of ['export-size', 'export-area']) $(id).addEventListener('input', updateExportNote);
  $('export').addEventListener('toggle', updateExportNote);
  $('export-download').addEventListener('click', downloadHeightmap);
}

function resetAll() {
  applyPending();
  const f = tryField({ ...STARTER });
  if (!(f instanceof Error)) setField(f);
}

// ---- start ----------------------------------------------------------------------------------------
// The module is imported here, not at the top: a static import that fails (a server that sends
// .mjs as application/octet-stream) would stop this script before it could say why.
async function loadNoisefield() {
  let createNoisefield;
  try {
    createNoisefield = (await import('./noisefield.mjs')).default;
  } catch (e) {
    const url = new URL('./noisefield.mjs', import.meta.url).href;
    const answer = await servedAs(url);
    const why = typeProblem(answer) ?? (answer && !answer.ok ? `HTTP ${answer.status}` : e.message);
    throw new Error(`${url}: ${why}`);
  }
  return createNoisefield();
}

async function main() {
  try {
    ex.nf = await loadNoisefield();
  } catch (e) {
    fail(`The noise module could not load: ${e.message}`);
    return;
  }
  if (typeof ex.nf.schema !== 'function' || typeof ex.nf.Field !== 'function' || typeof ex.nf.views !== 'function') {
    fail('This build of the module has no toolkit API (nf.schema, nf.Field, nf.views).');
    return;
  }
  ex.schema = ex.nf.schema();
  ex.schemaByKey = new Map(ex.schema.map((p) => [p.key, p]));
  // The views and their legend colours come from the module (the C++ colour tables).
  const info = ex.nf.views();
  ex.views = info.map((v) => v.name);
  for (const v of info) {
    ex.viewLabels[v.name] = v.label;
    ex.legends[v.name] = v.legend.map((l) => [l.name, l.color]);
  }
  ex.bandColors = ex.legends.bands.map(([, c]) => c);
  ex.capabilities = typeof ex.nf.capabilities === 'function' ? ex.nf.capabilities() : null;

  // The URL: field parameters in the query (the schema's own serialisation), page state in the hash.
  const problems = [];
  const query = location.search.replace(/^\?/, '');
  const firstVisit = !query && !location.hash;
  if (firstVisit) {
    const f = tryField({ ...STARTER });
    ex.field = f instanceof Error ? new ex.nf.Field({}) : f;
  } else {
    try {
      const r = ex.nf.Field.fromQuery(query, { lenient: true });
      ex.field = r.field;
      for (const e of r.errors ?? []) problems.push(String(e));
    } catch (e) {
      // Lenient parsing reports rather than throws; should it ever throw, keep the page alive.
      problems.push(e.message);
      ex.field = new ex.nf.Field({});
    }
  }
  ex.config = normalise(ex.field.config());
  readFragment(location.hash, ex.page, ex.views, problems);

  buildViews();
  ex.controls = createControls($('controls'), ex.schema, {
    change: (k, v, phase) => (phase === 'input' ? queueChange(k, v) : change(k, v)),
    reset: resetKey,
  });
  ex.controls.update(ex.config);
  syncTileButton();

  for (const r of RESOLUTIONS) {
    const o = document.createElement('option');
    o.value = String(r);
    o.textContent = `${r}²`;
    $('res-select').append(o);
  }
  $('res-select').value = String(ex.page.res);
  $('res-select').addEventListener('change', (e) => {
    ex.page.res = Number(/** @type {HTMLInputElement} */ (e.target).value);
    for (const f of ex.figures.values()) f.canvas.width = f.canvas.height = ex.page.res;
    invalidate();
    scheduleWarnings();
  });
  $('repeat-toggle').addEventListener('click', toggleRepeat);
  $('fit-tile').addEventListener('click', fitTile);
  $('layout-toggle').addEventListener('click', () => {
    ex.page.layout = ex.page.layout === 'focus' ? 'grid' : 'focus';
    applyLayout();
  });
  $('reset-view').addEventListener('click', () => {
    ex.page.x = PAGE_DEFAULTS.x;
    ex.page.y = PAGE_DEFAULTS.y;
    ex.page.zoom = PAGE_DEFAULTS.zoom;
    viewMoved();
  });
  if (hasTime()) {
    const zp = ex.schemaByKey.get('z');
    $('time').max = String(Number.isFinite(zp.softMax) ? zp.softMax : 16);
    $('time').step = String(zp.step > 0 ? zp.step : 0.01);
    $('time').addEventListener('input', (e) => { noteInput(); ex.pendingTime = Number(/** @type {HTMLInputElement} */ (e.target).value); schedule(); });
    $('play').addEventListener('click', togglePlay);
  } else {
    /** @type {HTMLElement} */ (document.querySelector('.ex-time')).hidden = true;
  }
  $('copy-link').addEventListener('click', () => { flushUrl(); void copyText(location.href, 'Link'); });
  $('copy-config').addEventListener('click', () => copyText(configJson(), 'Config'));
  $('copy-js').addEventListener('click', () => copyText(codeOf('js'), 'JavaScript code'));
  $('copy-cpp').addEventListener('click', () => copyText(codeOf('cpp'), 'C++ code'));
  $('download-png').addEventListener('click', downloadPng);
  setUpExport();
  $('reset-all').addEventListener('click', resetAll);
  $('url-note-dismiss').addEventListener('click', () => { $('url-note').hidden = true; });
  const redrawAll = () => { ex.chartsDirty = true; for (const v of ex.views) ex.dirty.add(v); schedule(); };
  window.addEventListener('resize', () => { layoutChanged(); redrawAll(); });
  onChartResize(redrawAll);
  matchMedia('(max-width: 900px)').addEventListener('change', () => { layoutChanged(); invalidate(); });
  // Any other way a figure appears or disappears (its size goes to or from 0).
  const figureBoxes = new ResizeObserver(() => { readShown(); schedule(); });
  for (const f of ex.figures.values()) figureBoxes.observe(f.fig);

  buildPresets();
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const k = e.key.toLowerCase();
    if (k !== 'z' && k !== 'y') return;
    if (e.target instanceof HTMLElement && e.target.matches('textarea, input[type=text]')) return;
    e.preventDefault();
    if (k === 'y' || e.shiftKey) redo();
    else undo();
  });

  showUrlNote(problems);
  selectView(ex.page.view);
  applyLayout();
  updateReadout();
  syncTime();
  updateWarnings();
  invalidate();
  flushUrl();
  ex.hist = createHistory({ apply: applyState, changed: historyChanged });
  ex.hist.start(currentUrl());
  document.documentElement.dataset.state = 'ready';
}

// The page's own handle, for the tests and the benchmark (read-only use).
/** @type {any} */ (window).explorer = {
  get nf() { return ex.nf; },
  get field() { return ex.field; },
  get config() { applyPending(); return { ...ex.config }; },
  get page() { return { ...ex.page }; },
  perf,
  // Off: every render is full resolution (the benchmark's strict 512 x 512 numbers).
  setAdaptive(on) { ex.adaptive = !!on; },
  // Previews for views whose full render took longer than ms (the tests use 0: every view).
  setPreviewAfter(ms) { ex.previewAfterMs = Number(ms); },
  url: () => { applyPending(); return currentUrl(); },
  flushUrl,
  configJson: () => configJson(),
  code: (language) => codeOf(language),
  get history() { return ex.hist ? { index: ex.hist.index, canUndo: ex.hist.canUndo, canRedo: ex.hist.canRedo } : null; },
  get lastCopied() { return ex.lastCopied; },
  // Resolves once every shown view is rendered (and the URL and the warnings written).
  idle() {
    return new Promise((ok) => {
      ex.idleWaiters.push(() => { flushUrl(); flushWarnings(); ok(); });
      schedule();
    });
  },
};

main().catch((e) => fail(`The explorer failed to start: ${e.message}`));
