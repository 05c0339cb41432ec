// The scene's JavaScript face, over the plain exports of cpp/bindings/scene_exports.cpp: the one
// definition of Module.Landscape and of the parameter table's functions, in both modules (the full
// module calls it from api.scene.post.js, the 404 page's noisefield-landscape.mjs from
// landscape.entry.js). Needs api.checks.js in the same scope.
//
// nfSceneFace(M, fn, buffer): M gets the scene's API; fn maps export names (nf_*) to the wasm
// functions; buffer() is wasm memory's current ArrayBuffer (a new one after memory grows).
/* exported nfSceneFace */
function nfSceneFace(M, fn, buffer) {
  'use strict';
  const check = (ok) => {
    if (!ok) throw new Error(text(fn.nf_error(), fn.nf_error_size()));
  };
  const num = nfNumber;
  const utf8 = new TextEncoder(), fromUtf8 = new TextDecoder();

  // A UTF-8 string in wasm memory: `size` bytes, or up to its NUL.
  function text(ptr, size) {
    const bytes = new Uint8Array(buffer(), ptr);
    return fromUtf8.decode(bytes.subarray(0, size === undefined ? bytes.indexOf(0) : size));
  }
  // Writes the texts one after another into the module's scratch buffer; -> their byte lengths.
  function put(...texts) {
    const parts = texts.map((t) => utf8.encode(t));
    const ptr = fn.nf_scratch(parts.reduce((n, p) => n + p.length, 0));  // may grow memory
    const heap = new Uint8Array(buffer());
    let at = ptr;
    for (const p of parts) { heap.set(p, at); at += p.length; }
    return parts.map((p) => p.length);
  }
  const list = (s) => (s === '' ? [] : s.split(','));
  const string = (name, v) => {
    if (typeof v !== 'string') throw new Error(name + ' must be a string (got ' + nfTypeName(v) + ')');
    return v;
  };

  // Back-to-front layer order (cpp/scene/landscape.h, enum Layer); advance(dt) returns a bitmask
  // (1 << layer) of the layers whose pixels changed.
  // The scene's facts, all from C++ (cpp/scene/landscape.h): the layers, their parallax depths,
  // the portal's modes, the placement's fields.
  const LAYERS = list(text(fn.nf_layer_names()));
  const PORTAL_MODES = {};
  list(text(fn.nf_portal_modes())).forEach((name, i) => { PORTAL_MODES[name] = i; });
  const PLACEMENT = list(text(fn.nf_placement_names()));
  const REGIONS = ['buffer', 'viewport'];

  function layerIndex(layer) {
    const i = typeof layer === 'string' ? LAYERS.indexOf(layer) : layer;
    if (!Number.isInteger(i) || i < 0 || i >= LAYERS.length) {
      throw new Error('layer must be one of ' + LAYERS.join(', ') + ' or 0..' + (LAYERS.length - 1) + ' (got ' +
        (typeof layer === 'string' ? layer.slice(0, 40) : typeof layer === 'number' ? layer : nfTypeName(layer)) + ')');
    }
    return i;
  }

  // The 404 landscape scene (cpp/scene/landscape.h). pixels(layer) is a zero-copy Uint8Array over
  // wasm memory: fetch it again after any call that may allocate (setViewport, setDay,
  // setWorldSeed, splash, new objects).
  class Landscape {
    constructor(worldSeed) {
      if (worldSeed === undefined) worldSeed = M['kDefaultWorldSeed'];
      if (!Number.isInteger(worldSeed) || worldSeed < 0 || worldSeed > M['kMaxWorldSeed']) {
        throw new Error('world seed must be an integer in [0, ' + M['kMaxWorldSeed'] + '] (got ' +
          (typeof worldSeed === 'number' ? worldSeed : nfTypeName(worldSeed)) + ')');
      }
      this._s = fn.nf_scene_new(worldSeed);
    }
    _live() {
      if (!this._s) throw new Error('this Landscape was deleted');
      return this._s;
    }
    // framing: 'cover' (the default), another of Landscape.FRAMINGS, or a scene point { x, y }.
    setViewport(v) {
      nfRejectUnknownKeys('viewport', v, ['cssWidth', 'cssHeight', 'pitch', 'framing']);
      const f = v.framing === undefined ? 'cover' : v.framing;
      const point = f !== null && typeof f === 'object';
      if (!point && typeof f !== 'string') throw new Error('framing must be one of ' + Landscape.FRAMINGS.join(', ') + ' or a point { x, y } (got ' + String(f) + ')');
      if (point) nfRejectUnknownKeys('framing', f, ['x', 'y']);
      const s = this._live();
      const w = nfNumberOption(v, 'cssWidth', NaN), h = nfNumberOption(v, 'cssHeight', NaN), pitch = nfNumberOption(v, 'pitch', 0);
      const x = point ? nfNumberOption(f, 'x', NaN) : 0, y = point ? nfNumberOption(f, 'y', NaN) : 0;
      check(fn.nf_scene_set_viewport(s, w, h, pitch, point ? -1 : put(f)[0], x, y));
    }
    setDay(day) { check(fn.nf_scene_set_day(this._live(), num('day', day))); }
    setDusk(dusk) { check(fn.nf_scene_set_dusk(this._live(), num('dusk', dusk))); }
    // Both with one repaint of the paint-once layers.
    setDayAndDusk(day, dusk) { check(fn.nf_scene_set_day_and_dusk(this._live(), num('day', day), num('dusk', dusk))); }
    setWorldSeed(seed) { check(fn.nf_scene_set_world_seed(this._live(), num('seed', seed))); }
    // Snow on the ranges for a day of the year (0 = 1 January, most snow in early February);
    // null for none (the default).
    setSeason(day) {
      if (day === null || day === undefined) { check(fn.nf_scene_set_season(this._live(), NaN)); return; }
      if (typeof day !== 'number' || Number.isNaN(day)) {
        throw new Error('season must be a day of the year in [0, 365] or null for no snow (got ' +
          (typeof day === 'number' ? day : nfTypeName(day)) + ')');
      }
      check(fn.nf_scene_set_season(this._live(), day));
    }
    get dusk() { return fn.nf_scene_dusk(this._live()); }
    get season() { const s = fn.nf_scene_season(this._live()); return Number.isNaN(s) ? null : s; }
    // A name, or its number 0..2 exactly (the C++ side checks the double, so 2**32 + 1 is refused).
    setPortalMode(mode) {
      let m = mode;
      if (typeof mode === 'string') {
        if (!Object.prototype.hasOwnProperty.call(PORTAL_MODES, mode)) {
          throw new Error('portal mode must be idle, hot or enter (got ' + mode.slice(0, 40) + ')');
        }
        m = PORTAL_MODES[mode];
      }
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
    // season: 'none', life: false }); null or undefined leave one as it is. Every value is checked
    // by the table in C++ before any is applied; then one repaint shows them all.
    setWorld(world) {
      if (world === null || typeof world !== 'object') throw new Error('world must be an object of the parameter table\'s options (got ' + nfTypeName(world) + ')');
      const texts = [];
      for (const key of Object.keys(world)) {
        const v = world[key];
        if (v === null || v === undefined) continue;
        const row = ROWS().find((r) => r.options && (r.option === key || r.name === key));
        if (!row) throw new Error('unknown world parameter ' + String(key).slice(0, 40) + ' (allowed: ' + ROWS().filter((r) => r.options).map((r) => r.option).join(', ') + ')');
        texts.push(key, worldText(row, key, v));
      }
      const lengths = put(...texts);  // may grow memory
      new Int32Array(buffer(), fn.nf_world_lengths(), lengths.length).set(lengths);
      check(fn.nf_scene_set_world(this._live(), texts.length / 2));
    }
    // The world as the scene has it, as a share link writes it: [name, text] for each URL
    // parameter that decides the picture, in the table's order (the clock, the time of day and
    // the pitch read from the scene; the rest as given to setWorld).
    world() {
      const s = this._live(), out = [];
      ROWS().forEach((r, i) => {
        const k = fn.nf_scene_world_value(s, i);
        if (k === 1) out.push([r.name, String(fn.nf_number())]);
        else if (k === 2) out.push([r.name, text(fn.nf_text(), fn.nf_text_size())]);
      });
      return out;
    }
    // The page's missing path, carved on the ruin's tablet ('' leaves it blank).
    setPath(path) { fn.nf_scene_set_path(this._live(), put(string('path', path))[0]); }
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
    // layer (zeros for a layer it did not report), so a page copies only that part to its canvas.
    changedRects() { return new Int32Array(buffer(), fn.nf_scene_changed(this._live()), 4 * LAYERS.length); }
    renderAll() { return fn.nf_scene_render_all(this._live()) >>> 0; }
    // Stepped repaints (cpp/scene/landscape.h): with setStepped(true) the setters that repaint
    // only begin it; stepRepaint(ms) works on it for about ms milliseconds (at least one unit)
    // and returns true when the new layers are in place (read bufferWidth/Height, placement and
    // pixels again, paint every layer). Until then the old layers stay and advance() paints none.
    // beginRender() is renderAll() in steps (at once when not stepped).
    setStepped(on) { fn.nf_scene_set_stepped(this._live(), on ? 1 : 0); }
    get repainting() { return fn.nf_scene_repainting(this._live()) !== 0; }
    stepRepaint(ms) {
      if (typeof ms !== 'number' || !(ms >= 0)) throw new Error('stepRepaint: budget must be a number of milliseconds >= 0 (got ' + (typeof ms === 'number' ? ms : nfTypeName(ms)) + ')');
      // A unit at a time until the budget is spent: the module reads no clock of its own.
      const s = this._live(), t0 = performance.now();
      for (;;) {
        if (fn.nf_scene_step_repaint(s, 1) !== 0) return true;
        if (!(performance.now() - t0 < ms)) return false;
      }
    }
    beginRender() { fn.nf_scene_begin_render(this._live()); }
    pixels(layer) {
      const s = this._live();
      const ptr = fn.nf_scene_pixels(s, layerIndex(layer));
      if (!ptr) throw new Error('no pixels before setViewport()');
      return new Uint8Array(buffer(), ptr, fn.nf_scene_buffer_width(s) * fn.nf_scene_buffer_height(s) * 4);
    }
    // The layers composited back to front: { width, height, pixels } (RGBA view). region 'buffer'
    // (default): the buffer pixels the viewport shows, zoom x zoom each; 'viewport': the page's
    // picture at a devicePixelRatio of zoom, as noisefield-cli render writes it.
    picture(zoom, region) {
      const s = this._live();
      const r = region === undefined ? 'buffer' : String(region);
      if (!REGIONS.includes(r)) throw new Error('region must be buffer or viewport (got ' + r + ')');
      check(fn.nf_scene_picture(s, zoom === undefined ? 1 : Number(zoom), REGIONS.indexOf(r)));
      const width = fn.nf_scene_picture_width(s), height = fn.nf_scene_picture_height(s);
      return { width, height, pixels: new Uint8Array(buffer(), fn.nf_scene_picture_pixels(s), width * height * 4) };
    }
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
    get placement() {
      const v = new Float64Array(buffer(), fn.nf_scene_placement(this._live()), PLACEMENT.length);
      const o = {};
      PLACEMENT.forEach((k, i) => { o[k] = v[i]; });
      return o;
    }
    delete() {
      if (this._s) fn.nf_scene_delete(this._s);
      this._s = 0;
    }
  }
  Landscape.LAYERS = LAYERS;
  // Each layer's parallax depth (the page moves it by -p * depth * (64, 30) CSS px), LAYERS order.
  Landscape.LAYER_DEPTHS = list(text(fn.nf_layer_depths())).map(Number);
  // SWAY: the CSS px a layer of depth 1 moves for a pointer at the edge ({ x, y }); INPUT_LAYERS:
  // the layers whose parallax the pointer's eddies, the portal and a splash follow.
  Landscape.SWAY = { x: fn.nf_parallax(0), y: fn.nf_parallax(1) };
  Landscape.INPUT_LAYERS = { pointer: fn.nf_parallax(2), portal: fn.nf_parallax(3), water: fn.nf_parallax(4) };
  Landscape.PORTAL_MODES = PORTAL_MODES;
  Landscape.PLACEMENT = PLACEMENT;
  // A viewport's CSS width and height are at most this; below this daylight the sky is night's.
  Landscape.MAX_VIEWPORT_CSS = fn.nf_max_viewport_css();
  Landscape.NIGHT_BELOW = fn.nf_night_below();
  // setViewport raises a pitch whose buffers would hold more pixels than this (read scene.pitch).
  Object.defineProperty(Landscape, 'maxBufferPixels', { get: () => fn.nf_max_buffer_pixels(), enumerable: true });
  // The scene's named framings (C++ framingNames()): 'cover', 'gate', 'island', 'shore'.
  Object.defineProperty(Landscape, 'FRAMINGS', { get: () => list(text(fn.nf_framings())), enumerable: true });
  // Seconds between two ticks of the fastest kind (landscape.h kShortestTick): a page that shows the
  // changes of every advance() since its last frame at least this often shows every tick.
  Object.defineProperty(Landscape, 'shortestTick', { get: () => fn.nf_shortest_tick(), enumerable: true });
  // The automatic pitch (docs/scene.md, "Coordinates and grid") for a viewport cssWidth wide (pitch 0).
  Landscape.autoPitch = (cssWidth) => fn.nf_auto_pitch(num('cssWidth', cssWidth));
  M['Landscape'] = Landscape;

  // The parameter table (cpp/scene/world_params.h): [{ name, option, kind, min, max, choices,
  // url, options, cli, allowed }] in table order, and in the full module the rows' documentation
  // too: { pageDefault, cliDefault, description }. The 404 page's module leaves that text out (its
  // page shows none of it; one copy lives in C++, world_params.h, linked where it is read).
  const EFFECTS = ['scene', 'view', 'page', 'live'];
  let rows = null;
  const ROWS = () => rows || (rows = M['worldParams']());
  // A setWorld value as the table's text: numbers by String() (which reads back to the same
  // double), true/false as a switch's on/off; the type must be the row's.
  function worldText(row, key, v) {
    const bad = () => new Error(key + ' must be ' + row.allowed + ' (got ' + (typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : typeof v === 'number' ? String(v) : nfTypeName(v)) + ')');
    switch (row.kind) {
      case 'switch': if (typeof v === 'boolean') return row.choices[v ? 0 : 1]; if (typeof v !== 'string') throw bad(); return v;
      case 'seed': if (typeof v === 'number') return String(v); if (typeof v !== 'string') throw bad(); return v;
      case 'season': if (typeof v === 'number') return String(v); if (v !== row.choices[0]) throw bad(); return v;
      case 'number': case 'integer': if (typeof v !== 'number') throw bad(); return String(v);
      default: if (typeof v !== 'string') throw bad(); return v;
    }
  }
  M['worldParams'] = () => {
    const rows = [];
    for (let i = 0, n = fn.nf_param_count(); i < n; i++) {
      const t = (f) => text(fn.nf_param_text(i, f));
      const scope = fn.nf_param_scope(i);
      const row = {
        name: t(0), option: t(1), kind: t(2), min: fn.nf_param_min(i), max: fn.nf_param_max(i), choices: list(t(3)),
        url: (scope & 1) !== 0, options: (scope & 2) !== 0, cli: (scope & 4) !== 0, allowed: t(4),
        effect: EFFECTS[fn.nf_param_effect(i)],
      };
      if (fn.nf_param_doc) {
        const d = (f) => text(fn.nf_param_doc(i, f));
        Object.assign(row, { pageDefault: d(0), cliDefault: d(1), description: d(2) });
      }
      rows.push(row);
    }
    return rows;
  };
  // { value } (a number; 'none' for a season without snow; the choice's text) plus { word } for a
  // word seed, or { error: 'expected ...' }.
  M['parseWorldParam'] = (name, raw) => {
    const [n, v] = put(string('name', name), string('text', raw));
    const r = fn.nf_parse_param(n, v);
    if (!r) return { error: text(fn.nf_error()) };
    const out = { value: r & 2 ? text(fn.nf_text(), fn.nf_text_size()) : fn.nf_number() };
    if (r & 4) out.word = text(fn.nf_text(), fn.nf_text_size());
    return out;
  };
  // The departures board's wandering picks (cpp/scene/departures.h): `count` page indices in
  // [0, pages) from world `seed`'s stream, repeats possible.
  M['wanderPicks'] = (seed, pages, count) => Array.from({ length: count }, (_, i) => fn.nf_wander_pick(num('seed', seed), pages, i));
  M['seedFromText'] = (word) => fn.nf_seed_from_text(put(string('text', word))[0]);
  if (fn.nf_world_params_markdown) M['worldParamsMarkdown'] = () => text(fn.nf_world_params_markdown());
  M['heapUsedBytes'] = () => fn.nf_heap_used();
  M['kDefaultWorldSeed'] = fn.nf_default_world_seed();
  M['kMaxWorldSeed'] = fn.nf_max_world_seed();
  M['kMaxBufferPixels'] = fn.nf_max_buffer_pixels();
  M['kDarkDayCap'] = fn.nf_dark_day_cap();
}
