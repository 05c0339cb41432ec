// The hardening contract of the module's JS face (README "Errors" and "Determinism and coordinate
// range"): defined values for every coordinate, one type rule for every public function, own
// option properties only, no reachable raw bindings, exact mode numbers.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();

test('finite coordinates never give NaN, and a fill equals the scalar function there', () => {
  const zero = nf.limits().nonFiniteResult;
  assert.equal(nf.fbm(1e308, 0, 0), zero);
  assert.equal(nf.nebula(1e308, 0), zero);
  for (const q of [{}, { scale: 0.001 }, { octaves: 16, lacunarity: 8 }, { type: 'cellular' }, { type: 'simplex', dimensions: 3 }]) {
    const f = new nf.Field(q);
    for (const [x, y] of [[1e308, 0], [1e306, 0], [1e295, -1e308], [-1.7976931348623157e308, 5]]) {
      const s = f.sample(x, y);
      assert.ok(s >= 0 && s <= 1, `${JSON.stringify(q)} at ${x}, ${y}: ${s}`);
      const s3 = f.sample(x, y, 1e308);
      assert.ok(s3 >= 0 && s3 <= 1);
      const r = f.fill({ width: 2, height: 1, x, y, step: Math.abs(x) * 1e-3 });
      assert.equal(r.view[0], Math.fround(s), `${JSON.stringify(q)} fill at ${x}`);
      assert.ok(Number.isFinite(r.mean) && r.min <= r.max);
    }
    f.delete();
  }
  const grid = new nf.NoiseGrid();
  for (const kind of ['value', 'fbm', 'nebula']) {
    const r = grid.fill(kind, { width: 2, height: 1, x: 1e308, step: 0.1, seed: 3 });
    const scalar = kind === 'value' ? nf.valueNoise(1e308, 0, 3) : kind === 'fbm' ? nf.fbm(1e308, 0, 3) : nf.nebula(1e308, 0);
    assert.equal(r.view[0], Math.fround(scalar), kind);
    assert.ok(!Number.isNaN(r.mean));
  }
  grid.delete();
});

// The field fuzzer's find, in wasm's lanes: a cellular sample whose third octave overflows
// (|x| 2.03^2 > the largest double) is 0 for every distance, return mode and dimension, and a row
// whose columns straddle that edge equals its samples.
test('cellular noise at an overflowed octave is 0, in samples and in a fill across the edge', () => {
  const edge = Number.MAX_VALUE / (2.03 * 2.03);
  const zero = nf.limits().nonFiniteResult;
  for (const cellDistance of ['euclidean', 'manhattan', 'chebyshev'])
    for (const cellReturn of ['f1', 'f2', 'f2-f1', 'cell'])
      for (const dimensions of [2, 3]) {
        const q = { type: 'cellular', octaves: 3, cellDistance, cellReturn, dimensions };
        const f = new nf.Field(q);
        assert.equal(f.sample(-6878.5079999623003, -8.3977235549973462e307), zero, JSON.stringify(q));
        const r = f.fill({ width: 9, height: 2, x: edge * 0.99, y: 0.5, step: edge * 0.005 });
        let overflowed = 0;
        for (let j = 0; j < 2; j++)
          for (let i = 0; i < 9; i++) {
            const x = edge * 0.99 + i * edge * 0.005, s = f.sample(x, 0.5 + j * edge * 0.005);
            if (x > edge) { assert.equal(s, zero, `${JSON.stringify(q)} at ${x}`); overflowed++; }
            assert.equal(r.view[j * 9 + i], Math.fround(s), `${JSON.stringify(q)} fill at ${x}`);
          }
        assert.ok(overflowed > 0 && overflowed < 18);
        f.delete();
      }
});

