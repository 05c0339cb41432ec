// The landscape scene's JavaScript face (Landscape); appended after api.core.post.js.
/* global Module, nfCheck, nfRejectUnknownKeys, nfNumberOption, nfNumber, nfTypeName, nfRaw */
(function () {
  'use strict';
  const check = nfCheck, rejectUnknownKeys = nfRejectUnknownKeys, numberOption = nfNumberOption, num = nfNumber;

  // Module.Landscape: the 404 landscape scene (cpp/scene/landscape.h). Seven RGBA8 layers, in
  // back-to-front order LANDSCAPE_LAYERS; advance(dt) returns a bitmask (1 << layer) of the layers
  // whose pixels changed. pixels(layer) is a zero-copy Uint8Array over wasm memory: fetch it again
  // after any call that may allocate (setViewport, setDay, setWorldSeed, splash, new objects).
  const LANDSCAPE_LAYERS = ['sky', 'land', 'rift', 'gate', 'hill', 'near', 'canopy'];
  const PORTAL_MODES = { idle: 0, hot: 1, enter: 2 };

  function layerIndex(layer) {
    const i = typeof layer === 'string' ? LANDSCAPE_LAYERS.indexOf(layer) : layer;
    if (!Number.isInteger(i) || i < 0 || i >= LANDSCAPE_LAYERS.length) {
      throw new Error('layer must be one of ' + LANDSCAPE_LAYERS.join(', ') + ' or 0..6 (got ' +
        (typeof layer === 'string' ? layer.slice(0, 40) : typeof layer === 'number' ? layer : nfTypeName(layer)) + ')');
    }
    return i;
  }

  class Landscape {
    constructor(worldSeed) {
      if (worldSeed === undefined) worldSeed = 404;
      if (!Number.isInteger(worldSeed) || worldSeed < 0 || worldSeed > 4294967295) {
        throw new Error('world seed must be an integer in [0, 4294967295] (got ' +
          (typeof worldSeed === 'number' ? worldSeed : nfTypeName(worldSeed)) + ')');
      }
      this._raw = new nfRaw['RawLandscape'](worldSeed);
    }
    _live() {
      if (!this._raw) throw new Error('this Landscape was deleted');
      return this._raw;
    }
    // framing: 'cover' (the default), another of Landscape.FRAMINGS, or a scene point { x, y }.
    setViewport(v) {
      rejectUnknownKeys('viewport', v, ['cssWidth', 'cssHeight', 'pitch', 'framing']);
      const f = v.framing === undefined ? 'cover' : v.framing;
      const point = f !== null && typeof f === 'object';
      if (!point && typeof f !== 'string') throw new Error('framing must be one of ' + Landscape.FRAMINGS.join(', ') + ' or a point { x, y } (got ' + String(f) + ')');
      if (point) rejectUnknownKeys('framing', f, ['x', 'y']);
      check(this._live().setViewport(numberOption(v, 'cssWidth', NaN), numberOption(v, 'cssHeight', NaN),
        numberOption(v, 'pitch', 0), point ? 'point' : f, point ? numberOption(f, 'x', NaN) : 0, point ? numberOption(f, 'y', NaN) : 0));
    }
    setDay(day) { check(this._live().setDay(num('day', day))); }
    setDusk(dusk) { check(this._live().setDusk(num('dusk', dusk))); }
    // Both with one repaint of the paint-once layers.
    setDayAndDusk(day, dusk) { check(this._live().setDayAndDusk(num('day', day), num('dusk', dusk))); }
    setWorldSeed(seed) { check(this._live().setWorldSeed(num('seed', seed))); }
    // Snow on the ranges for a day of the year (0 = 1 January, most snow in early February);
    // null for none (the default).
    setSeason(day) {
      if (day === null || day === undefined) { check(this._live().setSeason(NaN)); return; }
      if (typeof day !== 'number' || Number.isNaN(day)) {
        throw new Error('season must be a day of the year in [0, 365] or null for no snow (got ' +
          (typeof day === 'number' ? day : nfTypeName(day)) + ')');
      }
      check(this._live().setSeason(day));
    }
    get dusk() { return this._live().dusk(); }
    get season() { const s = this._live().season(); return Number.isNaN(s) ? null : s; }
    // A name, or its number 0..2 exactly (the C++ side checks the double, so 2**32 + 1 is refused).
    setPortalMode(mode) {
      let m = mode;
      if (typeof mode === 'string') {
        if (!Object.prototype.hasOwnProperty.call(PORTAL_MODES, mode)) {
          throw new Error('portal mode must be idle, hot or enter (got ' + mode.slice(0, 40) + ')');
        }
        m = PORTAL_MODES[mode];
      }
      check(this._live().setPortalMode(num('portal mode', m)));
    }
    setClock(seconds) { check(this._live().setClock(num('seconds', seconds))); }
    // inside: any value, taken as a flag (truthy: the pointer is over the page).
    setPointer(x, y, inside) { this._live().setPointer(num('x', x), num('y', y), !!inside); }
    splash(x, y) { this._live().splash(num('x', x), num('y', y)); }
    advance(dt) { return this._live().advance(num('dt', dt)) >>> 0; }
    renderAll() { return this._live().renderAll() >>> 0; }
    // Stepped repaints (cpp/scene/landscape.h): with setStepped(true) the setters that repaint
    // only begin it; stepRepaint(ms) works on it for about ms milliseconds (at least one unit)
    // and returns true when the new layers are in place (read bufferWidth/Height, placement and
    // pixels again, paint every layer). Until then the old layers stay and advance() paints none.
    setStepped(on) { this._live().setStepped(!!on); }
    // renderAll() as a stepped repaint (stepped and sized; else at once): a still frame in steps.
    beginRender() { this._live().beginRender(); }
    get repainting() { return this._live().repainting(); }
    stepRepaint(ms) {
      if (typeof ms !== 'number' || !(ms >= 0)) throw new Error('stepRepaint: budget must be a number of milliseconds >= 0 (got ' + (typeof ms === 'number' ? ms : nfTypeName(ms)) + ')');
      return this._live().stepRepaint(ms);
    }
    pixels(layer) { return check(this._live().pixels(layerIndex(layer))); }
    // The layers composited back to front: { width, height, pixels } (RGBA view). region 'buffer'
    // (default): the buffer pixels the viewport shows, zoom x zoom each; 'viewport': the page's
    // picture at a devicePixelRatio of zoom, as noisefield-cli render writes it.
    picture(zoom, region) {
      return check(this._live().picture(zoom === undefined ? 1 : Number(zoom), region === undefined ? 'buffer' : String(region)));
    }
    get clock() { return this._live().clock(); }
    get day() { return this._live().day(); }
    get worldSeed() { return this._live().worldSeed(); }
    get heat() { return this._live().heat(); }
    get starsShown() { return this._live().starsShown(); }
    get starCount() { return this._live().starCount(); }
    get paintOnceCount() { return this._live().paintOnceCount(); }
    get renderCount() { return this._live().renderCount(); }
    get bufferWidth() { return this._live().bufferWidth(); }
    get bufferHeight() { return this._live().bufferHeight(); }
    get pitch() { return this._live().pitch(); }
    sceneXFromCss(x) { return this._live().sceneXFromCss(num('x', x)); }
    sceneYFromCss(y) { return this._live().sceneYFromCss(num('y', y)); }
    get gScenePerPixel() { return this._live().gScenePerPixel(); }
    // { scale, ox, oy, inset, sceneWidth, sceneHeight, gateX, gateY, gateR, waterY }: scene point
    // (x, y) shows at viewport CSS (x * scale + ox - inset, y * scale + oy - inset) at rest.
    get placement() { return this._live().placement(); }
    delete() {
      if (this._raw) this._raw.delete();
      this._raw = null;
    }
  }
  Landscape.LAYERS = LANDSCAPE_LAYERS;
  // setViewport raises a pitch whose buffers would hold more pixels than this (read scene.pitch).
  Object.defineProperty(Landscape, 'maxBufferPixels', { get: () => Module['kMaxBufferPixels'], enumerable: true });
  Landscape.PORTAL_MODES = PORTAL_MODES;
  // The scene's named framings (C++ framingNames()): 'cover', 'gate', 'island'.
  Object.defineProperty(Landscape, 'FRAMINGS', { get: () => Module['landscapeFramings'](), enumerable: true });
  // The automatic pitch (docs/scene.md, "Coordinates and grid") the scene uses for a viewport cssWidth wide (pitch 0).
  Landscape.autoPitch = (cssWidth) => Module['landscapeAutoPitch'](num('cssWidth', cssWidth));
  Module['Landscape'] = Landscape;
})();
