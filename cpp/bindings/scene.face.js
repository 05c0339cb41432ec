// The scene's JavaScript face, over the plain exports of cpp/bindings/scene_exports.cpp: the one
// definition of Module.Landscape and of the parameter table's functions, in both modules (the full
// module calls it from api.scene.post.js, the 404 page's noisefield-landscape.mjs from
// landscape.entry.js). Needs api.checks.js in the same scope.
//
// nfSceneFace(M, fn, buffer): M gets the scene's API; fn maps export names (nf_*) to the wasm
// functions; buffer() is wasm memory's current ArrayBuffer (a new one after memory grows).
// Its parts: nfSceneIo (texts in and out of wasm memory), nfSceneContext (the scene's facts),
// nfLandscapeClass (the class; its longer methods are the nfScene* functions before it) and
// nfSceneTable (the parameter table's functions and the constants). Every export is called as
// `fn.nf_*` (or `io.fn.nf_*`): the 404 page's build (tools/landscape-module.mjs) renames exactly
// those references to the wasm's short export names. No object destructuring (`const { fn } = io`):
// the dead-code pass of Emscripten 3.1.6's JS optimizer (the full module's -O3 link) reads a
// pattern as a variable named `undefined` and drops the declaration in a function that never
// writes `undefined`; the module then failed as it started ("text is not defined").
/* exported nfSceneFace */

/**
 * The wasm's exports by name (nf_*): numbers (and pointers) in, a number or a pointer out.
 * @typedef {Record<string, (...args: number[]) => number>} NfSceneExports
 */
/**
 * What every part shares: the exports, and texts in and out of wasm memory.
 * @typedef {object} NfSceneIo
 * @property {NfSceneExports} fn
 * @property {() => ArrayBufferLike} buffer wasm memory's current buffer
 * @property {(ptr: number, size?: number) => string} text a UTF-8 text in wasm memory: `size` bytes, or up to its NUL
 * @property {(...texts: string[]) => number[]} put writes the texts one after another into the module's scratch buffer (which may grow memory); -> their byte lengths
 * @property {(ok: number) => void} check throws the module's last error unless ok
 */
/**
 * A row of the parameter table (cpp/scene/world_params.h; WorldParam in types/noisefield.d.ts).
 * @typedef {object} NfWorldRow
 * @property {string} name
 * @property {string} option
 * @property {string} kind
 * @property {number} min
 * @property {number} max
 * @property {string[]} choices
 * @property {boolean} url
 * @property {boolean} options
 * @property {boolean} cli
 * @property {string} allowed
 * @property {string} effect
 * @property {string} [pageDefault]
 * @property {string} [cliDefault]
 * @property {string} [description]
 */
/**
 * The io, the module object being made, and the scene's facts, all from C++ (cpp/scene/landscape.h).
 * @typedef {object} NfSceneContext
 * @property {NfSceneIo} io
 * @property {Record<string, any>} M
 * @property {string[]} layers back-to-front layer order (enum Layer); advance(dt) returns a bitmask (1 << layer)
 * @property {Record<string, number>} portalModes the portal's modes by name
 * @property {string[]} placement the placement's fields, in order
 * @property {() => NfWorldRow[]} rows the parameter table (M.worldParams()), read once
 */
/** A Landscape as its helpers see it: its scene, or an Error once deleted. @typedef {{ _live(): number }} NfLiveScene */

/** @param {string} s a comma-separated list from C++ @returns {string[]} */
function nfList(s) {
  return s === '' ? [] : s.split(',');
}

/** @param {string} name @param {unknown} v @returns {string} */
function nfString(name, v) {
  if (typeof v !== 'string') throw new Error(name + ' must be a string (got ' + nfTypeName(v) + ')');
  return v;
}

/**
 * @param {NfSceneExports} fn
 * @param {() => ArrayBufferLike} buffer
 * @returns {NfSceneIo}
 */
function nfSceneIo(fn, buffer) {
  const utf8 = new TextEncoder(), fromUtf8 = new TextDecoder();
  /** @type {NfSceneIo['text']} */
  const text = (ptr, size) => {
    const bytes = new Uint8Array(buffer(), ptr);
    return fromUtf8.decode(bytes.subarray(0, size === undefined ? bytes.indexOf(0) : size));
  };
  return {
    fn, buffer, text,
    put(...texts) {
      const parts = texts.map((t) => utf8.encode(t));
      const ptr = fn.nf_scratch(parts.reduce((n, p) => n + p.length, 0));  // may grow memory
      const heap = new Uint8Array(buffer());
      let at = ptr;
      for (const p of parts) { heap.set(p, at); at += p.length; }
      return parts.map((p) => p.length);
    },
    check(ok) {
      if (!ok) throw new Error(text(fn.nf_error(), fn.nf_error_size()));
    },
  };
}

