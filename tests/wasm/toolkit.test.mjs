// The noise toolkit through the wasm module: schema, config errors, query round trip, bit-exact
// default and nebula configs, fills (batch == sample, tiles), colour views, profiles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();

test('schema is an array of plain objects', () => {
  const s = nf.schema();
  assert.ok(Array.isArray(s) && s.length > 30);
  const oct = s.find((p) => p.key === 'octaves');
  assert.deepEqual(oct, { key: 'octaves', short: 'o', type: 'int', group: 'fractal', description: oct.description,
    default: 3, min: 1, max: 16, step: 1, softMin: 1, softMax: 16,
    applies: { types: ['value', 'gradient', 'simplex', 'cellular', 'opensimplex2'], requires: { key: 'fractal', notEquals: 'none' }, text: 'Applies when `fractal` != none.' } });
  const type = s.find((p) => p.key === 'type');
  assert.deepEqual(type.values, ['value', 'gradient', 'simplex', 'cellular', 'opensimplex2']);
  assert.equal(type.default, 'value');
  assert.match(nf.schemaMarkdown(), /\| `octaves` \| `o` \| int \| 3 \| \[1, 16\] \|/);
});

test('bad configs throw Errors naming the key and range', () => {
  assert.throws(() => new nf.Field({ octaves: 0 }), { message: 'octaves must be an integer in [1, 16] (got 0)' });
  assert.throws(() => new nf.Field({ octaves: 2.5 }), /octaves must be an integer in \[1, 16\]/);
  assert.throws(() => new nf.Field({ gain: NaN }), /gain must be a finite number in \[0, 1\]/);
  assert.throws(() => new nf.Field({ octaves: '3' }), /octaves must be a number in \[1, 16\]/);
  assert.throws(() => new nf.Field({ type: 'perlin' }), /type must be one of value, gradient, simplex, cellular/);
  assert.throws(() => new nf.Field({ island: 1 }), /island must be a boolean/);
  assert.throws(() => new nf.Field({ frequency: 2 }), /unknown parameter "frequency"/);
  assert.throws(() => new nf.Field({ t1: 0.5, t2: 0.4 }), /t1 < t2 < t3/);
  assert.throws(() => new nf.Field(42), /plain object/);
});

test('the landscape functions are the default and nebula configs on the landscape seeds; a Field finalises its seeds', () => {
  // NoiseGrid runs the defaults (and the nebula's config) on the Field engine with seed * 144269504.
  const grid = new nf.NoiseGrid();
  const g = { width: 20, height: 10, x: -50, y: 3, step: 0.731, stepY: 0.377 };
  for (const seed of [211, 2 ** 26 - 5, 2 ** 31 + 7]) {
    const fbm = grid.fill('fbm', { ...g, seed }).view.slice();
    for (let j = 0; j < g.height; j++)
      for (let i = 0; i < g.width; i++)
        assert.equal(fbm[j * g.width + i], Math.fround(nf.fbm(g.x + i * g.step, g.y + j * g.stepY, seed)), `seed ${seed}`);
  }
  const neb = grid.fill('nebula', g).view.slice();
  assert.equal(neb[g.width + 3], Math.fround(nf.nebula(g.x + 3 * g.step, g.y + g.stepY)));
  assert.equal(nf.fbm(1.3, 2.7, 211), 0.56386351984317051);
  // The same configuration as a Field is another field.
  const f = new nf.Field({ seed: 211 });
  let same = 0;
  for (let i = 0; i < 200; i++) same += f.sample(i * 0.731 - 50, i * 0.377 + 3) === nf.fbm(i * 0.731 - 50, i * 0.377 + 3, 211);
  assert.ok(same < 4, `${same} of 200 samples equal nf.fbm`);
  f.delete();
  grid.delete();
});


