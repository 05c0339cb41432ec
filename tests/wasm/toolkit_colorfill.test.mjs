// The colour fills of the wasm module (row fills, SIMD) against their per-sample definitions,
// computed here from sample(), moisture() and gradient(): every pixel of every view, for
// configurations with analytic gradients (value, gradient, simplex; fractals, warps, tiling,
// terrain, 3-D) and without (cellular, tiled simplex: central differences).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();
const legends = Object.fromEntries(nf.views().map((v) => [v.name, v.legend.map((l) => l.color)]));

const CONFIGS = [
  { scale: 16, octaves: 4 },
  { type: 'value', fractal: 'ridged', scale: 9.5, octaves: 3, fade: 'quintic' },
  { type: 'value', fractal: 'billow', scale: 7, octaves: 3, periodX: 4, periodY: 3, island: true, islandRadius: 40,
    redistribution: 1.7, terraces: 5, terraceSmooth: 0.4 },
  { type: 'value', fractal: 'none', scale: 5, hash: 'tutorial', fade: 'linear' },
  { type: 'value', dimensions: 3, z: 2.37, scale: 8, octaves: 4 },
  { type: 'gradient', scale: 9, octaves: 4 },
  { type: 'gradient', fractal: 'ridged', scale: 7, octaves: 3, periodX: 5, periodY: 4, island: true,
    islandShape: 'square', islandRadius: 30, redistribution: 0.8 },
  { type: 'simplex', scale: 10, octaves: 3 },
  { type: 'simplex', scale: 6, octaves: 3, periodX: 5, periodY: 4, island: true, islandRadius: 40, terraces: 5 },
  { type: 'cellular', scale: 6, octaves: 2 },
  { scale: 12, octaves: 3, warpLevels: 2, warp: 1.5 },
  { type: 'gradient', scale: 9, octaves: 3, warpLevels: 1, warp: 0.7, warpSeedY: 77, island: true, islandRadius: 40 },
  { type: 'cellular', scale: 8, octaves: 2, warpLevels: 1, warp: 0.5 },
];

// fillColor's documented pixel of one sample (field_views.cpp: tables from nf.views(), relief shading).
function referencePixel(f, scale, c, view, x, y) {
  const h = Math.fround(f.sample(x, y));
  const band = h < c.t1 ? 0 : h < c.t2 ? 1 : h < c.t3 ? 2 : 3;
  const flat = (rgb, shade = 1) => [...rgb.map((v) => {
    const s = v * shade;
    return s <= 0 ? 0 : s >= 255 ? 255 : Math.trunc(s + 0.5);
  }), 255];
  switch (view) {
    case 'raw': {
      const q = h <= 0 ? 0 : h >= 1 ? 255 : Math.trunc(h * 255 + 0.5);
      return [q, q, q, 255];
    }
    case 'land': return flat(legends.land[h < c.t1 ? 0 : 1]);
    case 'bands': return flat(legends.bands[band]);
    case 'biomes': {
      if (h < c.t1) return flat(legends.biomes[0]);
      const m = f.moisture(x, y);
      const hb = h < c.t2 ? 0 : h < c.t3 ? 1 : 2, mb = m < c.m1 ? 0 : m < c.m2 ? 1 : 2;
      return flat(legends.biomes[1 + hb * 3 + mb]);
    }
    case 'relief': {
      if (band === 0) return flat(legends.relief[0]);
      const g = f.gradient(x, y);
      const nx = -2 * g.dx * scale, ny = -2 * g.dy * scale;
      const dot = (nx * -0.5 + ny * -0.5 + 0.70710678118654752) / Math.sqrt(nx * nx + ny * ny + 1);
      return flat(legends.relief[band], 0.45 + 0.75 * (dot > 0 ? dot : 0));
    }
  }
  throw new Error(view);
}

test('fillColor pixels equal the per-sample definitions (every view, SIMD row fills)', () => {
  let checked = 0;
  for (const config of CONFIGS) {
    const f = new nf.Field(config);
    const c = f.config();
    const grid = { width: 23, height: 9, x: -31.3, y: 17.8, step: 0.61 };
    const heights = f.fill(grid).view.slice();
    for (const view of ['raw', 'land', 'bands', 'biomes', 'relief']) {
      const r = f.fillColor(view, { ...grid, bins: 0 });
      for (let j = 0; j < grid.height; j++) {
        for (let i = 0; i < grid.width; i++) {
          const k = j * grid.width + i;
          const want = referencePixel(f, c.scale, c, view, grid.x + i * grid.step, grid.y + j * grid.step);
          const got = Array.from(r.pixels.subarray(4 * k, 4 * k + 4));
          assert.deepEqual(got, want, `${JSON.stringify(config)} ${view} at ${i},${j}`);
          checked++;
        }
      }
      assert.deepEqual(r.view.slice(), heights, `${view}: the heights are fill()'s`);
    }
    f.delete();
  }
  assert.equal(checked, CONFIGS.length * 5 * 23 * 9);
});
