// The exact landscape primitives through the wasm module: golden values, the JS reference,
// batch == one-by-one, tiles, properties and bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';
import * as ref from './helpers/reference.mjs';

const nf = await loadNoisefield();

// A seeded stream for test inputs, so a failure names a reproducible case.
const rand = ref.mulberry32(20261130);
const between = (lo, hi) => lo + (hi - lo) * rand();
const anySeed = () => Math.floor(rand() * 4294967296); // the full uint32 range

test('golden values of docs/scene.md, bit for bit', () => {
  assert.equal(nf.hash(0, 0, 0), 0);
  assert.equal(nf.hash(3, 4, 1), 0.2292547442484647);
  assert.equal(nf.hash(3, 4, 1) * 4294967296, 984641629);
  assert.equal(nf.hash(-7, 12, 404), 0.58844456425867975);
  assert.equal(nf.hash(-7, 12, 404) * 4294967296, 2527350159);
  assert.equal(nf.valueNoise(0.25, 0.75, 42), 0.32579064964193094);
  assert.equal(nf.fbm(1.3, 2.7, 211), 0.56386351984317051);
  assert.equal(nf.fbm(1.3, 2.7, 211, 3), 0.56386351984317051);
  assert.equal(nf.fbm(1.3, 2.7, 211, 4), 0.56134741338136451);
  assert.equal(nf.nebula(0.5, 0.5), 0.56115198519661935);
  const rng = new nf.Mulberry32(404);
  for (const v of [0.35325593198649585, 0.89716984261758626, 0.14653041982091963, 0.15189645905047655, 0.49218348157592118]) {
    assert.equal(rng.next(), v);
  }
  rng.delete();
});

test('the seeds\' worked examples through the exported fades', () => {
  const lerp = nf.lerp, s = nf.smoothstep;
  assert.equal(lerp(lerp(0.2, 0.8, 0.25), lerp(0.5, 0.1, 0.25), 0.5), 0.375);
  assert.ok(Math.abs(lerp(lerp(0.2, 0.8, s(0.25)), lerp(0.5, 0.1, s(0.25)), s(0.5)) - 0.365625) < 1e-15);
  assert.ok(Math.abs(lerp(lerp(0.2, 0.9, s(0.25)), lerp(0.6, 0.4, s(0.25)), s(0.75)) - 0.528) < 5e-4);
  const table = [[0, 0, 0], [0.1, 0.028, 0.009], [0.25, 0.156, 0.104], [0.5, 0.5, 0.5], [0.75, 0.844, 0.896], [0.9, 0.972, 0.991], [1, 1, 1]];
  for (const [t, st, qt] of table) {
    assert.ok(Math.abs(s(t) - st) < 5e-4, `s(${t})`);
    assert.ok(Math.abs(nf.quintic(t) - qt) < 5e-4, `q(${t})`);
  }
  assert.equal(nf.clamp01(5), 0.9999);
  assert.equal(nf.clamp01(-5), 0);
  assert.ok(nf.smooth(0, 1, 2) < 1);
});

test('wasm equals the JS reference bit for bit at random points, seeds and scales', () => {
  const scales = [1, 100, 1e4, 1e6];
  for (let k = 0; k < 4000; k++) {
    const scale = scales[k % scales.length];
    const x = between(-scale, scale), y = between(-scale, scale), seed = anySeed();
    assert.equal(nf.valueNoise(x, y, seed), ref.valueNoise(x, y, seed), `valueNoise(${x}, ${y}, ${seed})`);
    const oct = 1 + (k % 8);
    assert.equal(nf.fbm(x, y, seed, oct), ref.fbm(x, y, seed, oct), `fbm(${x}, ${y}, ${seed}, ${oct})`);
    const xi = Math.floor(x), yi = Math.floor(y);
    assert.equal(nf.hash(xi, yi, seed), ref.hash(xi, yi, seed), `hash(${xi}, ${yi}, ${seed})`);
    if (k % 4 === 0) assert.equal(nf.nebula(x, y), ref.nebula(x, y), `nebula(${x}, ${y})`);
  }
});

test('mulberry32 equals the reference across the uint32 seed range', () => {
  for (const seed of [0, 1, 404, 2147483647, 2147483648, 4294967295, anySeed(), anySeed()]) {
    const a = new nf.Mulberry32(seed), b = ref.mulberry32(seed);
    for (let i = 0; i < 1000; i++) assert.equal(a.next(), b(), `seed ${seed} draw ${i}`);
    a.delete();
  }
});