/**
 * @param {NfSceneIo} io
 * @param {Record<string, any>} M
 * @returns {NfSceneContext}
 */
function nfSceneContext(io, M) {
  const fn = io.fn, text = io.text;
  const layers = nfList(text(fn.nf_layer_names()));
  /** @type {Record<string, number>} */
  const portalModes = {};
  nfList(text(fn.nf_portal_modes())).forEach((name, i) => { portalModes[name] = i; });
  /** @type {NfWorldRow[] | null} */
  let rows = null;
  return { io, M, layers, portalModes, placement: nfList(text(fn.nf_placement_names())), rows: () => rows || (rows = M['worldParams']()) };
}

// ---- the longer parts of Landscape's methods, in the order the class has them ----

/** @param {Record<string, any>} M @param {unknown} worldSeed @returns {number} */
function nfWorldSeedArg(M, worldSeed) {
  const seed = worldSeed === undefined ? M['kDefaultWorldSeed'] : worldSeed;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > M['kMaxWorldSeed']) {
    throw new Error('world seed must be an integer in [0, ' + M['kMaxWorldSeed'] + '] (got ' +
      (typeof seed === 'number' ? seed : nfTypeName(seed)) + ')');
  }
  return seed;
}

// framing: 'cover' (the default), another of Landscape.FRAMINGS, or a scene point { x, y }.
/** @param {NfSceneIo} io @param {NfLiveScene} scene @param {any} v */
function nfSetViewport(io, scene, v) {
  const fn = io.fn, text = io.text, put = io.put, check = io.check;
  nfRejectUnknownKeys('viewport', v, ['cssWidth', 'cssHeight', 'pitch', 'framing']);
  const f = v.framing === undefined ? 'cover' : v.framing;
  const point = f !== null && typeof f === 'object';
  if (!point && typeof f !== 'string') throw new Error('framing must be one of ' + nfList(text(fn.nf_framings())).join(', ') + ' or a point { x, y } (got ' + String(f) + ')');
  if (point) nfRejectUnknownKeys('framing', f, ['x', 'y']);
  const s = scene._live();
  const w = nfNumberOption(v, 'cssWidth', NaN), h = nfNumberOption(v, 'cssHeight', NaN), pitch = nfNumberOption(v, 'pitch', 0);
  const x = point ? nfNumberOption(f, 'x', NaN) : 0, y = point ? nfNumberOption(f, 'y', NaN) : 0;
  check(fn.nf_scene_set_viewport(s, w, h, pitch, point ? -1 : put(f)[0], x, y));
}

// Snow on the ranges for a day of the year; null (or undefined) for none, which the export takes as NaN.
/** @param {unknown} day @returns {number} */
function nfSeasonArg(day) {
  if (day === null || day === undefined) return NaN;
  if (typeof day !== 'number' || Number.isNaN(day)) {
    throw new Error('season must be a day of the year in [0, 365] or null for no snow (got ' +
      (typeof day === 'number' ? day : nfTypeName(day)) + ')');
  }
  return day;
}

// A portal mode's name as its number; anything else is for nfNumber to check.
/** @param {Record<string, number>} modes @param {unknown} mode @returns {unknown} */
function nfPortalModeArg(modes, mode) {
  if (typeof mode !== 'string') return mode;
  if (!Object.prototype.hasOwnProperty.call(modes, mode)) {
    throw new Error('portal mode must be idle, hot or enter (got ' + mode.slice(0, 40) + ')');
  }
  return modes[mode];
}