test('config() is complete; toQuery / fromQuery round trip; lenient mode', () => {
  const f = new nf.Field({ type: 'cellular', cellReturn: 'f2-f1', lacunarity: 2.1, gain: 0.1 + 0.2, island: true });
  const c = f.config();
  assert.equal(c.octaves, 3);
  assert.equal(c.type, 'cellular');
  assert.equal(c.island, true);
  assert.equal(Object.keys(c).length, nf.schema().length);
  const q = f.toQuery();
  assert.equal(q, 't=cellular&l=2.1&g=0.30000000000000004&cr=f2-f1&is=1');
  const back = nf.Field.fromQuery(q);
  assert.deepEqual(back.config(), c);
  assert.deepEqual(new nf.Field(c).config(), c);
  assert.throws(() => nf.Field.fromQuery('o=99'), /octaves must be an integer in \[1, 16\]/);
  const { field, errors, badKeys } = nf.Field.fromQuery('?t=gradient&o=99&zz=1&sc=16', { lenient: true });
  assert.equal(errors.length, 2);
  assert.deepEqual(badKeys, ['octaves', 'zz']);
  assert.equal(field.config().type, 'gradient');
  assert.equal(field.config().octaves, 3);
  assert.equal(field.config().scale, 16);
  // A period on a type that cannot tile: the error and the bad key name the period given.
  const os = nf.Field.fromQuery('t=opensimplex2&py=4', { lenient: true });
  assert.deepEqual(os.badKeys, ['periodY']);
  assert.match(os.errors[0], /^periodY must be 0 for type opensimplex2 /);
  assert.equal(os.field.config().periodY, 0);
  assert.throws(() => nf.Field.fromQuery('t=opensimplex2&px=4'), /periodX must be 0 for type opensimplex2 \(/);
  for (const x of [f, back, field, os.field]) x.delete();
});

test('every type: fill == sample, offset tile == region, range in [0, 1]', () => {
  const configs = [{}, { type: 'gradient', fade: 'quintic' }, { type: 'simplex', dimensions: 3, z: 0.5 },
    { type: 'cellular', cellDistance: 'manhattan' }, { fractal: 'ridged', octaves: 5 },
    { type: 'value', periodX: 4, periodY: 4, scale: 8 }, { warpLevels: 1, island: true, islandRadius: 20, terraces: 5 },
    { type: 'simplex', periodX: 4, periodY: 3, octaves: 4 }, { type: 'simplex', periodX: 5, fractal: 'none' },
    { type: 'simplex', periodY: 6, dimensions: 3, z: 0.7, island: true, islandRadius: 20 }];
  for (const cfg of configs) {
    const f = new nf.Field(Object.assign({ scale: 8 }, cfg));
    const grid = { width: 40, height: 30, x: -3.5, y: 2.25, step: 0.75 };
    const r = f.fill(grid);
    assert.ok(r.view instanceof Float32Array && r.view.length === 1200);
    const all = Float32Array.from(r.view);
    assert.ok(r.min >= 0 && r.max <= 1 && r.min < r.max, JSON.stringify(cfg));
    for (let j = 0; j < 30; j += 7) {
      for (let i = 0; i < 40; i += 3) {
        assert.equal(all[j * 40 + i], Math.fround(f.sample(-3.5 + i * 0.75, 2.25 + j * 0.75)));
      }
    }
    const t = f.fill({ width: 9, height: 5, x: -3.5, y: 2.25, step: 0.75, offsetX: 17, offsetY: 20 });
    for (let j = 0; j < 5; j++) for (let i = 0; i < 9; i++) assert.equal(t.view[j * 9 + i], all[(j + 20) * 40 + i + 17]);
    const p = f.profile({ x: -3.5, y: 2.25 + 4 * 0.75, step: 0.75, width: 40 });
    for (let i = 0; i < 40; i++) assert.equal(p.view[i], all[4 * 40 + i]);
    f.delete();
  }
});

test('tileable fields: every type wraps with its period, bit for bit (simplex: 3-D / 4-D on a circle / torus)', () => {
  const configs = [];
  for (const type of ['value', 'gradient', 'simplex', 'cellular'])
    for (const fractal of ['none', 'fbm']) configs.push({ type, fractal, octaves: 4, periodX: 5, periodY: 3 });
  configs.push({ type: 'simplex', periodX: 6 }, { type: 'simplex', periodY: 2, fractal: 'billow' },
    { type: 'simplex', periodX: 4, periodY: 2, dimensions: 3, z: -2.5, octaves: 5 },
    { type: 'simplex', periodX: 4, periodY: 4, lacunarity: 2.6 });
  for (const cfg of configs) {
    const f = new nf.Field(Object.assign({ scale: 16, seed: 77 }, cfg));
    const px = (cfg.periodX ?? 0) * 16, py = (cfg.periodY ?? 0) * 16;
    // One period plus one sample: the last column (row) continues the first exactly.
    const w = px ? px + 1 : 17, h = py ? py + 1 : 13;
    const r = f.fill({ width: w, height: h, x: 0, y: 0, step: 1 });
    const all = Float32Array.from(r.view);
    assert.ok(r.min >= 0 && r.max <= 1, JSON.stringify(cfg));
    for (let j = 0; j < h && px; j++) assert.equal(all[j * w + w - 1], all[j * w], JSON.stringify(cfg));
    for (let i = 0; i < w && py; i++) assert.equal(all[(h - 1) * w + i], all[i], JSON.stringify(cfg));
    for (let k = 0; k < 200; k++) {
      const x = k * 0.375 - 40, y = k * 0.625 + 3;
      assert.equal(f.sample(x + px, y), f.sample(x, y), JSON.stringify(cfg));
      assert.equal(f.sample(x, y + py), f.sample(x, y), JSON.stringify(cfg));
      assert.equal(f.sample(x - 2 * px, y + 3 * py), f.sample(x, y), JSON.stringify(cfg));
    }
    // Continuity across the seam: neighbours of x = 0 and x = px differ by a small step only.
    for (let k = 0; k < 50 && px; k++) {
      const y = k * 0.91;
      assert.ok(Math.abs(f.sample(px - 1e-3, y) - f.sample(0, y)) < 1e-2, JSON.stringify(cfg));
    }
    f.delete();
  }
});

test('fillColor views write RGBA and a histogram; bad input throws', () => {
  const f = new nf.Field({ scale: 16, octaves: 5 });
  for (const view of ['raw', 'land', 'bands', 'biomes', 'relief']) {
    const r = f.fillColor(view, { width: 32, height: 16, step: 1, bins: 8 });
    assert.equal(r.pixels.length, 32 * 16 * 4);
    assert.equal(r.pixels[3], 255);
    assert.equal(r.histogram.reduce((a, b) => a + b, 0), 512);
    assert.ok(r.min < r.max);
  }
  assert.throws(() => f.fillColor('shaded', { width: 4, height: 4 }), /view must be one of raw, land/);
  assert.throws(() => f.fill({ width: 0, height: 4 }), /width must be an integer in \[1, 16384\] \(got 0\)/);
  assert.throws(() => f.fill({ width: 4, height: 4, depth: 1 }), /unknown fill option "depth"/);
  const g = f.gradient(10.5, 3.25);
  assert.equal(g.analytic, true);
  f.delete();
  assert.throws(() => f.sample(0, 0), /deleted/);
});

// ---- what the explorer reads (views, summaries, hints, capabilities, band widths) ---------------

test('views(): names, labels and legends from the C++ colour tables', () => {
  const v = nf.views();
  assert.deepEqual(v.map((x) => x.name), ['raw', 'land', 'bands', 'biomes', 'relief']);
  const byName = Object.fromEntries(v.map((x) => [x.name, x]));
  assert.equal(byName.bands.label, 'Four bands');
  assert.deepEqual(byName.bands.legend.map((l) => l.name), ['water', 'sand', 'grass', 'rock']);
  assert.deepEqual(byName.biomes.legend.map((l) => l.name), ['water', 'desert', 'grassland', 'swamp', 'scrub',
    'forest', 'rainforest', 'bare rock', 'tundra', 'snow']);
  for (const x of v) for (const l of x.legend) assert.ok(l.color.length === 3 && l.color.every((c) => Number.isInteger(c) && c >= 0 && c <= 255));
  const copy = nf.views();
  copy[2].legend[0].color[0] = 999;  // a copy
  assert.notEqual(nf.views()[2].legend[0].color[0], 999);
  // The legend is what the fill paints: every bands pixel is its band's legend colour.
  const f = new nf.Field({ scale: 12, octaves: 4 });
  const c = f.config();
  const r = f.fillColor('bands', { width: 40, height: 30, x: -7, y: 3, bins: 0 });
  const heights = Float32Array.from(r.view);
  for (let k = 0; k < 1200; k++) {
    const h = heights[k];
    const band = h < c.t1 ? 0 : h < c.t2 ? 1 : h < c.t3 ? 2 : 3;
    assert.deepEqual([r.pixels[4 * k], r.pixels[4 * k + 1], r.pixels[4 * k + 2]], byName.bands.legend[band].color);
  }
  f.delete();
});

test('fillColor: histogram Uint32Array (bins 1..1024), band shares, biome shares', () => {
  const f = new nf.Field({ scale: 10, octaves: 4 });
  const c = f.config();
  for (const bins of [1, 5, 128, 1024]) {
    const r = f.fillColor('raw', { width: 50, height: 20, x: 3.5, y: -2, step: 0.5, bins });
    assert.ok(r.histogram instanceof Uint32Array);
    assert.equal(r.histogram.length, bins);
    assert.equal(r.histogram.reduce((a, b) => a + b, 0), 1000);
    const want = new Uint32Array(bins);
    for (const v of r.view) want[Math.min(bins - 1, Math.max(0, Math.floor(v * bins)))]++;
    assert.deepEqual(r.histogram, want);
    const counts = [0, 0, 0, 0];
    for (const v of r.view) counts[v < c.t1 ? 0 : v < c.t2 ? 1 : v < c.t3 ? 2 : 3]++;
    assert.deepEqual(r.bands, counts.map((n) => n / 1000));
    assert.equal(r.biomes, undefined);
  }
  // The histogram is a copy: a later fill does not change it.
  const a = f.fillColor('raw', { width: 16, height: 16, bins: 8 });
  const keep = Array.from(a.histogram);
  f.fillColor('raw', { width: 16, height: 16, x: 1000, bins: 8 });
  assert.deepEqual(Array.from(a.histogram), keep);
  assert.equal(f.fillColor('raw', { width: 4, height: 4, bins: 0 }).histogram, undefined);
  assert.equal(f.fillColor('raw', { width: 4, height: 4 }).histogram.length, 32);
  for (const bins of [-1, 1025, 2.5, '8', NaN]) {
    assert.throws(() => f.fillColor('raw', { width: 4, height: 4, bins }), /bins must be an integer in \[1, 1024\]/);
  }
  // Biome shares, in the order of the biome legend; they match the pixels' colours.
  const legend = nf.views().find((v) => v.name === 'biomes').legend;
  const r = f.fillColor('biomes', { width: 48, height: 32, x: -20, y: 5, bins: 0 });
  assert.equal(r.biomes.length, 10);
  assert.ok(Math.abs(r.biomes.reduce((s, x) => s + x, 0) - 1) < 1e-12);
  const byColor = new Map(legend.map((l, i) => [l.color.join(','), i]));
  const counts = new Array(10).fill(0);
  for (let k = 0; k < 48 * 32; k++) counts[byColor.get(`${r.pixels[4 * k]},${r.pixels[4 * k + 1]},${r.pixels[4 * k + 2]}`)]++;
  assert.deepEqual(r.biomes, counts.map((n) => n / (48 * 32)));
  assert.ok(Math.abs(r.biomes[0] - r.bands[0]) < 1e-12);  // water is water in both
  f.delete();
});

test('schema: ordering links (below/above) and soft slider ranges', () => {
  const s = nf.schema();
  const by = Object.fromEntries(s.map((p) => [p.key, p]));
  assert.equal(by.t1.below, 't2');
  assert.equal(by.t2.below, 't3');
  assert.equal(by.t2.above, 't1');
  assert.equal(by.t3.above, 't2');
  assert.equal(by.m1.below, 'm2');
  assert.equal(by.m2.above, 'm1');
  assert.equal(by.t3.below, undefined);
  assert.deepEqual(s.filter((p) => p.below).map((p) => [p.key, p.below]), [['t1', 't2'], ['t2', 't3'], ['m1', 'm2']]);
  // validate() enforces exactly the links the schema states.
  for (const p of s.filter((x) => x.below)) {
    const hi = by[p.below].default;
    assert.throws(() => new nf.Field({ [p.key]: hi }), new RegExp(p.key + ' < '));
    new nf.Field({ [p.key]: hi - 0.01 }).delete();
  }
  assert.deepEqual([by.scale.min, by.scale.max, by.scale.softMin, by.scale.softMax], [1e-3, 1e6, 1, 256]);
  assert.match(by.scale.description, /8 to 32/);
  for (const k of ['z', 'periodX', 'periodY', 'islandX', 'islandY', 'islandRadius']) {
    assert.ok(by[k].softMax - by[k].softMin < by[k].max - by[k].min, k);
  }
  for (const p of s.filter((x) => x.type === 'int' || x.type === 'float')) {
    assert.ok(p.min <= p.softMin && p.softMin < p.softMax && p.softMax <= p.max, p.key);
    assert.ok(p.softMin <= p.default && p.default <= p.softMax, p.key);
  }
  new nf.Field({ scale: 1000 }).delete();  // beyond the soft range is valid
});

test('capabilities(): per type dims3 / tileable / analyticGradient, used by validation', () => {
  const caps = nf.capabilities();
  assert.deepEqual(Object.keys(caps), nf.schema().find((p) => p.key === 'type').values);
  assert.deepEqual(caps.cellular, { dims3: true, tileable: true, analyticGradient: false, analyticWhenTiled: false });
  assert.deepEqual(caps.simplex, { dims3: true, tileable: true, analyticGradient: true, analyticWhenTiled: false });
  assert.deepEqual(caps.value, { dims3: true, tileable: true, analyticGradient: true, analyticWhenTiled: true });
  for (const [type, c] of Object.entries(caps)) {
    if (c.tileable) {
      const t = new nf.Field({ type, periodX: 4 });
      assert.equal(t.gradient(3.3, 4.4).analytic, c.analyticGradient && c.analyticWhenTiled, `${type} tiled`);
      t.delete();
    } else {
      assert.throws(() => new nf.Field({ type, periodX: 4 }), /not tileable/);
    }
    const f = new nf.Field({ type, scale: 8 });
    assert.equal(f.gradient(3.3, 4.4).analytic, c.analyticGradient, type);
    f.delete();
    const a = new nf.Field({ type, scale: 8, dimensions: 3, z: 0.25 });
    const b = new nf.Field({ type, scale: 8, dimensions: 3, z: 1.5 });
    let differ = false;
    for (let k = 0; k < 20; k++) differ ||= a.sample(k * 1.7, k * 0.3) !== b.sample(k * 1.7, k * 0.3);
    assert.equal(differ, c.dims3, type);
    a.delete();
    b.delete();
  }
});

test('bandWidths / sandWidth: median sand width in tiles, computed in C++', () => {
  const f = new nf.Field({ scale: 16, octaves: 4 });
  const grid = { width: 64, height: 64, x: -32, y: -32 };
  const w = f.bandWidths(grid);
  assert.equal(w.analytic, true);
  assert.equal(w.counts.reduce((a, b) => a + b, 0), 64 * 64);
  assert.ok(w.sand > 1 && w.sand < 20, String(w.sand));
  assert.ok(w.grass > w.sand);  // t3 - t2 = 0.25 is wider than t2 - t1 = 0.1
  assert.equal(w.sandEstimate, w.sand);
  assert.equal(f.sandWidth({ x: 0, y: 0 }), w.sand);
  // Twice the scale on the same lattice points: twice the width.
  const f2 = new nf.Field({ scale: 32, octaves: 4 });
  const w2 = f2.bandWidths({ width: 64, height: 64, x: -64, y: -64, step: 2 });
  assert.ok(Math.abs(w2.sand - 2 * w.sand) < 1e-9 * w.sand);
  // One tile per lattice cell: the sand band is less than a tile wide (the explorer warns).
  const f1 = new nf.Field({ scale: 1 });
  assert.ok(f1.sandWidth({ x: 0, y: 0 }) < 1);
  // No sand at all but water and land: 0; a grid without a shore: null.
  const allWater = new nf.Field({ t1: 0.98, t2: 0.99, t3: 0.995 });
  assert.equal(allWater.bandWidths({ width: 8, height: 8 }).sand, null);
  assert.equal(allWater.sandWidth({ x: 0, y: 0, size: 8 }), null);
  assert.throws(() => f.bandWidths({ width: 2048, height: 1024 }), /at most 1048576 samples/);
  assert.throws(() => f.sandWidth({ x: 0, z: 1 }), /unknown sandWidth option "z"/);
  const warped = new nf.Field({ scale: 16, warpLevels: 1 });
  assert.equal(warped.bandWidths(grid).analytic, true, 'value noise: analytic through the warp');
  const cellular = new nf.Field({ type: 'cellular', scale: 16, warpLevels: 1 });
  assert.equal(cellular.bandWidths(grid).analytic, false, 'cellular: central differences');
  for (const x of [f, f2, f1, allWater, warped, cellular]) x.delete();
});

test('schemaMarkdown: soft ranges, ordering links and the capability table', () => {
  const md = nf.schemaMarkdown();
  assert.match(md, /Slider range \[1, 256\]\. \|/);
  assert.match(md, /Must stay below `t3`\. \|/);
  assert.match(md, /\| `cellular` \| yes \| yes \| no \|/);
});

test('README.md parameter table is the schema\'s generated table (./noisefield docs)', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { withTable } = await import('../../tools/docs.mjs');
  const { repoRoot } = await import('./helpers/load.mjs');
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  assert.equal(withTable(readme, nf.schemaMarkdown()), readme, 'run ./noisefield docs');
});

