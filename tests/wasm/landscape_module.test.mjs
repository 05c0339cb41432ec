// The 404 page's module (web/noisefield-landscape.{mjs,wasm}: plain exports, no Emscripten runtime,
// no printf/strtod) against the full module: the same scene face, the same pixels, the same
// parameter table and parsing, the same messages (numbers formatted by JavaScript there, by the C
// library here).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';
import { libmCalls } from '../../tools/own-math.mjs';

const wasmFile = join(repoRoot, 'web', 'noisefield-landscape.wasm');
const loadLandscape = async () => (await import(join(repoRoot, 'web', 'noisefield-landscape.mjs'))).default({ wasmBinary: readFileSync(wasmFile) });
const [full, land] = await Promise.all([loadNoisefield(), loadLandscape()]);

const message = (f) => { try { f(); } catch (e) { return e.message; } return null; };

test('its imports are the two number conversions and the runtime hooks the entry supplies, nothing else', () => {
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(wasmFile))).map((i) => `${i.module}.${i.name}`);
  // No printf (fd_write), no embind (_embind_*), nothing the entry does not give.
  const supplied = ['env.emscripten_notify_memory_growth', 'env.nf_decimal_value', 'env.nf_number_text',
    'wasi_snapshot_preview1.proc_exit', 'wasi_snapshot_preview1.clock_time_get'];
  for (const i of imports) assert.ok(supplied.includes(i), `unexpected import ${i}`);
  for (const i of supplied.slice(1, 3)) assert.ok(imports.includes(i), `missing import ${i}`);
});

test('its exports are what the face and the entry call: memory, _initialize and the scene\'s, renamed short', () => {
  const exports = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(wasmFile))).map((e) => e.name);
  assert.ok(exports.includes('memory') && exports.includes('_initialize'));
  // tools/landscape-module.mjs renames the nf_* exports in the wasm and in the face together, and
  // drops Emscripten's malloc, function table and stack helpers, which nothing outside calls.
  for (const name of exports) assert.ok(name === 'memory' || name === '_initialize' || /^[a-zA-Z]{1,2}$/.test(name), name);
  assert.ok(exports.length > 40, `${exports.length} exports`);
  const face = readFileSync(join(repoRoot, 'web', 'noisefield-landscape.mjs'), 'utf8');
  assert.ok(!/\bnf_(scene_|parse_param|scratch|error|param_text|param_count)/.test(face), 'the face calls the short names');
});

test('the parameter table, its parsing and the seed hash are the full module\'s', () => {
  // The rows' documentation (defaults in words, descriptions) is in the full module only: the
  // page shows none of it, so the 404 page's module does not carry the text.
  const docs = ['pageDefault', 'cliDefault', 'description'];
  const withoutDocs = (row) => Object.fromEntries(Object.entries(row).filter(([k]) => !docs.includes(k)));
  assert.deepEqual(land.worldParams(), full.worldParams().map(withoutDocs));
  for (const row of full.worldParams()) {
    for (const k of docs) assert.equal(typeof row[k], 'string', `${row.name}.${k}`);
    assert.ok(row.description.length > 10, row.name);
  }
  for (const row of land.worldParams()) for (const k of docs) assert.ok(!(k in row), `${row.name}.${k}`);
  assert.equal(land.worldParamsMarkdown, undefined);
  const bytes = readFileSync(wasmFile).toString('latin1');
  assert.ok(!bytes.includes('FNV-1a 32 over its UTF-8'), 'no description text in the landscape module');
  const inputs = {
    seed: ['404', 'hello', '4294967295', '4294967296', '0x10', ' 12', '-1', 'été', ''],
    day: ['0.5', '0.30000000000000004', '1e-3', '.5', '5.', '1.0000000000000002', '0.1e1', '2', 'x', '+0.25', '1e-400'],
    season: ['none', '40', '365', '366', '4.5'],
    px: ['1', '8', '9', '01'],
    theme: ['dark', 'light', 'blue'],
    motion: ['on', 'off', 'yes'],
  };
  for (const [name, values] of Object.entries(inputs)) {
    for (const v of values) assert.deepEqual(land.parseWorldParam(name, v), full.parseWorldParam(name, v), `${name}=${v}`);
  }
  for (const w of ['hello', 'été', '🌄', '']) assert.equal(land.seedFromText(w), full.seedFromText(w));
  for (const k of ['kDefaultWorldSeed', 'kMaxWorldSeed', 'kMaxBufferPixels', 'kDarkDayCap']) assert.equal(land[k], full[k], k);
});

test('a seed word with a NUL in it (a URL\'s %00) comes back whole, in both modules', () => {
  for (const nf of [land, full]) {
    for (const w of ['\u00003', 'a\u0000b', '\u0000']) {
      const r = nf.parseWorldParam('seed', w);
      assert.equal(r.word, w, JSON.stringify(w));
      assert.equal(r.value, nf.seedFromText(w));
      assert.match(message(() => nf.parseWorldParam('theme', w)) ?? nf.parseWorldParam('theme', w).error, /expected/);
    }
  }
});