const KINDS = {
  value: (x, y, o) => nf.valueNoise(x, y, o.seed),
  fbm: (x, y, o) => nf.fbm(x, y, o.seed, o.octaves),
  nebula: (x, y) => nf.nebula(x, y),
};

test('fbm fills equal nf.fbm for seeds whose octave seeds cross 2^26 and at the top of the range', () => {
  const grid = new nf.NoiseGrid();
  for (let seed = 2 ** 26 - 40; seed <= 2 ** 26 + 2; seed++)
    for (const s of [seed, 4294967295 - (seed - 2 ** 26 + 40)]) {
      const r = grid.fill('fbm', { width: 9, height: 3, x: -31.7, y: 12.9, step: 3.7, seed: s, octaves: 5 });
      for (let j = 0; j < 3; j++)
        for (let i = 0; i < 9; i++)
          assert.equal(r.view[j * 9 + i], Math.fround(nf.fbm(-31.7 + i * 3.7, 12.9 + j * 3.7, s, 5)), `seed ${s}`);
    }
  grid.delete();
});

test('a fill equals the scalar function rounded to float, sample by sample', () => {
  const grid = new nf.NoiseGrid();
  for (const kind of Object.keys(KINDS)) {
    for (let round = 0; round < 3; round++) {
      const o = {
        width: 37 + round * 11, height: 23 + round * 5,
        x: between(-1e4, 1e4), y: between(-1e4, 1e4),
        step: between(0.001, 0.3), stepY: between(-0.3, 0.3),
        offsetX: Math.floor(between(-50, 50)), offsetY: Math.floor(between(-50, 50)),
        seed: anySeed(), octaves: 1 + round * 2,
      };
      const fillOpts = kind === 'nebula' ? { ...o, seed: undefined, octaves: undefined } : o;
      const r = grid.fill(kind, fillOpts);
      assert.equal(r.view.length, o.width * o.height);
      let min = Infinity, max = -Infinity, sum = 0;
      for (let j = 0; j < o.height; j++) {
        for (let i = 0; i < o.width; i++) {
          const x = o.x + (o.offsetX + i) * o.step, y = o.y + (o.offsetY + j) * o.stepY;
          const want = Math.fround(KINDS[kind](x, y, o));
          const got = r.view[j * o.width + i];
          assert.equal(got, want, `${kind} sample (${i}, ${j})`);
          min = Math.min(min, got); max = Math.max(max, got); sum += got;
        }
      }
      assert.equal(r.min, min);
      assert.equal(r.max, max);
      assert.ok(Math.abs(r.mean - sum / (o.width * o.height)) < 1e-12);
    }
  }
  grid.delete();
});

test('a tile at an offset equals that region of a larger fill, exactly', () => {
  const big = new nf.NoiseGrid(), tile = new nf.NoiseGrid();
  for (const kind of Object.keys(KINDS)) {
    const base = { x: -3.7, y: 12.25, step: 0.0137, seed: 99, octaves: 4 };
    const clean = (o) => (kind === 'nebula' ? { ...o, seed: undefined, octaves: undefined } : o);
    big.fill(kind, clean({ ...base, width: 96, height: 64 }));
    const t = tile.fill(kind, clean({ ...base, width: 20, height: 13, offsetX: 41, offsetY: 29 }));
    const whole = big.view();
    for (let j = 0; j < 13; j++) {
      for (let i = 0; i < 20; i++) assert.equal(t.view[j * 20 + i], whole[(29 + j) * 96 + 41 + i], `${kind} (${i}, ${j})`);
    }
  }
  big.delete();
  tile.delete();
});

test('properties: range [0, 1), determinism, seed sensitivity, continuity', () => {
  let differ = 0;
  for (let k = 0; k < 3000; k++) {
    const x = between(-1e5, 1e5), y = between(-1e5, 1e5), seed = anySeed();
    for (const v of [nf.valueNoise(x, y, seed), nf.fbm(x, y, seed, 4), nf.nebula(x * 1e-3, y * 1e-3), nf.hash(Math.floor(x), 3, seed)]) {
      assert.ok(v >= 0 && v < 1, `out of range: ${v}`);
    }
    assert.equal(nf.fbm(x, y, seed, 4), nf.fbm(x, y, seed, 4));
    if (nf.fbm(x, y, seed, 4) !== nf.fbm(x, y, (seed + 1) >>> 0, 4)) differ++;
    const xs = x * 1e-2;
    assert.ok(Math.abs(nf.valueNoise(xs + 1e-4, y, seed) - nf.valueNoise(xs, y, seed)) < 1e-3);
    assert.ok(Math.abs(nf.fbm(xs + 1e-4, y, seed, 4) - nf.fbm(xs, y, seed, 4)) < 1e-3);
    // The two warps multiply slopes, so nebula gets a 10x smaller step for the same bound.
    assert.ok(Math.abs(nf.nebula(xs + 1e-5, 0.3) - nf.nebula(xs, 0.3)) < 1e-3);
  }
  assert.ok(differ > 2990, `seeds differ at ${differ} of 3000 points`);
});

