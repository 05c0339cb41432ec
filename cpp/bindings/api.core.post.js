// The JavaScript face of the module (core primitives and fills), appended inside the Emscripten
// factory (--post-js); api.toolkit.post.js and api.scene.post.js follow it.
// C++ never throws (a C++ exception through embind would leak its arguments); bound calls that
// can fail return { error }, and this layer throws a plain Error with that message.
/* global Module */
// Helpers shared by the api.*.post.js files: post-js files share the factory's scope.
function nfCheck(result) {
  if (result && typeof result === 'object' && typeof result.error === 'string') throw new Error(result.error);
  return result;
}

function nfRejectUnknownKeys(what, opts, allowed) {
  if (opts === null || typeof opts !== 'object') throw new Error(what + ' options must be an object');
  for (const key of Object.keys(opts)) {
    if (!allowed.includes(key)) {
      throw new Error('unknown ' + what + ' option "' + key + '" (allowed: ' + allowed.join(', ') + ')');
    }
  }
}

function nfNumberOption(opts, name, fallback) {
  const v = opts[name] === undefined ? fallback : opts[name];
  if (typeof v !== 'number') throw new Error(name + ' must be a number (got ' + typeof v + ')');
  return v;
}


(function () {
  'use strict';

  const check = nfCheck, rejectUnknownKeys = nfRejectUnknownKeys, numberOption = nfNumberOption;

  let limits = null;  // constants: read from C++ once, not on every scalar call
  Module['fbm'] = function fbm(x, y, seed, octaves) {
    if (octaves === undefined) octaves = 3;
    const lim = limits || (limits = Module['limits']());
    if (!Number.isInteger(octaves) || octaves < lim.minOctaves || octaves > lim.maxOctaves) {
      throw new Error('octaves must be an integer in [' + lim.minOctaves + ', ' + lim.maxOctaves + '] (got ' + octaves + ')');
    }
    return Module['rawFbm'](x, y, seed, octaves);
  };

  const LANDSCAPE_KINDS = { value: 0, fbm: 1, nebula: 2 };
  const GRID_OPTIONS = ['width', 'height', 'x', 'y', 'step', 'stepY', 'offsetX', 'offsetY'];

  // A float buffer owned by the module. fill() returns { view, min, max, mean, width, height }:
  // `view` is a zero-copy Float32Array over wasm memory, valid until the next call that may grow
  // memory (any fill, any new object); call grid.view() again after such a call.
  class NoiseGrid {
    constructor() {
      this._raw = new Module['RawNoiseGrid']();
    }
    fill(kind, opts) {
      const k = LANDSCAPE_KINDS[kind];
      if (k === undefined || !Object.prototype.hasOwnProperty.call(LANDSCAPE_KINDS, kind)) {
        throw new Error('kind must be one of ' + Object.keys(LANDSCAPE_KINDS).join(', ') + ' (got ' + String(kind) + ')');
      }
      opts = opts === undefined ? {} : opts;
      rejectUnknownKeys('fill', opts, GRID_OPTIONS.concat(['seed', 'octaves']));
      const step = numberOption(opts, 'step', 1);
      return check(this._raw.fillLandscape(
        k,
        numberOption(opts, 'width', NaN), numberOption(opts, 'height', NaN),
        numberOption(opts, 'x', 0), numberOption(opts, 'y', 0),
        step, numberOption(opts, 'stepY', step),
        numberOption(opts, 'offsetX', 0), numberOption(opts, 'offsetY', 0),
        numberOption(opts, 'seed', 0), numberOption(opts, 'octaves', 3)));
    }
    view() {
      return this._raw.view();
    }
    get width() {
      return this._raw.width();
    }
    get height() {
      return this._raw.height();
    }
    delete() {
      if (this._raw) this._raw.delete();
      this._raw = null;
    }
  }
  Module['NoiseGrid'] = NoiseGrid;
})();