// A setWorld value as the table's text: numbers by String() (which reads back to the same
// double), true/false as a switch's on/off; the type must be the row's.
/** @param {NfWorldRow} row @param {string} key @param {unknown} v @returns {string} */
function nfWorldText(row, key, v) {
  const bad = () => new Error(key + ' must be ' + row.allowed + ' (got ' + (typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : typeof v === 'number' ? String(v) : nfTypeName(v)) + ')');
  switch (row.kind) {
    case 'switch': if (typeof v === 'boolean') return row.choices[v ? 0 : 1]; if (typeof v !== 'string') throw bad(); return v;
    case 'seed': if (typeof v === 'number') return String(v); if (typeof v !== 'string') throw bad(); return v;
    case 'season': if (typeof v === 'number') return String(v); if (v !== row.choices[0]) throw bad(); return row.choices[0];
    case 'number': case 'integer': if (typeof v !== 'number') throw bad(); return String(v);
    default: if (typeof v !== 'string') throw bad(); return v;
  }
}

// Every value is checked by the table in C++ before any is applied; then one repaint shows them all.
/** @param {NfSceneContext} ctx @param {NfLiveScene} scene @param {unknown} world */
function nfSetWorld(ctx, scene, world) {
  const fn = ctx.io.fn, buffer = ctx.io.buffer, put = ctx.io.put, check = ctx.io.check;
  if (world === null || typeof world !== 'object') throw new Error('world must be an object of the parameter table\'s options (got ' + nfTypeName(world) + ')');
  /** @type {string[]} */
  const texts = [];
  for (const key of Object.keys(world)) {
    const v = /** @type {Record<string, unknown>} */ (world)[key];
    if (v === null || v === undefined) continue;
    const row = ctx.rows().find((r) => r.options && (r.option === key || r.name === key));
    if (!row) throw new Error('unknown world parameter ' + String(key).slice(0, 40) + ' (allowed: ' + ctx.rows().filter((r) => r.options).map((r) => r.option).join(', ') + ')');
    texts.push(key, nfWorldText(row, key, v));
  }
  const lengths = put(...texts);  // may grow memory
  new Int32Array(buffer(), fn.nf_world_lengths(), lengths.length).set(lengths);
  check(fn.nf_scene_set_world(scene._live(), texts.length / 2));
}

/** @param {NfSceneContext} ctx @param {NfLiveScene} scene @returns {[string, string][]} */
function nfReadWorld(ctx, scene) {
  const fn = ctx.io.fn, text = ctx.io.text;
  const s = scene._live();
  /** @type {[string, string][]} */
  const out = [];
  ctx.rows().forEach((r, i) => {
    const k = fn.nf_scene_world_value(s, i);
    if (k === 1) out.push([r.name, String(fn.nf_number())]);
    else if (k === 2) out.push([r.name, text(fn.nf_text(), fn.nf_text_size())]);
  });
  return out;
}

// A unit at a time until the budget is spent: the module reads no clock of its own.
/** @param {NfSceneExports} fn @param {NfLiveScene} scene @param {unknown} ms @returns {boolean} */
function nfStepRepaint(fn, scene, ms) {
  if (typeof ms !== 'number' || !(ms >= 0)) throw new Error('stepRepaint: budget must be a number of milliseconds >= 0 (got ' + (typeof ms === 'number' ? ms : nfTypeName(ms)) + ')');
  const s = scene._live(), t0 = performance.now();
  for (;;) {
    if (fn.nf_scene_step_repaint(s, 1) !== 0) return true;
    if (!(performance.now() - t0 < ms)) return false;
  }
}

/** @param {string[]} layers @param {unknown} layer @returns {number} */
function nfLayerIndex(layers, layer) {
  const i = typeof layer === 'string' ? layers.indexOf(layer) : layer;
  if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= layers.length) {
    throw new Error('layer must be one of ' + layers.join(', ') + ' or 0..' + (layers.length - 1) + ' (got ' +
      (typeof layer === 'string' ? layer.slice(0, 40) : typeof layer === 'number' ? layer : nfTypeName(layer)) + ')');
  }
  return i;
}

const NF_PICTURE_REGIONS = ['buffer', 'viewport'];
/**
 * @param {NfSceneIo} io @param {NfLiveScene} scene @param {unknown} zoom @param {unknown} region
 * @returns {{ width: number, height: number, pixels: Uint8Array }}
 */
function nfPicture(io, scene, zoom, region) {
  const fn = io.fn, buffer = io.buffer, check = io.check;
  const s = scene._live();
  const r = region === undefined ? 'buffer' : String(region);
  if (!NF_PICTURE_REGIONS.includes(r)) throw new Error('region must be buffer or viewport (got ' + r + ')');
  check(fn.nf_scene_picture(s, zoom === undefined ? 1 : Number(zoom), NF_PICTURE_REGIONS.indexOf(r)));
  const width = fn.nf_scene_picture_width(s), height = fn.nf_scene_picture_height(s);
  return { width, height, pixels: new Uint8Array(buffer(), fn.nf_scene_picture_pixels(s), width * height * 4) };
}