test('non-finite coordinates give the documented value, never NaN', () => {
  const documented = nf.limits().nonFiniteResult;
  for (const bad of [NaN, Infinity, -Infinity]) {
    assert.equal(nf.valueNoise(bad, 1, 2), documented);
    assert.equal(nf.fbm(1, bad, 2, 3), documented);
    assert.equal(nf.nebula(bad, bad), documented);
  }
});

test('bad fill input throws an Error naming the parameter and range; nothing leaks', () => {
  const grid = new nf.NoiseGrid();
  const ok = { width: 8, height: 8, step: 0.1, seed: 1, octaves: 3 };
  const cases = [
    [{ ...ok, width: 0 }, /width must be an integer in \[1, 16384\]/],
    [{ ...ok, width: -5 }, /width/],
    [{ ...ok, height: 2.5 }, /height must be an integer/],
    [{ ...ok, width: NaN }, /width/],
    [{ ...ok, width: '8' }, /width must be a number/],
    [{ ...ok, width: 16385 }, /width/],
    [{ ...ok, width: 16384, height: 16384 }, /16777216|samples/],
    [{ ...ok, x: Infinity }, /x must be a finite number/],
    [{ ...ok, y: NaN }, /y must be a finite number/],
    [{ ...ok, step: NaN }, /step must be a finite number/],
    [{ ...ok, octaves: 0 }, /octaves must be an integer in \[1, 16\]/],
    [{ ...ok, octaves: 17 }, /octaves must be an integer in \[1, 16\]/],
    [{ ...ok, octaves: 2.5 }, /octaves/],
    [{ ...ok, seed: 1.5 }, /seed must be an integer/],
    [{ ...ok, seed: 2 ** 32 }, /seed/],
    [{ ...ok, colour: 1 }, /unknown fill option "colour"/],
  ];
  for (const [opts, pattern] of cases) assert.throws(() => grid.fill('fbm', opts), pattern, JSON.stringify(opts));
  assert.throws(() => grid.fill('perlin', ok), /kind must be one of value, fbm, nebula/);
  assert.throws(() => nf.fbm(1, 2, 3, 0), /octaves must be an integer in \[1, 16\]/);

  grid.fill('fbm', ok);
  const before = nf.heapUsedBytes();
  for (let i = 0; i < 1000; i++) {
    const [opts, pattern] = cases[i % cases.length];
    assert.throws(() => grid.fill('fbm', opts), pattern);
  }
  assert.equal(nf.heapUsedBytes(), before, 'heap in use after 1000 bad calls');
  const r = grid.fill('fbm', ok);
  assert.equal(r.view.length, 64);
  assert.ok(r.min >= 0 && r.max < 1);
  grid.delete();
});

test('views: a fill hands out a fresh view; old views detach when memory grows', () => {
  const grid = new nf.NoiseGrid();
  const small = grid.fill('value', { width: 4, height: 4 }).view;
  assert.equal(small.length, 16);
  const other = new nf.NoiseGrid();
  other.fill('value', { width: 3000, height: 3000, step: 0.01 }); // 36 MB: forces growth
  assert.equal(small.length, 0, 'the old view is detached after growth');
  assert.equal(grid.view().length, 16, 'view() fetches a live view again');
  other.delete();
  grid.delete();
});

test('a field hashes its lattice with the finalised seed term, keyed by the hash multiplier, exact at lattice points', () => {
  // A one-octave value field at a lattice point returns that corner's hash unchanged.
  for (const [hash, multiplier] of [['tutorial', 1442695041], ['landscape', 144269504]])
    for (const seed of [0, 1, 2 ** 25, 2 ** 31, 4294967295]) {
      const f = new nf.Field({ type: 'value', fractal: 'none', hash, seed });
      const h = (Math.imul(3, 374761393) + Math.imul(4, 668265263) + ref.fieldSeedTerm(seed, multiplier)) >>> 0;
      assert.equal(f.sample(3, 4), ref.hashFinish(h) / 4294967296, `${hash} seed ${seed}`);
      f.delete();
    }
  // The landscape's hash keeps seed * 144269504.
  assert.equal(nf.hash(3, 4, 1), 0.2292547442484647);
  assert.equal(nf.hash(3, 4, 1), ref.hash(3, 4, 1));
});
