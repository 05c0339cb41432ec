// Heightmaps (field.heightmap: the C++ encoder of cpp/noise/heightmap.cpp through the bindings)
// read back with independent code: the PNG's chunks and CRCs checked here, its zlib stream
// inflated by node's zlib (which checks the Adler-32), its rows unfiltered by helpers/png.mjs; every 16-bit
// value is round(fill() * 65535) and every float fill()'s, also past fill()'s 4096² limit; tiles
// of a tiled field repeat byte for byte. And the biome ids and moisture fills against the module's
// per-sample values and the biome view's pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { loadNoisefield } from './helpers/load.mjs';
import { unfilter } from './helpers/png.mjs';

const nf = await loadNoisefield();

// CRC-32 bit by bit (no table): the check of every PNG chunk.
function crc32(bytes) {
  let c = 0xFFFFFFFF;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xEDB88320 & -(c & 1));
  }
  return (c ^ 0xFFFFFFFF) >>> 0;
}

function decodePng(buf) {
  const b = Buffer.from(buf);
  assert.deepEqual([...b.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'PNG signature');
  const chunks = [];
  for (let i = 8; i < b.length;) {
    const n = b.readUInt32BE(i), type = b.toString('latin1', i + 4, i + 8);
    assert.equal(b.readUInt32BE(i + 8 + n), crc32(b.subarray(i + 4, i + 8 + n)), `${type} CRC`);
    chunks.push({ type, data: b.subarray(i + 8, i + 8 + n) });
    i += 12 + n;
  }
  assert.equal(chunks[0].type, 'IHDR');
  assert.equal(chunks.at(-1).type, 'IEND');
  const h = chunks[0].data;
  const width = h.readUInt32BE(0), height = h.readUInt32BE(4);
  const [depth, colour, compression, filter, interlace] = h.subarray(8, 13);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const rows = unfilter(raw, width, height, 2);   // 16-bit grey: 2 bytes per pixel, big-endian
  const values = new Uint16Array(width * height);
  for (let i = 0; i < values.length; i++) values[i] = (rows[2 * i] << 8) | rows[2 * i + 1];
  return { width, height, depth, colour, compression, filter, interlace, values };
}

const to16 = (h) => (!(h > 0) ? 0 : h >= 1 ? 65535 : Math.floor(h * 65535 + 0.5));

test('16-bit greyscale PNG: size, bit depth and every value round(fill() * 65535)', () => {
  for (const [query, grid] of [
    ['t=simplex&sc=24&o=5&is=1&ir=200', { width: 300, height: 200, x: -150.5, y: -70, step: 0.75 }],
    ['sc=16&o=4', { width: 257, height: 129, x: 3, y: 9, step: 1 / 3 }],
  ]) {
    const field = nf.Field.fromQuery(query);
    const png = decodePng(field.heightmap('png16', grid));
    assert.deepEqual([png.width, png.height, png.depth, png.colour, png.compression, png.filter, png.interlace],
      [grid.width, grid.height, 16, 0, 0, 0, 0], `${query}: ${grid.width} x ${grid.height}, 16-bit grey`);
    const f = field.fill(grid).view;
    let bad = 0;
    for (let i = 0; i < f.length; i++) if (png.values[i] !== to16(f[i])) bad++;
    assert.equal(bad, 0, `${query}: every PNG sample is round(fill() * 65535)`);
    assert.ok(new Set(png.values).size > 1000, 'a real heightmap, not a flat one');
    field.delete();
  }
});

test('raw .r16 (little-endian) and .f32 are fill()\'s values, also at 8192 wide and past fill()\'s limit', () => {
  const field = nf.Field.fromQuery('sc=16');
  const grid = { width: 193, height: 77, x: -20, y: 5.5, step: 0.5 };
  const f = field.fill(grid).view.slice();
  const r16 = field.heightmap('r16', grid);
  assert.equal(r16.length, grid.width * grid.height * 2);
  const v16 = new DataView(r16.buffer, r16.byteOffset, r16.length);
  for (let i = 0; i < f.length; i++) assert.equal(v16.getUint16(2 * i, true), to16(f[i]));
  const f32 = field.heightmap('f32', grid);
  assert.deepEqual(new Float32Array(f32.buffer, f32.byteOffset, f.length), f, '.f32 is fill() bit for bit');
  // 8192 x 2100 samples (more than fill()'s 4096² in one call), checked against fill() in strips.
  const big = { width: 8192, height: 2100, x: -4096, y: -1000, step: 1 };
  const bytes = field.heightmap('r16', big);
  assert.equal(bytes.length, 8192 * 2100 * 2);
  const bv = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  let bad = 0;
  for (let y0 = 0; y0 < big.height; y0 += 700) {
    const part = field.fill({ ...big, height: 700, offsetY: y0 }).view;
    for (let i = 0; i < part.length; i++) if (bv.getUint16(2 * (y0 * big.width + i), true) !== to16(part[i])) bad++;
  }
  assert.equal(bad, 0, 'every value of the 8192-wide .r16 is fill()\'s');
  const png = decodePng(field.heightmap('png16', { width: 8192, height: 3, step: 0.25 }));
  assert.equal(png.width, 8192, 'the PNG takes the largest side');
  field.delete();
});

test('exported tiles of a tiled field repeat exactly', () => {
  const field = nf.Field.fromQuery('t=gradient&px=8&py=8&sc=32&o=4');   // a 256 x 256 tile
  const tile = (x, y, format = 'png16') => Buffer.from(field.heightmap(format, { width: 512, height: 512, x, y, step: 0.5 }));
  const first = tile(0, 0);
  assert.ok(tile(256, 0).equals(first) && tile(-512, 768).equals(first), 'the PNG of a tile is the same file one or more periods away');
  assert.ok(tile(256, -256, 'f32').equals(tile(0, 0, 'f32')), 'the floats of the tile repeat bit for bit');
  // Two periods side by side: the right half is the left one (the tile continues across its edge).
  const two = field.heightmap('f32', { width: 1024, height: 4, x: 0, y: 17, step: 0.5 });
  const v = new Float32Array(two.buffer, two.byteOffset, 1024 * 4);
  for (let r = 0; r < 4; r++) assert.deepEqual(v.subarray(r * 1024 + 512, r * 1024 + 1024), v.subarray(r * 1024, r * 1024 + 512));
  field.delete();
});

test('heightmap errors name the parameter and its range', () => {
  const field = new nf.Field({ scale: 16 });
  const { maxSide, formats } = nf.heightmapFormats();
  assert.equal(maxSide, 8192);
  assert.deepEqual(formats.map((f) => f.name), ['png16', 'r16', 'f32']);
  assert.throws(() => field.heightmap('png16', { width: maxSide + 1, height: 2 }), /width must be an integer in \[1, 8192\] \(got 8193\)/);
  assert.throws(() => field.heightmap('r16', { width: 4, height: 0 }), /height must be an integer in \[1, 8192\]/);
  assert.throws(() => field.heightmap('jpg', { width: 4, height: 4 }), /format must be one of png16, r16, f32 \(got "jpg"\)/);
  assert.throws(() => field.heightmap(7, { width: 4, height: 4 }), /format must be one of png16, r16, f32/);
  assert.throws(() => field.heightmap('f32', { width: 4, height: 4, step: NaN }), /step/);
  assert.throws(() => field.heightmap('f32', { width: 4, height: 4, colour: 1 }), /colour/);
  field.delete();
});

test('fillBiomes: the biome view\'s legend index of every sample, with fill()\'s heights and fillMoisture()\'s moisture', () => {
  const field = nf.Field.fromQuery('t=simplex&sc=24&o=5&is=1&ir=200&ms=99');
  const cfg = field.config();
  const grid = { width: 160, height: 120, x: -80, y: -60, step: 1.5 };
  const heights = field.fill(grid).view.slice();
  const moisture = field.fillMoisture(grid).view.slice();
  const pixels = field.fillColor('biomes', grid).pixels.slice();
  const r = field.fillBiomes(grid);
  assert.equal(r.ids.length, grid.width * grid.height);
  assert.deepEqual(r.view, heights, 'the heights are fill()\'s');
  assert.deepEqual(r.moisture, moisture, 'the moisture is fillMoisture()\'s');
  assert.deepEqual(r.legend, nf.views().find((v) => v.name === 'biomes').legend);
  const seen = new Set();
  for (let i = 0; i < r.ids.length; i++) {
    const c = r.legend[r.ids[i]].color;
    assert.deepEqual([pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2]], c, `sample ${i}: the id names the biome view's colour`);
    seen.add(r.ids[i]);
  }
  assert.ok(seen.size >= 4, `an island with several biomes (${[...seen]})`);
  // Per sample, from sample() and moisture(): water below t1, else 1 + 3 * height band + moisture band.
  for (let j = 0; j < grid.height; j += 7) {
    for (let i = 0; i < grid.width; i += 5) {
      const x = grid.x + i * grid.step, y = grid.y + j * grid.step, k = j * grid.width + i;
      const h = Math.fround(field.sample(x, y)), m = field.moisture(x, y);
      assert.equal(moisture[k], Math.fround(m));
      const hb = h < cfg.t2 ? 0 : h < cfg.t3 ? 1 : 2, mb = m < cfg.m1 ? 0 : m < cfg.m2 ? 1 : 2;
      assert.equal(r.ids[k], h < cfg.t1 ? 0 : 1 + 3 * hb + mb, `id at (${x}, ${y})`);
    }
  }
  field.delete();
});