// Layers first..last composited back to front within buffer pixels [x, x + w) x [y, y + h) into
// the scene's flat buffer: -> a Uint8Array view of all of it (bufferWidth x bufferHeight RGBA; the
// rest as the last calls left it), for one putImageData of that part (web/landscape-paint.js).
/**
 * @param {NfSceneIo} io @param {string[]} layers @param {NfLiveScene} scene
 * @param {unknown[]} run [first, last] @param {unknown[]} rect [x, y, w, h]
 * @returns {Uint8Array}
 */
function nfFlatten(io, layers, scene, run, rect) {
  const fn = io.fn, s = scene._live();
  const x = nfNumber('x', rect[0]), y = nfNumber('y', rect[1]), w = nfNumber('w', rect[2]), h = nfNumber('h', rect[3]);
  const ptr = fn.nf_scene_flatten(s, nfLayerIndex(layers, run[0]), nfLayerIndex(layers, run[1]), x, y, x + w, y + h);
  io.check(ptr);  // 0: refused (nf_error says why)
  return new Uint8Array(io.buffer(), ptr, fn.nf_scene_buffer_width(s) * fn.nf_scene_buffer_height(s) * 4);
}

/** @param {NfSceneContext} ctx @param {number} s the scene @returns {Record<string, number>} */
function nfPlacement(ctx, s) {
  const v = new Float64Array(ctx.io.buffer(), ctx.io.fn.nf_scene_placement(s), ctx.placement.length);
  /** @type {Record<string, number>} */
  const o = {};
  ctx.placement.forEach((k, i) => { o[k] = v[i]; });
  return o;
}

/**
 * Module.Landscape, for this module's exports: the class, and its facts as static members.
 * @param {NfSceneContext} ctx
 */