test('every public function takes numbers only, with an Error naming the parameter', () => {
  const scene = new nf.Landscape(404);
  scene.setViewport({ cssWidth: 64, cssHeight: 48, pitch: 2 });
  const field = new nf.Field({});
  const grid = new nf.NoiseGrid();
  const calls = [
    [() => nf.hash('abc', 0.5, 7), /^x must be a number \(got string\)/],
    [() => nf.hash(1, 2, 10n), /^seed must be a number \(got bigint\)/],
    [() => nf.valueNoise(Symbol('s'), 0, 0), /^x must be a number \(got symbol\)/],
    [() => nf.fbm(0, '1', 0), /^y must be a number/],
    [() => nf.nebula(0, null), /^y must be a number \(got null\)/],
    [() => nf.clamp01('0.5'), /^t must be a number/],
    [() => nf.lerp(0, 1, [0.5]), /^t must be a number \(got array\)/],
    [() => new nf.Mulberry32('7'), /^seed must be a number/],
    [() => scene.setDay(''), /^day must be a number \(got string\)/],
    [() => scene.setDusk(true), /^dusk must be a number/],
    [() => scene.setWorldSeed(10n), /^seed must be a number \(got bigint\)/],
    [() => scene.setClock('3'), /^seconds must be a number/],
    [() => scene.setPointer(Symbol('x'), 0, true), /^x must be a number \(got symbol\)/],
    [() => scene.splash(0, {}), /^y must be a number \(got object\)/],
    [() => scene.advance('0.1'), /^dt must be a number/],
    [() => scene.setSeason(5n), /^season must be a day of the year/],
    [() => field.sample('1', 0), /^x must be a number/],
    [() => field.sample(0, 0, 1n), /^z must be a number/],
    [() => field.gradient(0, Symbol('y')), /^y must be a number/],
    [() => field.fillColor(Symbol('v'), { width: 2, height: 2 }), /^view must be one of raw/],
    [() => grid.fill('fbm', { width: 2n, height: 2 }), /^width must be a number \(got bigint\)/],
    [() => grid.fill(Symbol('k'), { width: 2, height: 2 }), /^kind must be one of value, fbm, nebula \(got symbol\)/],
  ];
  for (const [call, pattern] of calls) assert.throws(call, (e) => e.constructor === Error && pattern.test(e.message), String(call));
  assert.equal(scene.day, scene.day);  // still usable
  scene.delete();
  field.delete();
  grid.delete();
  for (const [obj, name, use] of [[new nf.NoiseGrid(), 'NoiseGrid', (o) => o.view()], [new nf.Field({}), 'Field', (o) => o.sample(0, 0)],
    [new nf.Landscape(1), 'Landscape', (o) => o.advance(0)], [new nf.Mulberry32(1), 'Mulberry32', (o) => o.next()]]) {
    obj.delete();
    assert.throws(() => use(obj), new RegExp(`^Error: this ${name} was deleted$`));
  }
});

test('setPortalMode takes idle, hot, enter or exactly 0, 1, 2', () => {
  const scene = new nf.Landscape(404);
  scene.setViewport({ cssWidth: 64, cssHeight: 48, pitch: 2 });
  for (const bad of [2 ** 32 + 1, 2 ** 53 + 2, -1, 3, 1.5, NaN, 'Hot', '__proto__', 'toString']) {
    assert.throws(() => scene.setPortalMode(bad), /^Error: portal mode must be idle, hot or enter/, String(bad));
  }
  for (const good of ['idle', 'hot', 'enter', 0, 1, 2]) scene.setPortalMode(good);
  scene.delete();
});

test('options are read from own properties only; inherited keys change nothing', () => {
  const grid = new nf.NoiseGrid();
  const opts = { width: 8, height: 4, step: 0.37 };
  const clean = Array.from(grid.fill('fbm', opts).view);
  const scene = new nf.Landscape(404);
  const keys = ['octaves', 'seed', 'pitch', 'bins', 'x', 'step', 'cssWidth', 'lenient'];
  try {
    for (const k of keys) Object.prototype[k] = k === 'octaves' ? 9 : k === 'lenient' ? true : 2;
    assert.deepEqual(Array.from(grid.fill('fbm', { width: 8, height: 4, step: 0.37 }).view), clean);
    scene.setViewport({ cssWidth: 320, cssHeight: 200 });
    assert.equal(scene.pitch, nf.Landscape.autoPitch(320), 'pitch: the own default, not the inherited 2');
    const field = new nf.Field({});
    const c = field.fillColor('raw', { width: 4, height: 4 });
    assert.equal(c.histogram.length, 32, 'bins: the default, not the inherited 2');
    assert.throws(() => nf.Field.fromQuery('o=99'), /octaves/, 'lenient is not inherited');
    field.delete();
  } finally {
    for (const k of keys) delete Object.prototype[k];
  }
  scene.delete();
  grid.delete();
});

test('the raw embind bindings are not reachable, and bad calls leak nothing', () => {
  for (const key of Object.keys(nf)) assert.doesNotMatch(key, /^[Rr]aw[A-Z]/);
  const field = new nf.Field({});
  const before = nf.heapUsedBytes();
  const throwing = { valueOf() { throw new Error('valueOf'); } };
  for (let i = 0; i < 500; i++) {
    assert.throws(() => new nf.Field({ scale: throwing }), /scale must be a number/);
    assert.throws(() => field.sample(throwing, 0), /x must be a number/);
    assert.throws(() => field.fillColor('raw', { width: 2, height: 2, x: throwing }), /x must be a number/);
  }
  assert.equal(nf.heapUsedBytes(), before);
  field.delete();
});
