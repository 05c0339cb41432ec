// The JavaScript face of the module (core primitives and fills), appended inside the Emscripten
// factory (--post-js); api.toolkit.post.js and api.scene.post.js follow it.
// C++ never throws (a C++ exception through embind would leak its arguments); bound calls that
// can fail return { error }, and this layer throws a plain Error with that message.
/* global Module */
// Helpers shared by the api.*.post.js files (post-js files share the factory's scope; the argument
// checks are in api.checks.js, included first).
function nfCheck(result) {
  if (result && typeof result === 'object' && typeof result.error === 'string') throw new Error(result.error);
  return result;
}

// The raw embind bindings (Raw*, raw*) convert arguments unchecked; they are taken off Module as
// soon as the runtime has registered them, so only the checked wrappers can reach them.
const nfRaw = {};
addOnInit(function hideRawBindings() {
  for (const key of Object.keys(Module)) {
    if (/^[Rr]aw[A-Z]/.test(key)) {
      nfRaw[key] = Module[key];
      delete Module[key];
    }
  }
});


(function () {
  'use strict';

  const check = nfCheck, rejectUnknownKeys = nfRejectUnknownKeys, numberOption = nfNumberOption;

  const num = nfNumber;
  let limits = null;  // constants: read from C++ once, not on every scalar call
  Module['fbm'] = function fbm(x, y, seed, octaves) {
    if (octaves === undefined) octaves = 3;
    const lim = limits || (limits = Module['limits']());
    if (!Number.isInteger(octaves) || octaves < lim.minOctaves || octaves > lim.maxOctaves) {
      throw new Error('octaves must be an integer in [' + lim.minOctaves + ', ' + lim.maxOctaves + '] (got ' +
        (typeof octaves === 'number' ? octaves : nfTypeName(octaves)) + ')');
    }
    return nfRaw['rawFbm'](num('x', x), num('y', y), num('seed', seed), octaves);
  };
  Module['hash'] = (x, y, seed) => nfRaw['rawHash'](num('x', x), num('y', y), num('seed', seed));
  Module['valueNoise'] = (x, y, seed) => nfRaw['rawValueNoise'](num('x', x), num('y', y), num('seed', seed));
  Module['nebula'] = (x, y) => nfRaw['rawNebula'](num('x', x), num('y', y));
  Module['clamp01'] = (t) => nfRaw['rawClamp01'](num('t', t));
  Module['smooth'] = (a, b, t) => nfRaw['rawSmooth'](num('a', a), num('b', b), num('t', t));
  Module['smoothstep'] = (t) => nfRaw['rawSmoothstep'](num('t', t));
  Module['quintic'] = (t) => nfRaw['rawQuintic'](num('t', t));
  Module['lerp'] = (a, b, t) => nfRaw['rawLerp'](num('a', a), num('b', b), num('t', t));

  // The landscape's random stream (mulberry32); the seed follows ToUint32 like the hash's.
  class Mulberry32 {
    constructor(seed) {
      this._raw = new nfRaw['RawMulberry32'](num('seed', seed));
    }
    _live() {
      if (!this._raw) throw new Error('this Mulberry32 was deleted');
      return this._raw;
    }
    next() { return this._live().next(); }
    nextU32() { return this._live().nextU32(); }
    delete() {
      if (this._raw) this._raw.delete();
      this._raw = null;
    }
  }
  Module['Mulberry32'] = Mulberry32;

  const LANDSCAPE_KINDS = { value: 0, fbm: 1, nebula: 2 };
  const GRID_OPTIONS = ['width', 'height', 'x', 'y', 'step', 'stepY', 'offsetX', 'offsetY'];

  // A float buffer owned by the module. fill() returns { view, min, max, mean, width, height }:
  // `view` is a zero-copy Float32Array over wasm memory, valid until the next call that may grow
  // memory (any fill, any new object); call grid.view() again after such a call.
  class NoiseGrid {
    constructor() {
      this._raw = new nfRaw['RawNoiseGrid']();
    }
    _live() {
      if (!this._raw) throw new Error('this NoiseGrid was deleted');
      return this._raw;
    }
    fill(kind, opts) {
      if (typeof kind !== 'string' || !Object.prototype.hasOwnProperty.call(LANDSCAPE_KINDS, kind)) {
        throw new Error('kind must be one of ' + Object.keys(LANDSCAPE_KINDS).join(', ') + ' (got ' +
          (typeof kind === 'string' ? kind.slice(0, 40) : nfTypeName(kind)) + ')');
      }
      const k = LANDSCAPE_KINDS[kind];
      opts = opts === undefined ? {} : opts;
      rejectUnknownKeys('fill', opts, GRID_OPTIONS.concat(['seed', 'octaves']));
      const step = numberOption(opts, 'step', 1);
      return check(this._live().fillLandscape(
        k,
        numberOption(opts, 'width', NaN), numberOption(opts, 'height', NaN),
        numberOption(opts, 'x', 0), numberOption(opts, 'y', 0),
        step, numberOption(opts, 'stepY', step),
        numberOption(opts, 'offsetX', 0), numberOption(opts, 'offsetY', 0),
        numberOption(opts, 'seed', 0), numberOption(opts, 'octaves', 3)));
    }
    view() {
      return this._live().view();
    }
    get width() {
      return this._live().width();
    }
    get height() {
      return this._live().height();
    }
    delete() {
      if (this._raw) this._raw.delete();
      this._raw = null;
    }
  }
  Module['NoiseGrid'] = NoiseGrid;
})();