function nfLandscapeClass(ctx) {
  const io = ctx.io, M = ctx.M, layers = ctx.layers;
  const fn = io.fn, check = io.check, text = io.text, put = io.put, buffer = io.buffer;
  const num = nfNumber;
  // The 404 landscape scene (cpp/scene/landscape.h). pixels(layer) is a zero-copy Uint8Array over
  // wasm memory: fetch it again after any call that may allocate (setViewport, setDay,
  // setWorldSeed, splash, new objects).
  class Landscape {
    /** @param {number} [worldSeed] */
    constructor(worldSeed) { this._s = fn.nf_scene_new(nfWorldSeedArg(M, worldSeed)); }
    _live() {
      if (!this._s) throw new Error('this Landscape was deleted');
      return this._s;
    }
    // framing: 'cover' (the default), another of Landscape.FRAMINGS, or a scene point { x, y }.
    setViewport(v) { nfSetViewport(io, this, v); }
    setDay(day) { check(fn.nf_scene_set_day(this._live(), num('day', day))); }
    setDusk(dusk) { check(fn.nf_scene_set_dusk(this._live(), num('dusk', dusk))); }
    // Both with one repaint of the paint-once layers.
    setDayAndDusk(day, dusk) { check(fn.nf_scene_set_day_and_dusk(this._live(), num('day', day), num('dusk', dusk))); }
    setWorldSeed(seed) { check(fn.nf_scene_set_world_seed(this._live(), num('seed', seed))); }
    // Snow on the ranges for a day of the year (0 = 1 January, most snow in early February);
    // null for none (the default).
    setSeason(day) {
      const d = nfSeasonArg(day);
      check(fn.nf_scene_set_season(this._live(), d));
    }
    get dusk() { return fn.nf_scene_dusk(this._live()); }
    get season() { const s = fn.nf_scene_season(this._live()); return Number.isNaN(s) ? null : s; }
    // A name, or its number 0..2 exactly (the C++ side checks the double, so 2**32 + 1 is refused).
    setPortalMode(mode) {
      const m = nfPortalModeArg(ctx.portalModes, mode);
      check(fn.nf_scene_set_portal_mode(this._live(), num('portal mode', m)));
    }
    setClock(seconds) { check(fn.nf_scene_set_clock(this._live(), num('seconds', seconds))); }
    // inside: any value, taken as a flag (truthy: the pointer is over the page). nearX, nearY: the
    // point in the near layer's units (its parallax), where it knocks the tablet's letters off;
    // without them, (x, y).
    setPointer(x, y, inside, nearX, nearY) {
      fn.nf_scene_set_pointer(this._live(), num('x', x), num('y', y), inside ? 1 : 0,
        nearX === undefined ? NaN : num('nearX', nearX), nearY === undefined ? NaN : num('nearY', nearY));
    }
    splash(x, y) { fn.nf_scene_splash(this._live(), num('x', x), num('y', y)); }
    // The world (cpp/scene/world_state.h): any of the parameter table's options (or URL names) with
    // mount()'s values: numbers, true/false for on/off, texts ({ seed: 'meadow', day: 0.4,
    // season: 'none', life: false }); null or undefined leave one as it is.
    setWorld(world) { nfSetWorld(ctx, this, world); }
    // The world as the scene has it, as a share link writes it: [name, text] for each URL
    // parameter that decides the picture, in the table's order (the clock, the time of day and
    // the pitch read from the scene; the rest as given to setWorld).
    world() { return nfReadWorld(ctx, this); }
    // The page's missing path, carved on the ruin's tablet ('' leaves it blank).
    setPath(path) { fn.nf_scene_set_path(this._live(), put(nfString('path', path))[0]); }
    // The visitor's local time (seconds; of the day will do) at the current clock, for the hands.
    setWallClock(seconds) { check(fn.nf_scene_set_wall_clock(this._live(), num('seconds', seconds))); }
    get wallClock() { return fn.nf_scene_wall_clock(this._live()); }
    // The ruin's life (the walker, the fireflies, the falling letters); on by default.
    setLife(on) { fn.nf_scene_set_life(this._live(), on ? 1 : 0); }
    // Reduced motion: off shows the ruin's life still (the ivy grown at the next paint, the tablet's
    // letters carved); on by default.
    setMotion(on) { fn.nf_scene_set_motion(this._live(), on ? 1 : 0); }
    advance(dt) { return fn.nf_scene_advance(this._live(), num('dt', dt)) >>> 0; }
    // Where the last advance() changed each layer: an Int32Array view of [x, y, width, height] per
    // layer (zeros for a layer it did not report), so a page copies only that part to its canvas;
    // then the pane's (at 4 * PANE_LAYER, in pane pixels).
    changedRects() { return new Int32Array(buffer(), fn.nf_scene_changed(this._live()), 4 * (layers.length + 1)); }
    // The pane (cpp/scene/landscape.h): the tablet's line and the falling letters at one CSS px a
    // pixel, { x, y, width, height } on the layer canvas (CSS px) and pixels, a zero-copy RGBA view
    // (fetch it again as pixels()'s); null without one (no path) or before setViewport().
    get pane() {
      const s = this._live();
      const b = new Int32Array(buffer(), fn.nf_scene_pane(s), 4).slice();
      const ptr = fn.nf_scene_pane_pixels(s);
      if (!ptr || !(b[2] > 0 && b[3] > 0)) return null;
      return { x: b[0], y: b[1], width: b[2], height: b[3], pixels: new Uint8Array(buffer(), ptr, b[2] * b[3] * 4) };
    }
    renderAll() { return fn.nf_scene_render_all(this._live()) >>> 0; }
    // Stepped repaints (cpp/scene/landscape.h): with setStepped(true) the setters that repaint
    // only begin it; stepRepaint(ms) works on it for about ms milliseconds (at least one unit)
    // and returns true when the new layers are in place (read bufferWidth/Height, placement and
    // pixels again, paint every layer). Until then the old layers stay and advance() paints none.
    // beginRender() is renderAll() in steps (at once when not stepped).
    setStepped(on) { fn.nf_scene_set_stepped(this._live(), on ? 1 : 0); }
    get repainting() { return fn.nf_scene_repainting(this._live()) !== 0; }
    stepRepaint(ms) { return nfStepRepaint(fn, this, ms); }
    beginRender() { fn.nf_scene_begin_render(this._live()); }
    pixels(layer) {
      const s = this._live();
      const ptr = fn.nf_scene_pixels(s, nfLayerIndex(layers, layer));
      if (!ptr) throw new Error('no pixels before setViewport()');
      return new Uint8Array(buffer(), ptr, fn.nf_scene_buffer_width(s) * fn.nf_scene_buffer_height(s) * 4);
    }
    // Layers first..last composited within buffer pixels [x, x + w) x [y, y + h) (nfFlatten).
    flatten(first, last, x, y, w, h) { return nfFlatten(io, layers, this, [first, last], [x, y, w, h]); }
    // The layers composited back to front: { width, height, pixels } (RGBA view). region 'buffer'
    // (default): the buffer pixels the viewport shows, zoom x zoom each; 'viewport': the page's
    // picture at a devicePixelRatio of zoom, as noisefield-cli render writes it.
    picture(zoom, region) { return nfPicture(io, this, zoom, region); }
    get clock() { return fn.nf_scene_clock(this._live()); }
    get day() { return fn.nf_scene_day(this._live()); }
    get worldSeed() { return fn.nf_scene_world_seed(this._live()); }
    get heat() { return fn.nf_scene_heat(this._live()); }
    get starsShown() { return fn.nf_scene_stars_shown(this._live()) !== 0; }
    get starCount() { return fn.nf_scene_star_count(this._live()); }
    get paintOnceCount() { return fn.nf_scene_paint_once_count(this._live()); }
    get renderCount() { return fn.nf_scene_render_count(this._live()); }
    get bufferWidth() { return fn.nf_scene_buffer_width(this._live()); }
    get bufferHeight() { return fn.nf_scene_buffer_height(this._live()); }
    get pitch() { return fn.nf_scene_pitch(this._live()); }
    sceneXFromCss(x) { return fn.nf_scene_x_from_css(this._live(), num('x', x)); }
    sceneYFromCss(y) { return fn.nf_scene_y_from_css(this._live(), num('y', y)); }
    get gScenePerPixel() { return fn.nf_scene_g_per_pixel(this._live()); }
    // { scale, ox, oy, inset, sceneWidth, sceneHeight, gateX, gateY, gateR, waterY }: scene point
    // (x, y) shows at viewport CSS (x * scale + ox - inset, y * scale + oy - inset) at rest.
    get placement() { return nfPlacement(ctx, this._live()); }
    delete() {
      if (this._s) fn.nf_scene_delete(this._s);
      this._s = 0;
    }
  }
  Landscape.LAYERS = layers;
  // Each layer's parallax depth (the page moves it by -p * depth * (64, 30) CSS px), LAYERS order.
  Landscape.LAYER_DEPTHS = nfList(text(fn.nf_layer_depths())).map(Number);
  // Per layer, alpha 0 or 255 only (kLayerHardAlpha); the sky's run flattened opaque, soft pixels as the compositor blends (kOpaqueBase).
  Landscape.LAYER_HARD_ALPHA = nfList(text(fn.nf_layer_hard_alpha())).map((x) => x === '1');
  Landscape.OPAQUE_BASE = nfList(text(fn.nf_opaque_base())).map((x) => layers.indexOf(x));
  // SWAY: the CSS px a layer of depth 1 moves for a pointer at the edge ({ x, y }); INPUT_LAYERS:
  // the layers whose parallax the pointer's eddies, the portal and a splash follow.
  Landscape.SWAY = { x: fn.nf_parallax(0), y: fn.nf_parallax(1) };
  Landscape.INPUT_LAYERS = { pointer: fn.nf_parallax(2), portal: fn.nf_parallax(3), water: fn.nf_parallax(4) };
  // The pane's bit in advance()'s mask (and its slot in changedRects), and the layer it shows above
  // (below the next), at that layer's parallax.
  Landscape.PANE_LAYER = fn.nf_pane(0);
  Landscape.PANE_ABOVE = fn.nf_pane(1);
  Landscape.PORTAL_MODES = ctx.portalModes;
  Landscape.PLACEMENT = ctx.placement;
  // A viewport's CSS width and height are at most this; below this daylight the sky is night's.
  Landscape.MAX_VIEWPORT_CSS = fn.nf_max_viewport_css();
  Landscape.NIGHT_BELOW = fn.nf_night_below();
  // setViewport raises a pitch whose buffers would hold more pixels than this (read scene.pitch).
  Object.defineProperty(Landscape, 'maxBufferPixels', { get: () => fn.nf_max_buffer_pixels(), enumerable: true });
  // The scene's named framings (C++ framingNames()): 'cover', 'gate', 'island', 'shore'.
  Object.defineProperty(Landscape, 'FRAMINGS', { get: () => nfList(text(fn.nf_framings())), enumerable: true });
  // Seconds between two ticks of the fastest kind (landscape.h kShortestTick): a page that shows the
  // changes of every advance() since its last frame at least this often shows every tick.
  Object.defineProperty(Landscape, 'shortestTick', { get: () => fn.nf_shortest_tick(), enumerable: true });
  // The automatic pitch (docs/scene.md, "Coordinates and grid") for a viewport cssWidth wide (pitch 0).
  Landscape.autoPitch = (cssWidth) => fn.nf_auto_pitch(num('cssWidth', cssWidth));
  return Landscape;
}