test('messages name the parameter and format numbers as the C library does', () => {
  const values = [1.5, -0.5, 1e-7, -1e-5, 1e21, 1e15 + 0.5, 2 ** 53 + 2, 123.456, 0.1 + 0.2, 5e-324, 1.7976931348623157e308,
    NaN, Infinity, -Infinity, -0.001, 1 / 3, 9.95, 2.5e-5, 100.25];
  const a = new land.Landscape(), b = new full.Landscape();
  try {
    for (const v of values) {
      assert.equal(message(() => a.setDay(v)), message(() => b.setDay(v)), `setDay(${v})`);
      assert.equal(message(() => a.setClock(-Math.abs(v) || -1)), message(() => b.setClock(-Math.abs(v) || -1)), `setClock(${v})`);
      assert.equal(message(() => a.setViewport({ cssWidth: v, cssHeight: 10 })), message(() => b.setViewport({ cssWidth: v, cssHeight: 10 })));
      assert.equal(message(() => a.setViewport({ cssWidth: 10, cssHeight: 10, framing: { x: v, y: -v } })),
        message(() => b.setViewport({ cssWidth: 10, cssHeight: 10, framing: { x: v, y: -v } })));
    }
    for (const v of [-1, 366, 400.5, Infinity, -Infinity]) {
      assert.equal(message(() => a.setSeason(v)), message(() => b.setSeason(v)), `setSeason(${v})`);
      assert.equal(message(() => a.setPortalMode(v)), message(() => b.setPortalMode(v)), `setPortalMode(${v})`);
    }
    for (const f of ['nope', '', 'x'.repeat(300), 'cover\u0000']) {
      const m = message(() => a.setViewport({ cssWidth: 10, cssHeight: 10, framing: f }));
      assert.equal(m, message(() => b.setViewport({ cssWidth: 10, cssHeight: 10, framing: f })));
      assert.ok(m.endsWith('(got ' + f + ')'), m);  // the whole text, a NUL included
    }
    assert.deepEqual(land.parseWorldParam('nope', '1'), { error: 'unknown parameter nope' });
    assert.deepEqual(land.parseWorldParam('nope', '1'), full.parseWorldParam('nope', '1'));
    assert.equal(message(() => a.picture(1)), message(() => b.picture(1)));
    assert.match(message(() => a.setSeason(366)), /^season must be a day of the year in \[0, 365\] or null for no snow \(got 366\)$/);
    assert.match(message(() => a.setPortalMode(3)), /^portal mode must be idle, hot or enter \(or 0, 1, 2\) \(got 3\)$/);
    assert.match(message(() => a.setClock(-2.5)), /^clock must be a finite number >= 0 \(got -2\.5\)$/);
    assert.match(message(() => a.setDay(1e-7 - 1)), /^day must be a number in \[0, 1\] \(got -0\.9999999\)$/);
    assert.match(message(() => a.setViewport({ cssWidth: 10, cssHeight: 10, framing: 'nope' })), /framing must be one of cover, gate/);
    assert.match(message(() => a.pixels('sky')), /no pixels before setViewport/);
    assert.match(message(() => a.pixels('clouds')), /layer must be one of sky, land/);
  } finally {
    a.delete();
    b.delete();
  }
});

test('the same pixels in every layer and the same picture as the full module', () => {
  for (const [seed, view, day] of [[404, { cssWidth: 640, cssHeight: 400, pitch: 4 }, 0.6], [7, { cssWidth: 333, cssHeight: 517, pitch: 3, framing: 'gate' }, 0.2]]) {
    const a = new land.Landscape(seed), b = new full.Landscape(seed);
    try {
      for (const s of [a, b]) {
        s.setSeason(40);
        s.setDayAndDusk(day, 0.3);
        s.setClock(12.5);
        s.setViewport(view);
        s.advance(0.05);
      }
      assert.deepEqual(a.placement, b.placement);
      for (const layer of land.Landscape.LAYERS) assert.ok(Buffer.from(a.pixels(layer)).equals(Buffer.from(b.pixels(layer))), layer);
      const pa = a.picture(2, 'viewport'), pb = b.picture(2, 'viewport');
      assert.equal(pa.width, pb.width);
      assert.ok(Buffer.from(pa.pixels).equals(Buffer.from(pb.pixels)));
    } finally {
      a.delete();
      b.delete();
    }
  }
});

// The scene's own e^x, tanh, ln, x^y, sin and cos (cpp/scene/exp_math.h, trig_math.h): none of
// musl's (tools/landscape-module.mjs refuses a link that names one), so none of their tables.
test('libm\'s exp, pow, tanh, sin and cos are not in the module, nor their tables', () => {
  assert.deepEqual(libmCalls(join(repoRoot, 'build', 'wasm', 'noisefield-landscape.wasm.symbols')), []);
  // 2/pi's first bits as musl's table holds them (0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 24 to an int32).
  const twoOverPi = Buffer.from('83f9a200444e6e00fc291500d1572700', 'hex');
  assert.equal(readFileSync(wasmFile).indexOf(twoOverPi), -1);
  assert.ok(readFileSync(join(repoRoot, 'web', 'noisefield.wasm')).indexOf(twoOverPi) < 0, 'nor in the full module, whose scene is the same');
});

test('memory grows under a big viewport; views fetched again are valid, deleted scenes throw', () => {
  const before = land.HEAPU8.buffer.byteLength;
  const s = new land.Landscape();
  const old = (s.setViewport({ cssWidth: 200, cssHeight: 200, pitch: 4 }), s.pixels('sky'));
  s.setViewport({ cssWidth: 3840, cssHeight: 2160, pitch: 1 });
  assert.ok(land.HEAPU8.buffer.byteLength > before, 'memory grew');
  assert.equal(old.length, 0, 'a view from before the growth is detached');
  const sky = s.pixels('sky');
  assert.equal(sky.length, s.bufferWidth * s.bufferHeight * 4);
  assert.ok(sky.some((v) => v !== 0));
  const used = land.heapUsedBytes();
  s.delete();
  assert.ok(land.heapUsedBytes() < used);
  assert.throws(() => s.advance(0.1), /this Landscape was deleted/);
});
