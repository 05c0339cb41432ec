// The README's "Fields (the toolkit)" example, run as written with the module in scope: its grid is
// the explorer's default view (web/explorer-code.js viewGrid: x0 = x - res / (2 zoom)), so its
// heights and colours are the view's, not the quarter a grid from (0, 0) gave.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';
import { viewGrid } from '../../web/explorer-code.js';
import { PAGE_DEFAULTS } from '../../web/explorer-url.js';

const nf = await loadNoisefield();

test('the README\'s Field example fills the explorer\'s default view', async () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const code = readme.split('### Fields (the toolkit)')[1].match(/```js\n([\s\S]*?)```/)[1];
  assert.match(code, /field\.fill\(grid\)/);
  // Run it, then hand back what it made (its own field is deleted at its end: keep a copy first).
  const body = code.replace('field.delete();', 'const out = { grid, view: view.slice(), query: field.toQuery(), c: c.bands };\nfield.delete();\nreturn out;');
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const r = await new AsyncFunction('nf', body)(nf);
  const shown = viewGrid({ ...PAGE_DEFAULTS });
  assert.deepEqual({ ...r.grid, step: r.grid.step ?? 1 }, shown, 'the grid is the explorer\'s view at (0, 0), zoom 1, 512²');
  const f = nf.Field.fromQuery(r.query);
  assert.deepEqual(r.view, f.fill(shown).view, 'its heights are the view\'s');
  assert.equal(r.c.length, 4);
  f.delete();
});

// ---- the README's statements about seeds, each checked -------------------------------------------
// Each test quotes its statement and first finds it in the README (whitespace aside), so that the
// statement and its test change together.
const readmeText = readFileSync(join(repoRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
const says = (statement) => assert.ok(readmeText.includes(statement), `the README says: ${statement}`);
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
const POINTS = Array.from({ length: 64 }, (_, i) => [i * 7.31 - 200.5, i * -3.17 + 41.25]);

test('README: the scalar functions take any seed in [-2^31, 2^32) as ToUint32 does, -1 being 4294967295', () => {
  says('the scalar functions apply JS\'s ToUint32 to them (as `Math.imul` does), so any seed in [-2^31, 2^32) is accepted and `-1` is the same seed as `4294967295`');
  for (const [x, y] of POINTS.slice(0, 16)) {
    for (const [a, b] of [[-1, 4294967295], [-(2 ** 31), 2 ** 31], [-12345, 2 ** 32 - 12345]]) {
      assert.equal(nf.hash(Math.floor(x), Math.floor(y), a), nf.hash(Math.floor(x), Math.floor(y), b), `hash: ${a} is ${b}`);
      assert.equal(nf.valueNoise(x, y, a), nf.valueNoise(x, y, b), `valueNoise: ${a} is ${b}`);
      assert.equal(nf.fbm(x, y, a, 4), nf.fbm(x, y, b, 4), `fbm: ${a} is ${b}`);
    }
  }
  // The ends of the range are different seeds.
  assert.notEqual(nf.fbm(1.3, 2.7, -(2 ** 31)), nf.fbm(1.3, 2.7, 2 ** 32 - 1));
  assert.equal(nf.hash(0, 0, 0), 0);
  says('so `hash(0, 0, 0) === 0`');
});

test('README: nf.hash and nf.fbm repeat every 2^26 seeds (seed x 144269504 = 2^6 x 2254211), and not sooner', () => {
  says('`nf.hash` and `nf.fbm` keep the 404 page\'s seed × 144269504 (2^6 x 2254211), so they repeat every 2^26 seeds.');
  assert.equal(144269504, 2 ** 6 * 2254211);
  const r = rng(26);
  for (let k = 0; k < 8; k++) {
    const s = Math.floor(r() * (2 ** 32 - 2 ** 26));
    let sooner = 0;
    for (const [x, y] of POINTS) {
      const xi = Math.floor(x), yi = Math.floor(y);
      assert.equal(nf.hash(xi, yi, s), nf.hash(xi, yi, s + 2 ** 26), `hash: seed ${s}`);
      assert.equal(nf.fbm(x, y, s, 5), nf.fbm(x, y, s + 2 ** 26, 5), `fbm: seed ${s}`);
      if (nf.hash(xi, yi, s) === nf.hash(xi, yi, s + 2 ** 25)) sooner++;
    }
    // 2^25 x 144269504 = 2^31 x 2254211: not a multiple of 2^32, so half the period is another seed.
    assert.ok(sooner < 4, `hash: seeds ${s} and ${s} + 2^25 agree at ${sooner} of ${POINTS.length} points`);
  }
});

test('README: NoiseGrid.fill(\'fbm\') writes nf.fbm\'s values, rounded to float, for every seed of 0..4294967295', () => {
  says('`NoiseGrid.fill(\'fbm\')` runs it on the Field engine and writes `nf.fbm`\'s values (rounded to float) for every seed of 0..4294967295');
  const grid = new nf.NoiseGrid();
  const r = rng(5);
  // The ends, the seeds whose octave seeds (seed + 17 i) cross 2^26 and 2^32, and any others.
  const seeds = [0, 1, 2 ** 26 - 34, 2 ** 26 - 17, 2 ** 26 - 1, 2 ** 26, 2 ** 31, 2 ** 32 - 34, 2 ** 32 - 1];
  for (let k = 0; k < 12; k++) seeds.push(Math.floor(r() * 2 ** 32));
  for (const seed of seeds) {
    for (const octaves of [3, 7]) {
      const g = { width: 8, height: 4, x: -91.3, y: 17.7, step: 2.9, seed, octaves };
      const v = grid.fill('fbm', g).view;
      for (let j = 0; j < g.height; j++)
        for (let i = 0; i < g.width; i++)
          assert.equal(v[j * g.width + i], Math.fround(nf.fbm(g.x + i * g.step, g.y + j * g.step, seed, octaves)), `seed ${seed}, ${octaves} octaves`);
    }
  }
  grid.delete();
});

test('README: new nf.Field({ seed: 7 }) has the landscape fbm\'s configuration but not its field', () => {
  says('(the defaults: value noise, cubic fade, landscape hash, fbm, 3 octaves, lacunarity 2.03, gain 0.5, seedStep 17)');
  says('So `new nf.Field({ seed: 7 })` has the landscape fbm\'s configuration but not its field.');
  const f = new nf.Field({ seed: 7 });
  try {
    const c = f.config();
    assert.deepEqual([c.type, c.fade, c.hash, c.fractal, c.octaves, c.lacunarity, c.gain, c.seedStep, c.scale],
      ['value', 'cubic', 'landscape', 'fbm', 3, 2.03, 0.5, 17, 1]);
    let same = 0;
    for (const [x, y] of POINTS) same += f.sample(x, y) === nf.fbm(x, y, 7) ? 1 : 0;
    assert.ok(same <= 1, `Field seed 7 and nf.fbm seed 7 agree at ${same} of ${POINTS.length} points`);
  } finally {
    f.delete();
  }
});

// Pearson's r of two equal-length arrays.
function correlation(a, b) {
  const n = a.length;
  let ma = 0, mb = 0;
  for (let i = 0; i < n; i++) { ma += a[i]; mb += b[i]; }
  ma /= n; mb /= n;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i] - ma, db = b[i] - mb;
    sab += da * db; saa += da * da; sbb += db * db;
  }
  return sab / Math.sqrt(saa * sbb);
}