// The parameter table (cpp/scene/world_params.h): [{ name, option, kind, min, max, choices,
// url, options, cli, allowed, effect }] in table order, and in the full module the rows'
// documentation too: { pageDefault, cliDefault, description }. The 404 page's module leaves that
// text out (its page shows none of it; one copy lives in C++, world_params.h, linked where it is read).
const NF_PARAM_EFFECTS = ['scene', 'view', 'page', 'live'];
/** @param {NfSceneIo} io @returns {NfWorldRow[]} */
function nfWorldParams(io) {
  const fn = io.fn, text = io.text;
  /** @type {NfWorldRow[]} */
  const rows = [];
  for (let i = 0, n = fn.nf_param_count(); i < n; i++) {
    const t = (f) => text(fn.nf_param_text(i, f));
    const scope = fn.nf_param_scope(i);
    /** @type {NfWorldRow} */
    const row = {
      name: t(0), option: t(1), kind: t(2), min: fn.nf_param_min(i), max: fn.nf_param_max(i), choices: nfList(t(3)),
      url: (scope & 1) !== 0, options: (scope & 2) !== 0, cli: (scope & 4) !== 0, allowed: t(4),
      effect: NF_PARAM_EFFECTS[fn.nf_param_effect(i)],
    };
    if (fn.nf_param_doc) {
      const d = (f) => text(fn.nf_param_doc(i, f));
      Object.assign(row, { pageDefault: d(0), cliDefault: d(1), description: d(2) });
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The parameter table's functions and the module's constants, on M.
 * @param {NfSceneContext} ctx
 */
function nfSceneTable(ctx) {
  const io = ctx.io, M = ctx.M;
  const fn = io.fn, text = io.text, put = io.put;
  const num = nfNumber;
  M['worldParams'] = () => nfWorldParams(io);
  // { value } (a number; 'none' for a season without snow; the choice's text) plus { word } for a
  // word seed, or { error: 'expected ...' }.
  M['parseWorldParam'] = (name, raw) => {
    const [n, v] = put(nfString('name', name), nfString('text', raw));
    const r = fn.nf_parse_param(n, v);
    if (!r) return { error: text(fn.nf_error()) };
    /** @type {{ value: number | string, word?: string }} */
    const out = { value: r & 2 ? text(fn.nf_text(), fn.nf_text_size()) : fn.nf_number() };
    if (r & 4) out.word = text(fn.nf_text(), fn.nf_text_size());
    return out;
  };
  // The departures board's wandering picks (cpp/scene/departures.h): `count` page indices in
  // [0, pages) from world `seed`'s stream, repeats possible.
  M['wanderPicks'] = (seed, pages, count) => Array.from({ length: count }, (_, i) => fn.nf_wander_pick(num('seed', seed), pages, i));
  M['seedFromText'] = (word) => fn.nf_seed_from_text(put(nfString('text', word))[0]);
  if (fn.nf_world_params_markdown) M['worldParamsMarkdown'] = () => text(fn.nf_world_params_markdown());
  M['heapUsedBytes'] = () => fn.nf_heap_used();
  M['kDefaultWorldSeed'] = fn.nf_default_world_seed();
  M['kMaxWorldSeed'] = fn.nf_max_world_seed();
  M['kMaxBufferPixels'] = fn.nf_max_buffer_pixels();
  M['kDarkDayCap'] = fn.nf_dark_day_cap();
}

/**
 * @param {Record<string, any>} M the module object: gets Landscape, the table's functions and the constants
 * @param {NfSceneExports} fn the wasm's exports by name (nf_*)
 * @param {() => ArrayBufferLike} buffer wasm memory's current buffer
 */
function nfSceneFace(M, fn, buffer) {
  const ctx = nfSceneContext(nfSceneIo(fn, buffer), M);
  M['Landscape'] = nfLandscapeClass(ctx);
  nfSceneTable(ctx);
}
