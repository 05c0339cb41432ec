// The 404 landscape, embeddable: mount(element, options) fills any element with the seven pixel
// layers rendered by the C++ scene (./noisefield-landscape.mjs + .wasm: the core and the scene
// without the toolkit, a smaller download; loaded relative to this
// file) and returns a handle { setSeed, setDay, setDusk, setSeason, pause, resume, destroy, state }.
//
// Per animation frame this driver makes ONE advance(dt) call into wasm and, for each layer whose
// bit is set in the returned mask, one putImageData from a zero-copy view of wasm memory. It does
// no per-pixel work in JavaScript. Styles are set through the CSSOM (element.style), so it runs
// under a strict CSP (style-src 'self') without a stylesheet.
import { loadModule } from './landscape-loader.js';
import { checkOption, dayFromClock, duskFromClock, paramTable, seasonFromDate } from './landscape-params.js';

export const LAYERS = ['sky', 'land', 'rift', 'gate', 'hill', 'near', 'canopy'];
const DEPTH = [0.1, 0.18, 0.42, 0.42, 0.42, 0.42, 1.0];  // docs/scene.md, "Layers and cadence"
const SWAY_X = 64, SWAY_Y = 30;  // parallax travel per unit depth, CSS px
const EASE = 0.05;           // parallax easing per 60 Hz frame
const ENTER_DELAY_MS = 820;
const MODE = { idle: 0, hot: 1, enter: 2 };
const MODE_NAME = ['idle', 'hot', 'enter'];

// The wasm module sits next to this file; landscape-loader.js loads it and names what failed.
export const MODULE_FILE = './noisefield-landscape.mjs';
export { loadModule, LOAD_FAILURES } from './landscape-loader.js';

// framing: one of the scene's named framings (C++), or a focal point { x, y } in scene units.
function checkFraming(f, names) {
  if (typeof f === 'string' && names.includes(f)) return;
  if (f && typeof f === 'object' && Number.isFinite(f.x) && Number.isFinite(f.y)) return;
  throw new Error(`framing must be one of ${names.join(', ')} or a focal point { x, y } in scene units (got ${typeof f === 'object' ? JSON.stringify(f) : f})`);
}

function clampDay(d) { return Math.min(1, Math.max(0, d)); }

// mount()'s own options; the world's options come from the module's parameter table.
const PAGE_OPTIONS = ['home', 'portal', 'framing', 'parallax', 'navigate', 'label', 'moduleUrl', 'debug'];

const resolveSeed = (M, seed) => checkOption(M, 'seed', seed) ?? M.kDefaultWorldSeed;

// The scene's automatic pitch (docs/scene.md, "Coordinates and grid", `auto`); on a fractional devicePixelRatio it moves by one
// when that makes a buffer pixel a whole number of device pixels.
export function choosePitch(auto, dpr) {
  if (Number.isInteger(dpr)) return auto;
  const whole = (p) => Math.abs(p * dpr - Math.round(p * dpr)) < 1e-6;
  for (const p of [auto, auto + 1, auto - 1]) if (p >= 2 && p <= 8 && whole(p)) return p;
  return auto;
}

/**
 * mount(element, options) -> Promise<handle>
 * options (all optional): the world's options of the parameter table (seed, day, dusk, season,
 *   time, pitch, theme, motion: README.md "URL parameters", generated from
 *   cpp/scene/world_params.cpp), and
 *   home      where the portal leads; default '/'
 *   portal    false: no portal link at all (no tab stop, no hover, a click on the gate does nothing)
 *   framing   what stays in view: 'cover' (fill, the default), 'gate' (the ring whole, for a wide
 *             short banner), 'island', or a focal point { x, y } in scene units (1600 x 1000)
 *   parallax  'element' (default): the layers follow the pointer over the element only;
 *             'window': anywhere in the window (the 404 page, whose card lies over the backdrop)
 *   navigate  function(href) called after the portal's enter animation; default location.assign
 *   label     accessible name of the portal link
 *   moduleUrl URL of the module (noisefield-landscape.mjs, or the full noisefield.mjs); default next to this file
 *   debug     true: handle.debug with timings and pixel hashes (tests, benchmark)
 * The loop pauses while the element is off screen, and an element with no size waits for one.
 * Rejects (leaving the element as it was) if the wasm module cannot load; the error's `reason`
 * (LOAD_FAILURES) says why: webassembly-unavailable, module-not-found, wasm-not-found, csp, failed.
 */