test('schema: applicability rules (applies: types, requires, text) from the C++ table', () => {
  const s = nf.schema();
  const by = Object.fromEntries(s.map((p) => [p.key, p]));
  const types = by.type.values;
  assert.deepEqual(by.fade.applies, { types: ['value', 'gradient'], requires: null, text: 'Applies to: value, gradient.' });
  for (const k of ['cellDistance', 'cellReturn', 'jitter']) assert.deepEqual(by[k].applies.types, ['cellular'], k);
  // No rule when every type has a 3-D variant.
  assert.deepEqual(by.dimensions.applies?.types ?? types, types.filter((t) => nf.capabilities()[t].dims3));
  assert.deepEqual(by.z.applies.requires, { key: 'dimensions', equals: 3 });
  for (const k of ['octaves', 'lacunarity', 'gain', 'seedStep']) assert.deepEqual(by[k].applies.requires, { key: 'fractal', notEquals: 'none' }, k);
  for (const k of ['warp', 'warpSeedX', 'warpSeedY']) assert.deepEqual(by[k].applies.requires, { key: 'warpLevels', min: 1 }, k);
  for (const k of ['warp2', 'warp2SeedX', 'warp2SeedY']) assert.deepEqual(by[k].applies.requires, { key: 'warpLevels', min: 2 }, k);
  for (const k of ['islandShape', 'islandX', 'islandY', 'islandRadius']) assert.deepEqual(by[k].applies.requires, { key: 'island', equals: true }, k);
  assert.deepEqual(by.terraceSmooth.applies.requires, { key: 'terraces', min: 1 });
  for (const k of ['type', 'seed', 'hash', 'scale', 'fractal', 'warpLevels', 't1', 'moistureSeed']) assert.equal(by[k].applies, null, k);
  for (const p of s) {
    if (!p.applies) continue;
    for (const t of p.applies.types) assert.ok(types.includes(t), `${p.key}: ${t}`);
    if (p.applies.requires) assert.ok(by[p.applies.requires.key], `${p.key} requires a parameter of the table`);
    assert.ok(nf.schemaMarkdown().includes(p.applies.text), `${p.key}: the README table states the rule`);
  }
  // A parameter outside its rule leaves the field unchanged (fade on cellular, jitter on value).
  const same = (a, b) => {
    const fa = new nf.Field(a), fb = new nf.Field(b);
    try { for (let k = 0; k < 20; k++) if (fa.sample(k * 1.7, k * 0.3) !== fb.sample(k * 1.7, k * 0.3)) return false; return true; }
    finally { fa.delete(); fb.delete(); }
  };
  assert.ok(same({ type: 'cellular', fade: 'linear' }, { type: 'cellular', fade: 'quintic' }));
  assert.ok(same({ type: 'value', jitter: 0.2 }, { type: 'value', jitter: 0.9 }));
  assert.ok(!same({ type: 'cellular', jitter: 0.2 }, { type: 'cellular', jitter: 0.9 }));
});
