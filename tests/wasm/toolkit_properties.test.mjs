// The issue-10 properties in the wasm build (SIMD paths included): continuity at lattice lines and
// simplex faces, cellular against a brute-force search rebuilt from the hash, a full seed space,
// exact periodicity of tiled fields under warps. tests/native/toolkit_properties_test.cpp holds
// the full versions (every type, metric, tiling); these check that wasm keeps them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';
import { mulberry32 as rng } from './helpers/reference.mjs';

const nf = await loadNoisefield();

test('no jump at lattice lines (cellular: every metric and mode) and 3-D simplex faces', () => {
  const r = rng(1);
  // Lipschitz bounds per lattice unit (native test): cellular < 2, simplex < 270.
  for (const cellDistance of ['euclidean', 'manhattan', 'chebyshev'])
    for (const cellReturn of ['f1', 'f2', 'f2-f1'])
      for (const dimensions of [2, 3]) {
        const f = new nf.Field({ type: 'cellular', fractal: 'none', cellDistance, cellReturn, dimensions });
        for (let k = 0; k < 1500; k++) {
          const x = Math.round(r() * 400 - 200), y = r() * 400 - 200, z = r() * 10;
          const a = dimensions === 3 ? f.sample(x - 1e-9, y, z) : f.sample(x - 1e-9, y);
          const b = dimensions === 3 ? f.sample(x + 1e-9, y, z) : f.sample(x + 1e-9, y);
          assert.ok(Math.abs(a - b) <= 2 * 2e-9 + 1e-12, `${cellDistance} ${cellReturn} ${dimensions}-D at x = ${x}, y = ${y}: ${a} vs ${b}`);
        }
        f.delete();
      }
  // 3-D simplex: points on skewed faces u = x + (x + y + z) / 3 integer, found by unskewing.
  const s = new nf.Field({ type: 'simplex', fractal: 'none', dimensions: 3 });
  for (let k = 0; k < 3000; k++) {
    const u = Math.round(r() * 200 - 100), v = r() * 200 - 100, w = r() * 200 - 100;
    const t = (u + v + w) / 6;
    const x = u - t, y = v - t, z = w - t;
    const jump = Math.abs(s.sample(x - 1e-9, y, z) - s.sample(x + 1e-9, y, z));
    assert.ok(jump <= 270 * 2e-9 + 1e-12, `simplex 3-D face at (${x}, ${y}, ${z}): ${jump}`);
  }
  assert.ok(Math.abs(s.sample(-134 - 1e-9, 0.5, 0) - s.sample(-134 + 1e-9, 0.5, 0)) < 1e-6);
  s.delete();
});