test('README: a Field\'s seeds that differ in any one of their 32 bits give unrelated fields for every type (under 3 % agree, no correlation beyond chance)', () => {
  says('so seeds that differ in any one of their 32 bits give unrelated fields for every type (tested: under 3 % of samples agree and no correlation beyond chance)');
  // 48 x 48 samples about 3.7 lattice cells apart (scale 1): far enough apart to be nearly
  // independent, so chance gives |r| about 1 / 48 (5 / 48 is beyond it); off the lattice points,
  // where gradient noise is 0.5 whatever the seed. By chance, unrelated 2-D simplex fields agree at
  // about 1.5 % of samples (its 8 gradients), the other types at well under 1 %.
  const grid = { width: 48, height: 48, x: -88.123, y: 40.377, step: 3.7071 };
  const n = grid.width * grid.height, limit = 5 / Math.sqrt(n);
  const r = rng(32);
  let worstSame = 0, worstR = 0;
  for (const type of Object.keys(nf.capabilities()))
    for (const hash of ['landscape', 'tutorial'])
      for (const fractal of ['none', 'fbm']) {
        const s = Math.floor(r() * 2 ** 32);
        const fill = (seed) => {
          const f = new nf.Field({ type, hash, fractal, seed });
          try { return f.fill(grid).view.slice(); } finally { f.delete(); }
        };
        const base = fill(s);
        for (let bit = 0; bit < 32; bit++) {
          const other = fill((s ^ 2 ** bit) >>> 0);
          let same = 0;
          for (let i = 0; i < n; i++) same += base[i] === other[i] ? 1 : 0;
          const rho = correlation(base, other);
          const what = `${type} ${hash} ${fractal}: seeds ${s} and ${s} ^ 2^${bit}`;
          assert.ok(same < 0.03 * n, `${what} agree at ${same} of ${n} samples`);
          assert.ok(Math.abs(rho) < limit, `${what}: r = ${rho.toFixed(3)}`);
          worstSame = Math.max(worstSame, same / n);
          worstR = Math.max(worstR, Math.abs(rho));
        }
      }
  console.log(`worst agreement ${(worstSame * 100).toFixed(2)} %, worst |r| ${worstR.toFixed(3)} (limit ${limit.toFixed(3)})`);
});