export async function mount(element, options = {}) {
  if (!element || typeof element.appendChild !== 'function') throw new Error('mount: element must be a DOM element');
  if (options === null || typeof options !== 'object') throw new Error('mount: options must be an object');
  const M = await loadModule(options.moduleUrl ?? null);
  const known = paramTable(M).filter((p) => p.options).map((p) => p.option).concat(PAGE_OPTIONS);
  for (const k of Object.keys(options)) if (!known.includes(k)) throw new Error(`mount: unknown option "${k}" (allowed: ${known.join(', ')})`);
  // Checked by the table (the messages name the option and its range); null/undefined: default.
  const o = { ...options };
  for (const k of ['day', 'dusk', 'season', 'time', 'theme', 'motion']) o[k] = checkOption(M, k, o[k]);
  o.pitch = o.pitch === 0 ? null : checkOption(M, 'pitch', o.pitch);  // 0: automatic, as the scene's own
  let seed = resolveSeed(M, o.seed);
  if (o.portal !== undefined && typeof o.portal !== 'boolean') throw new Error('portal must be true or false');
  if (o.parallax !== undefined && o.parallax !== 'element' && o.parallax !== 'window') throw new Error("parallax must be 'element' or 'window'");
  const framing = o.framing ?? 'cover';
  checkFraming(framing, M.Landscape.FRAMINGS);

  const win = element.ownerDocument.defaultView;
  const doc = element.ownerDocument;
  const scene = new M.Landscape(seed);
  const seasonOf = (s) => (s === 'none' ? null : s ?? seasonFromDate(new Date()));
  scene.setSeason(seasonOf(o.season));

  // ---- state ----
  let dayOption = o.day ?? null;          // null: from the clock
  let duskOption = o.dusk ?? null;        // null: from the clock while day is, else 0
  const frozen = o.time ?? null;          // null: live clock
  const pitchOption = o.pitch || 0;
  const mqDark = win.matchMedia('(prefers-color-scheme: dark)');
  const mqReduce = win.matchMedia('(prefers-reduced-motion: reduce)');
  const themeOption = o.theme ?? null;
  const motionOption = o.motion ?? null;
  let paused = false, destroyed = false, onScreen = true;
  let raf = 0, lastTs = null;
  let hover = false, focused = false, entering = false, enterTimer = 0, mode = -1;
  let ptr = { x: 0, y: 0, tx: 0, ty: 0 };  // eased / target, in [-0.5, 0.5]
  let applied = [];                        // last transforms written, per layer
  let layout = null;                       // { w, h, dpr, pitch, bw, bh } and scene.placement
  let layoutPending = true;
  let dayTimer = 0;
  const debug = o.debug ? { frames: 0, advances: [], paints: 0, paintMs: [] } : null;

  const theme = () => themeOption ?? (mqDark.matches ? 'dark' : 'light');
  const motion = () => (motionOption ?? !mqReduce.matches) && frozen === null;
  const parallaxOn = () => motionOption ?? !mqReduce.matches;
  const effectiveDusk = () => duskOption ?? (dayOption === null ? duskFromClock(new Date()) : 0);
  const effectiveDay = () => {
    const d = dayOption ?? dayFromClock(new Date());
    return theme() === 'dark' ? Math.min(d, M.kDarkDayCap) : clampDay(d);
  };

  // ---- DOM ----
  const hostStyle = element.style;
  const restore = { position: hostStyle.position, overflow: hostStyle.overflow, cursor: hostStyle.cursor };
  if (win.getComputedStyle(element).position === 'static') hostStyle.position = 'relative';
  hostStyle.overflow = 'hidden';
  element.classList.add('nf-landscape');

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
  const ctxs = canvases.map((c) => c.getContext('2d', { alpha: true }));
  // portal: false (a banner): no link at all, so no tab stop and nothing that navigates.
  const portal = o.portal === false ? null : doc.createElement('a');
  if (portal) {
    portal.className = 'nf-portal';
    portal.href = o.home ?? '/';
    portal.setAttribute('aria-label', o.label ?? 'Step through the gate: go to the home page');
    portal.dataset.state = 'idle';
    Object.assign(portal.style, { position: 'absolute', left: '0', top: '0', borderRadius: '50%', display: 'block' });
  }
  element.appendChild(stage);
  if (portal) element.appendChild(portal);

  // ---- pixels: zero-copy ImageData over wasm memory, re-created after anything may allocate ----
  const images = new Array(LAYERS.length).fill(null);
  const dropViews = () => images.fill(null);
  function image(l) {
    let id = images[l];
    if (!id || id.data.length === 0) {  // a grown memory detaches the old buffer: length 0
      const v = scene.pixels(l);
      id = new ImageData(new Uint8ClampedArray(v.buffer, v.byteOffset, v.length), layout.bw, layout.bh);
      images[l] = id;
    }
    return id;
  }
  function paint(mask) {
    for (let l = 0; l < LAYERS.length; l++) if (mask & (1 << l)) ctxs[l].putImageData(image(l), 0, 0);
  }

  // ---- geometry ----
  function relayout() {
    layoutPending = false;
    const rect = element.getBoundingClientRect();
    // No size yet (display: none, an empty inline box, a collapsed flex item): nothing to paint;
    // the ResizeObserver calls again when the element gets one.
    if (Math.round(rect.width) < 1 || Math.round(rect.height) < 1) return false;
    const w = Math.min(16384, Math.round(rect.width));
    const h = Math.min(16384, Math.round(rect.height));
    const dpr = win.devicePixelRatio || 1;
    const pitch = pitchOption || choosePitch(M.Landscape.autoPitch(w), dpr);
    if (layout && layout.w === w && layout.h === h && layout.pitch === pitch && layout.dpr === dpr) return false;
    scene.setViewport({ cssWidth: w, cssHeight: h, pitch, framing });
    dropViews();
    const bw = scene.bufferWidth, bh = scene.bufferHeight;
    // The scene's own placement (C++): scale, origin, inset, the gate and the water line.
    const at = scene.placement;
    layout = { w, h, dpr, pitch, bw, bh, ...at };
    for (const c of canvases) {
      c.width = bw;
      c.height = bh;
      c.style.width = `${bw * pitch}px`;
      c.style.height = `${bh * pitch}px`;
    }
    const r = layout.gateR * layout.scale;
    if (portal) portal.style.width = portal.style.height = `${2 * r}px`;
    applied = [];
    return true;
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
  function setMode(m) {
    if (m === mode) return;
    mode = m;
    scene.setPortalMode(m);
    if (portal) portal.dataset.state = MODE_NAME[m];
    element.dataset.portal = MODE_NAME[m];
    if (!motion()) still();  // reduced motion / frozen: heat jumps to the mode's target, rift repaints once
    else wake();
  }
  const updateMode = () => setMode(entering ? MODE.enter : hover || focused ? MODE.hot : MODE.idle);
  function enter(ev) {
    if (ev) ev.preventDefault();
    if (entering || !portal) return;
    entering = true;
    updateMode();
    const go = () => (o.navigate ?? ((href) => win.location.assign(href)))(portal.href);
    // The rift spins up for 820 ms first; with no animation (reduced motion, frozen clock) at once.
    if (motion() && !paused) enterTimer = win.setTimeout(go, ENTER_DELAY_MS);
    else go();
  }

  // ---- painting ----
  const ALL = (1 << LAYERS.length) - 1;
  // The scene at rest at the current clock, rounded to the millisecond so that a link carries it
  // exactly: no parallax offset, no pointer eddies, gust or splashes, the portal idle. Every
  // layer is repainted from (world, day, dusk, season, viewport, clock) alone, which is exactly
  // what a link with those values (t = the clock) rebuilds; the live loop's stop-motion ticks and
  // pointer history leave no trace.
  function settle() {
    if (!layout) return;
    ptr = { x: 0, y: 0, tx: 0, ty: 0 };
    scene.setPointer(0, 0, false);
    hover = false;
    hostStyle.cursor = restore.cursor;
    if (!entering) {
      mode = MODE.idle;
      scene.setPortalMode(MODE.idle);
      if (portal) portal.dataset.state = MODE_NAME[MODE.idle];
      element.dataset.portal = MODE_NAME[MODE.idle];
    }
    scene.setClock(frozen ?? Math.round(scene.clock * 1000) / 1000);
    scene.renderAll();
    dropViews();
    paint(ALL);
    placeLayers();
  }
  // A still frame (no animation): the clock (frozen or current) re-established, every layer painted.
  function still() {
    if (!layout) return;
    scene.setClock(frozen ?? scene.clock);
    scene.renderAll();
    dropViews();
    paint(ALL);
  }
  // After a resize: setViewport painted every layer; show them (or a still frame).
  function repaint() {
    if (!motion() || paused) { still(); return; }
    dropViews();
    paint(ALL);
  }

  function frame(ts) {
    raf = 0;
    if (destroyed) return;
    if (layoutPending && relayout()) repaint();
    if (!layout) return;  // no size yet: the ResizeObserver wakes the loop
    const dt = lastTs === null ? 0 : Math.min(0.05, Math.max(0, (ts - lastTs) / 1000));
    lastTs = ts;
    let more = false;
    if (motion() && !paused) {
      let t0 = 0;
      if (debug) t0 = performance.now();
      const mask = scene.advance(dt);
      if (debug) {
        const t1 = performance.now();
        paint(mask);
        const t2 = performance.now();
        debug.frames++;
        if (debug.advances.length < 20000) debug.advances.push([mask, t1 - t0, t2 - t1]);
      } else {
        paint(mask);
      }
      more = true;
    }
    if (parallaxOn() && !paused) {
      const k = 1 - Math.pow(1 - EASE, dt * 60);
      ptr.x += (ptr.tx - ptr.x) * k;
      ptr.y += (ptr.ty - ptr.y) * k;
      if (Math.abs(ptr.tx - ptr.x) > 1e-4 || Math.abs(ptr.ty - ptr.y) > 1e-4) more = true;
      else { ptr.x = ptr.tx; ptr.y = ptr.ty; }
    }
    placeLayers();
    if (more) wake();
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
    scene.setPointer(sceneX(p.x, offX(0)), sceneY(p.y, offY(0)), inside);
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
    if (layout) scene.setPointer(0, 0, false);
    wake();
  }
  function onClick(ev) {
    if (!layout || ev.defaultPrevented) return;
    if (portal && (ev.target === portal || hover)) { enter(ev); return; }
    const p = hostPoint(ev);
    const y = sceneY(p.y, offY(5));
    if (y > layout.waterY) {
      scene.splash(sceneX(p.x, offX(5)), y);
      dropViews();
      if (motion() && !paused) wake();
    }
  }
  const onFocus = () => { focused = true; updateMode(); };
  const onBlur = () => { focused = false; updateMode(); };
  const onVisibility = () => { if (doc.hidden) sleep(); else if (!paused) { lastTs = null; wake(); } };
  // Off screen (scrolled away): no frames at all until the element shows again.
  const onIntersect = (entries) => {
    onScreen = entries[entries.length - 1].isIntersecting;
    if (!onScreen) sleep();
    else if (!paused) { lastTs = null; wake(); }
  };
  const onPageShow = (ev) => { if (ev.persisted && entering) { entering = false; updateMode(); } };
  const onSchemeChange = () => { if (themeOption === null) applyDay(); };
  const onMotionChange = () => { if (motionOption === null) { if (motion()) wake(); else { ptr = { x: 0, y: 0, tx: 0, ty: 0 }; still(); placeLayers(); } } };
  const requestLayout = () => { layoutPending = true; if (raf) return; win.requestAnimationFrame(() => { if (!destroyed && layoutPending && relayout()) { repaint(); placeLayers(); wake(); } }); };
  let dprQuery = null;
  function watchDpr() {
    if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
    dprQuery = win.matchMedia(`(resolution: ${win.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener('change', onDprChange);
  }
  function onDprChange() { watchDpr(); requestLayout(); }

  function applyDay() {
    if (paused) return;  // a paused view is the picture a link rebuilds: the clock's day waits for resume()
    const d = effectiveDay(), k = effectiveDusk();
    if (Math.abs(d - scene.day) < 1e-9 && Math.abs(k - scene.dusk) < 1e-9) return;
    scene.setDayAndDusk(d, k);
    dropViews();
    if (motion() && !paused) wake(); else still();
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
  const ro = new win.ResizeObserver(requestLayout);
  ro.observe(element);
  const io = new win.IntersectionObserver(onIntersect);
  io.observe(element);
  watchDpr();
  if (dayOption === null || duskOption === null) dayTimer = win.setInterval(applyDay, 60000);

  // ---- first frame ----
  // Rendered once: the clock is set first, so setViewport's own render is the first frame.
  scene.setDayAndDusk(effectiveDay(), effectiveDusk());
  setMode(MODE.idle);
  scene.setClock(frozen ?? scene.clock);
  if (relayout()) {  // a host with no size yet paints when the ResizeObserver reports one
    scene.advance(0);  // takes the repaint report setViewport left, so the first frame paints nothing twice
    dropViews();
    paint(ALL);
    if (debug) debug.firstPaintMs = performance.now();
  }
  placeLayers();
  wake();

  const handle = {
    element,
    canvases,
    portal,
    setSeed(s) {
      seed = resolveSeed(M, s);
      scene.setWorldSeed(seed);
      dropViews();
      if (motion() && !paused) wake(); else still();
    },
    setDay(d) {
      dayOption = checkOption(M, 'day', d);
      if (d === null && !dayTimer) dayTimer = win.setInterval(applyDay, 60000);
      applyDay();
    },
    // Twilight 0..1, or null (from the clock while day is).
    setDusk(k) {
      duskOption = checkOption(M, 'dusk', k);
      if (k === null && !dayTimer) dayTimer = win.setInterval(applyDay, 60000);
      applyDay();
    },
    // A day of the year 0..365 (snow on the ranges), 'none', or null (the local date).
    setSeason(s) {
      scene.setSeason(seasonOf(checkOption(M, 'season', s)));
      dropViews();
      if (motion() && !paused) wake(); else still();
    },
    // The composited view at rest (the layers flattened in C++): the buffer pixels the viewport
    // shows, zoom x zoom each. { width, height, pixels: a Uint8ClampedArray copy }. Pauses first
    // (settle()), so the picture is the view on screen and what a share link rebuilds.
    picture(zoom = 1) {
      if (!layout) throw new Error('picture: the landscape has no size yet');
      paused = true;
      sleep();
      settle();
      const p = scene.picture(zoom, 'buffer');
      if (debug) debug.savedClock = scene.clock;
      return { width: p.width, height: p.height, pixels: new Uint8ClampedArray(p.pixels) };
    },
    // Stops the loop and shows the scene at rest (settle()): what a share link of state() rebuilds.
    pause() { paused = true; sleep(); settle(); },
    resume() { if (!paused) return; paused = false; lastTs = null; applyDay(); wake(); },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      sleep();
      win.clearTimeout(enterTimer);
      win.clearInterval(dayTimer);
      ro.disconnect();
      io.disconnect();
      if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
      for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
      stage.remove();
      if (portal) portal.remove();
      element.classList.remove('nf-landscape');
      delete element.dataset.portal;
      Object.assign(hostStyle, restore);
      dropViews();
      scene.delete();
    },
    // Where the scene sits in the element now (null before it has a size): the element's size
    // (w, h), the scene's zoom and offset, and the gate and water line in scene units; scene point
    // (x, y) shows at CSS (x * scale + ox - inset, y * scale + oy - inset) without parallax.
    placement() {
      return layout && { w: layout.w, h: layout.h, scale: layout.scale, ox: layout.ox, oy: layout.oy, inset: layout.inset,
        gateX: layout.gateX, gateY: layout.gateY, gateR: layout.gateR, waterY: layout.waterY };
    },
    // What a share link needs: the world as it is now.
    state() {
      return {
        seed, day: scene.day, dusk: scene.dusk, season: scene.season, clock: scene.clock, frozen: frozen !== null, pitch: layout ? layout.pitch : 0,
        theme: theme(), motion: motion(), paused, portal: portal ? MODE_NAME[mode] : null,
        onScreen, sized: layout !== null, framing,
      };
    },
  };
  if (debug) {
    handle.debug = Object.assign(debug, {
      module: M,
      scene,
      heapUsed: () => M.heapUsedBytes(),
      heapTotal: () => M.HEAPU8.buffer.byteLength,
      layout: () => ({ ...layout }),
      // Steps the scene by hand (no rAF): n frames of dt seconds, painting as the loop does.
      step(n = 1, dt = 1 / 60) {
        const out = [];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          const mask = scene.advance(dt);
          const t1 = performance.now();
          paint(mask);
          out.push([mask, t1 - t0, performance.now() - t1]);
        }
        return out;
      },
      // Paint-once cost: a forced repaint of the grid-, day- and seed-dependent layers.
      repaintOnce() {
        const t0 = performance.now();
        scene.setViewport({ cssWidth: layout.w, cssHeight: layout.h, pitch: layout.pitch, framing });
        const ms = performance.now() - t0;
        dropViews();
        paint(ALL);
        return ms;
      },
    });
  }
  return handle;
}
