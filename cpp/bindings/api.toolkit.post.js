// The noise toolkit's JavaScript face (schema, Field); appended after api.core.post.js.
/* global Module, nfCheck, nfRejectUnknownKeys, nfNumberOption, nfNumber, nfTypeName, nfOwn, nfRaw */
(function () {
  'use strict';
  const check = nfCheck, rejectUnknownKeys = nfRejectUnknownKeys, numberOption = nfNumberOption, num = nfNumber;

  // Module.schema(): the parameter table (array of plain objects: key, short, type, default,
  // min/max/step or values, group, description, applies). applies is null when the parameter
  // always takes effect, else { types: [type names], requires: null or { key, min | equals |
  // notEquals: value }, text }: the parameter changes the field only for those types and when the
  // required parameter (itself applicable) meets the condition. Module.Field: a noise field built from a plain
  // config object; unknown keys, wrong types, non-finite or out-of-range values throw an Error
  // naming the key and the allowed range; missing keys take their defaults.
  let schemaCache = null;
  function toolkitSchema() {
    if (!schemaCache) schemaCache = Module['toolkitSchema']();
    return schemaCache;
  }
  Module['schema'] = function schema() {
    return toolkitSchema().map((p) => Object.assign({}, p, p.values ? { values: p.values.slice() } : {},
      p.applies ? { applies: { types: p.applies.types.slice(), requires: p.applies.requires ? Object.assign({}, p.applies.requires) : null,
        text: p.applies.text } } : {}));
  };
  Module['schemaMarkdown'] = function schemaMarkdown() {
    return Module['toolkitSchemaMarkdown']();
  };
  // Module.views(): [{ name, label, legend: [{ name, color: [r, g, b] }] }], the colours the
  // colour fill paints (the C++ tables), in the order fillColor knows the views.
  let viewsCache = null;
  Module['views'] = function views() {
    if (!viewsCache) viewsCache = Module['toolkitViews']();
    return viewsCache.map((v) => ({ name: v.name, label: v.label,
      legend: v.legend.map((l) => ({ name: l.name, color: l.color.slice() })) }));
  };
  // Module.capabilities(): { value: { dims3, tileable, analyticGradient, analyticWhenTiled }, gradient: .., ... },
  // the table validation uses (a period on a type that is not tileable is an error; dimensions = 3
  // on a type without dims3 is accepted and ignores z).
  Module['capabilities'] = function capabilities() {
    return Module['toolkitCapabilities']();
  };
  // Module.heightmapFormats(): { maxSide, formats: [{ name, extension }] }, what field.heightmap takes.
  Module['heightmapFormats'] = function heightmapFormats() {
    return Module['toolkitHeightmapFormats']();
  };

  function applyConfig(raw, config) {
    if (config === undefined) return;
    if (config === null || typeof config !== 'object' || Array.isArray(config)) {
      throw new Error('field config must be a plain object');
    }
    const byKey = new Map(toolkitSchema().map((p) => [p.key, p]));
    for (const key of Object.keys(config)) {
      const spec = byKey.get(key);
      const v = config[key];
      if (!spec) throw new Error('unknown parameter "' + key + '" (allowed: ' + Array.from(byKey.keys()).join(', ') + ')');
      let err;
      if (spec.type === 'enum') {
        if (typeof v !== 'string') throw new Error(key + ' must be one of ' + spec.values.join(', ') + ' (got ' + nfTypeName(v) + ')');
        err = raw.setEnum(key, v);
      } else if (spec.type === 'bool') {
        if (typeof v !== 'boolean') throw new Error(key + ' must be a boolean (got ' + nfTypeName(v) + ')');
        err = raw.set(key, v ? 1 : 0);
      } else {
        if (typeof v !== 'number') {
          throw new Error(key + ' must be a number in [' + spec.min + ', ' + spec.max + '] (got ' + nfTypeName(v) + ')');
        }
        err = raw.set(key, v);
      }
      if (err) throw new Error(err);
    }
  }

  const FIELD_GRID_OPTIONS = ['width', 'height', 'x', 'y', 'step', 'stepY', 'offsetX', 'offsetY'];
  function gridArgs(opts, extra) {
    opts = opts === undefined ? {} : opts;
    rejectUnknownKeys('fill', opts, FIELD_GRID_OPTIONS.concat(extra || []));
    const step = numberOption(opts, 'step', 1);
    return [numberOption(opts, 'width', NaN), numberOption(opts, 'height', NaN),
      numberOption(opts, 'x', 0), numberOption(opts, 'y', 0), step, numberOption(opts, 'stepY', step),
      numberOption(opts, 'offsetX', 0), numberOption(opts, 'offsetY', 0)];
  }

  class Field {
    constructor(config) {
      this._raw = new nfRaw['RawField']();
      try {
        applyConfig(this._raw, config);
        const err = this._raw.compile();
        if (err) throw new Error(err);
      } catch (e) {
        this._raw.delete();
        this._raw = null;
        throw e;
      }
    }
    // Field.fromQuery(query) throws on the first problem; with { lenient: true } it returns
    // { field, errors, badKeys }: bad values are skipped and their defaults kept.
    static fromQuery(query, opts) {
      if (typeof query !== 'string') throw new Error('query must be a string');
      const lenient = !!(opts && typeof opts === 'object' && nfOwn(opts, 'lenient'));
      const f = Object.create(Field.prototype);
      f._raw = new nfRaw['RawField']();
      const r = f._raw.fromQuery(query, lenient);
      if (r && typeof r.error === 'string') {
        f.delete();
        throw new Error(r.error);
      }
      return lenient ? { field: f, errors: r.errors, badKeys: r.badKeys } : f;
    }
    _live() {
      if (!this._raw) throw new Error('this Field was deleted');
      return this._raw;
    }
    config() { return this._live().config(); }
    toQuery() { return this._live().toQuery(); }
    // One value; slow next to fill() (a call across the JS/wasm boundary per sample).
    sample(x, y, z) {
      return z === undefined ? this._live().sample(num('x', x), num('y', y))
        : this._live().sample3(num('x', x), num('y', y), num('z', z));
    }
    moisture(x, y) { return this._live().moisture(num('x', x), num('y', y)); }
    gradient(x, y) { return this._live().sampleGrad(num('x', x), num('y', y)); }
    // fill({ width, height, x, y, step, stepY?, offsetX?, offsetY? }) -> { view, min, max, mean,
    // width, height }; `view` is a zero-copy Float32Array valid until the next fill of any object.
    fill(grid) { return check(this._live().fill(...gridArgs(grid))); }
    // fillColor(view, grid) with view raw | land | bands | biomes | relief -> { pixels (Uint8Array,
    // RGBA, wrap with new Uint8ClampedArray(p.buffer, p.byteOffset, p.length) for ImageData), view,
    // min, max, mean, histogram (Uint32Array, a copy: grid.bins bins of the height over [0, 1],
    // bins 1..1024, default 32; 0 for none), bands ([water, sand, grass, rock] shares of the
    // samples, sum 1), biomes (biome view only: shares in the order of nf.views()'s biome legend,
    // water first), sampled (false when the fill only repainted samples the module kept from a
    // recent fill of this grid whose config differed at most in t1..t3, m1, m2) }. pixels and
    // view are zero-copy, valid until the next fill of any object.
    fillColor(view, grid) {
      grid = grid === undefined ? {} : grid;
      if (grid === null || typeof grid !== 'object') throw new Error('fill options must be an object');
      const ownBins = nfOwn(grid, 'bins');
      const bins = ownBins === undefined ? 32 : ownBins;
      if (!Number.isInteger(bins) || bins < 0 || bins > 1024) {
        throw new Error('bins must be an integer in [1, 1024] (or 0 for no histogram) (got ' +
          (typeof bins === 'number' ? bins : nfTypeName(bins)) + ')');
      }
      if (typeof view !== 'string') {
        throw new Error('view must be one of ' + Module['views']().map((v) => v.name).join(', ') + ' (got ' + nfTypeName(view) + ')');
      }
      const g = Object.assign({}, grid);
      delete g.bins;
      const r = check(this._live().fillColor(view, ...gridArgs(g), bins));
      if (r.histogram) r.histogram = r.histogram.slice();
      return r;
    }
    // fillMoisture(grid): fill()'s result for the moisture field (same noise settings, seed
    // moistureSeed, no terrain steps); `view` zero-copy like fill()'s.
    fillMoisture(grid) { return check(this._live().fillMoisture(...gridArgs(grid))); }
    // fillBiomes(grid) -> { ids (Uint8Array: the biome view's legend index of every sample, 0
    // water), view (the heights, as fill()), moisture (Float32Array, as fillMoisture()), legend
    // ([{ name, color }], nf.views()'s biome legend), min, max, mean, width, height }; ids, view
    // and moisture are zero-copy, valid until the next fill of any object.
    fillBiomes(grid) {
      const r = check(this._live().fillBiomes(...gridArgs(grid)));
      r.legend = Module['views']().find((v) => v.name === 'biomes').legend;
      return r;
    }
    // heightmap(format, grid) -> Uint8Array (its own copy): the file of a heightmap in format
    // png16 | r16 | f32 (nf.heightmapFormats()), sampled on the grid; sides up to
    // nf.heightmapFormats().maxSide, filled in strips in C++ (the encoder is the library's).
    heightmap(format, grid) {
      if (typeof format !== 'string') {
        throw new Error('format must be one of ' + Module['heightmapFormats']().formats.map((f) => f.name).join(', ') +
          ' (got ' + nfTypeName(format) + ')');
      }
      const raw = this._live();
      const r = check(raw.heightmap(format, ...gridArgs(grid)));
      const bytes = r.bytes.slice();
      raw.releaseHeightmap();
      return bytes;
    }
    // bandWidths(grid) -> { sand, grass, counts: [water, sand, grass, rock], analytic,
    // sandEstimate }: the median width of the sand (t1..t2) and grass (t2..t3) bands over the
    // grid's samples of that band, as (upper cut - lower cut) / |grad F| in sample units (tiles),
    // null when the grid has no such sample (Infinity where the field is flat). sandEstimate: the
    // sand width when at least 8 samples are sand, 0 when water meets land with (almost) no sand,
    // null when the grid shows no shore. At most 2^20 samples (one gradient each).
    bandWidths(grid) { return check(this._live().bandWidths(...gridArgs(grid))); }
    // sandWidth({ x, y, size }) -> bandWidths(...).sandEstimate over a size x size (default 64)
    // grid at one sample per tile centred on (x, y): the explorer's "sand band" number.
    sandWidth(opts) {
      opts = opts === undefined ? {} : opts;
      rejectUnknownKeys('sandWidth', opts, ['x', 'y', 'size']);
      const size = numberOption(opts, 'size', 64);
      return this.bandWidths({ width: size, height: size, x: Math.floor(numberOption(opts, 'x', 0)) - Math.floor(size / 2),
        y: Math.floor(numberOption(opts, 'y', 0)) - Math.floor(size / 2), step: 1 }).sandEstimate;
    }
    // profile({ x, y, step, width }): the 1-D slice F(x, y0) along a row.
    profile(opts) {
      opts = opts === undefined ? {} : opts;
      rejectUnknownKeys('profile', opts, ['x', 'y', 'step', 'width']);
      return this.fill({ width: numberOption(opts, 'width', NaN), height: 1, x: numberOption(opts, 'x', 0),
        y: numberOption(opts, 'y', 0), step: numberOption(opts, 'step', 1) });
    }
    delete() {
      if (this._raw) this._raw.delete();
      this._raw = null;
    }
  }
  Module['Field'] = Field;
})();
