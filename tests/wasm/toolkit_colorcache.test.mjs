// fillColor through the module's colour-fill cache and shared buffers (toolkit_bindings.cpp), in
// the order the explorer calls it: a new Field per slider move, the five views of one field, a
// preview grid between full ones. Every result equals a fill that could not use the cache (a
// second module whose cache is emptied before each reference fill), pixels and numbers exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const live = await loadNoisefield();
const reference = await loadNoisefield();
const VIEWS = live.views().map((v) => v.name);

// The cache keeps a few recent grids: fills of other grids push every entry out.
function uncached(config, view, grid) {
  const f = new reference.Field(config);
  try {
    for (let k = 0; k < 4; k++) f.fillColor('relief', { width: 3 + k, height: 2, bins: 0 });
    for (let k = 0; k < 4; k++) f.fillColor('biomes', { width: 3 + k, height: 2, bins: 0 });
    return snapshot(f.fillColor(view, grid));
  } finally {
    f.delete();
  }
}

// A copy of what a result holds (pixels and view are zero-copy until the next fill).
const snapshot = (r) => ({
  pixels: Array.from(r.pixels), view: Array.from(r.view), min: r.min, max: r.max, mean: r.mean,
  histogram: r.histogram ? Array.from(r.histogram) : null, bands: r.bands, biomes: r.biomes ?? null,
});

test('colour fills through the cache equal uncached fills: threshold moves, field moves, previews, all views', () => {
  const full = { width: 48, height: 40, x: -20, y: 7, step: 0.8, bins: 16 };
  const preview = { width: 24, height: 20, x: -20, y: 7, step: 1.6, bins: 0 };
  for (const base of [{ scale: 16, octaves: 4 }, { type: 'simplex', scale: 9, warpLevels: 1, warp: 0.8, island: true },
    { type: 'cellular', scale: 7, octaves: 2 }]) {
    let config = { ...base };
    let field = new live.Field(config);
    const moves = [['t2', 0.5], ['m1', 0.4], ['gain', 0.55], ['t1', 0.3], ['t3', 0.75], ['m2', 0.6], ['gain', 0.45], ['m1', 0.42]];
    try {
      for (const [key, value] of moves) {
        config = { ...config, [key]: value };
        const next = new live.Field(config);   // the explorer's way: a new Field, the old one deleted
        field.delete();
        field = next;
        for (const grid of [preview, full]) {
          for (const view of VIEWS) {
            assert.deepEqual(snapshot(field.fillColor(view, grid)), uncached(config, view, grid), `${JSON.stringify(base)} ${key}=${value} ${view} ${grid.width}`);
          }
        }
      }
    } finally {
      field.delete();
    }
  }
});

test('the explorer\'s moves: thresholds repaint (sampled: false), field parameters and new grids sample', () => {
  const grid = { width: 64, height: 48, x: 5, y: -3, step: 1, bins: 0 };
  let config = { scale: 16, octaves: 4 };
  let field = new live.Field(config);
  const move = (key, value) => {
    config = { ...config, [key]: value };
    const next = new live.Field(config);
    field.delete();
    field = next;
  };
  try {
    const sampled = (view, g = grid) => field.fillColor(view, g).sampled;
    assert.equal(sampled('bands'), true, 'a first fill samples');
    assert.equal(sampled('raw'), false, 'another view of the same field reuses its heights');
    assert.equal(sampled('biomes'), true, 'the biome view samples the moisture once');
    assert.equal(sampled('biomes'), false);
    for (const [key, value] of [['t2', 0.5], ['t1', 0.3], ['m1', 0.41], ['m2', 0.6], ['t3', 0.8]]) {
      move(key, value);
      for (const view of ['raw', 'land', 'bands', 'biomes']) assert.equal(sampled(view), false, `${key} moved: ${view} repaints`);
    }
    assert.equal(sampled('relief'), true, 'relief samples its own heights and gradient');
    move('t2', 0.55);
    assert.equal(sampled('relief'), false, 'and repaints them after a threshold move');
    move('gain', 0.55);
    for (const view of ['bands', 'relief']) assert.equal(sampled(view), true, `gain moved: ${view} samples`);
    assert.equal(sampled('bands', { ...grid, x: 6 }), true, 'a panned grid samples');
  } finally {
    field.delete();
  }
});