test('cellular equals a brute-force search over a 9 x 9 window of feature points', () => {
  const r = rng(2);
  // A Field's seed term (tk::seedTerm): murmur3's finaliser of seed ^ multiplier.
  const seedTerm = (seed) => {
    let h = (seed ^ 144269504) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
  const finish = (h) => {
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return (h ^ (h >>> 16)) >>> 0;
  };
  const norms = { euclidean: 1.5, manhattan: 1.85, chebyshev: 1.35 };
  for (const cellDistance of ['euclidean', 'manhattan', 'chebyshev']) {
    const fs = ['f1', 'f2'].map((cellReturn) => new nf.Field({ type: 'cellular', fractal: 'none', cellDistance, cellReturn, seed: 7 }));
    for (let k = 0; k < 40; k++) {
      // Samples near lattice lines (fill == sample, SIMD included, is the selfcheck's job).
      const y0 = Math.round(r() * 200 - 100) + (r() - 0.5) * 1e-6, x0 = r() * 200 - 100;
      for (let i = 0; i < 64; i += 7) {
        const x = x0 + i * 1.0000001, y = y0;
        const fx = Math.floor(x), fy = Math.floor(y);
        let f1 = Infinity, f2 = Infinity;
        for (let j = -4; j <= 4; j++)
          for (let ii = -4; ii <= 4; ii++) {
            const h = finish((Math.imul(fx + ii, 374761393) + Math.imul(fy + j, 668265263) + seedTerm(7)) >>> 0);
            const h2 = finish((h + 0x9e3779b9) >>> 0);
            const dx = ii + 0.5 + (h / 4294967296 - 0.5) - (x - fx), dy = j + 0.5 + (h2 / 4294967296 - 0.5) - (y - fy);
            const d = cellDistance === 'euclidean' ? Math.sqrt(dx * dx + dy * dy)
              : cellDistance === 'manhattan' ? Math.abs(dx) + Math.abs(dy) : Math.max(Math.abs(dx), Math.abs(dy));
            if (d < f1) { f2 = f1; f1 = d; } else if (d < f2) f2 = d;
          }
        const c = (v) => Math.min(1, Math.max(0, v / norms[cellDistance]));
        assert.ok(Math.abs(fs[0].sample(x, y) - c(f1)) < 1e-12, `${cellDistance} F1 at ${x}, ${y}`);
        assert.ok(Math.abs(fs[1].sample(x, y) - c(f2)) < 1e-12, `${cellDistance} F2 at ${x}, ${y}`);
      }
    }
    fs.forEach((f) => f.delete());
  }
});

test('seeds s, s + 2^26, s + 2^31 and s with any one bit flipped give different fields, for both hashes', () => {
  const r = rng(3);
  for (const type of Object.keys(nf.capabilities()))
    for (const hash of ['landscape', 'tutorial'])
      for (let k = 0; k < 3; k++) {
        const s = k === 0 ? 0 : Math.floor(r() * 2 ** 26);
        const seeds = [s, s + 2 ** 26, s + 2 ** 31, (s + 2 ** 31 + 2 ** 26) >>> 0];
        for (let bit = 0; bit < 32; bit++) seeds.push((s ^ (2 ** bit)) >>> 0);
        const views = seeds.map((seed) => {
          const f = new nf.Field({ type, hash, seed, fractal: 'none' });
          const v = Array.from(f.fill({ width: 16, height: 16, x: 8.3, y: -3.1, step: 1.41 }).view);
          f.delete();
          return v;
        });
        for (let a = 0; a < views.length; a++)
          for (let b = a + 1; b < (a < 4 ? views.length : 4); b++) {
            if (seeds[a] === seeds[b]) continue;  // s ^ 2^26 is s + 2^26 when bit 26 of s is clear
            const same = views[a].filter((v, i) => v === views[b][i]).length;
            // Chance: 2-D simplex's 8 gradients make unrelated fields agree at about 1.4 % of samples.
            assert.ok(same < 14, `${type} ${hash}: seeds ${seeds[a]} and ${seeds[b]} share ${same} of 256 samples`);
          }
      }
});

test('tiled fields repeat bit for bit, warped and with terrain', () => {
  const r = rng(4);
  for (const type of ['value', 'gradient', 'simplex', 'cellular'])
    for (const warpLevels of [0, 1, 2]) {
      const f = new nf.Field({ type, warpLevels, periodX: 4, periodY: 3, scale: 8, warp: 2, island: true, islandRadius: 9 });
      for (let k = 0; k < 200; k++) {
        const x = Math.round((r() - 0.5) * 2 ** 20) / 1024, y = Math.round((r() - 0.5) * 2 ** 20) / 1024;
        const kx = Math.floor(r() * 40) - 20, ky = Math.floor(r() * 40) - 20;
        assert.equal(f.sample(x + kx * 32, y + ky * 24), f.sample(x, y), `${type} wl=${warpLevels} at ${x}, ${y}`);
      }
      const a = f.fill({ width: 40, height: 8, x: 5.125, y: 1.5, step: 0.75 }).view.slice();
      const b = f.fill({ width: 40, height: 8, x: 5.125 + 32 * 7, y: 1.5 - 24 * 3, step: 0.75 }).view.slice();
      assert.deepEqual(b, a, `${type} wl=${warpLevels}: a fill a whole number of tiles away`);
      f.delete();
    }
});
