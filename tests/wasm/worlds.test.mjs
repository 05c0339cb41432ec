// Every world is the same place in every build (docs/scene.md, "World seeds"): the wasm module
// paints the same seven layers, byte for byte, as the native library, for the original world and
// for worlds whose composition (island, cypresses, sun, spurs, crags, trees, colours) is drawn from
// the seed. The native side is build/native/noisefield-sheet --hashes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';

const nf = await loadNoisefield();
const SHEET = join(repoRoot, 'build', 'native', 'noisefield-sheet');

function fnv1a64(bytes) {
  let h = 0xcbf29ce484222325n;
  for (const b of bytes) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

function wasmHashes(seed, { day, season }) {
  const s = new nf.Landscape(seed);
  try {
    s.setDay(day);
    if (season !== undefined) s.setSeason(season);
    s.setViewport({ cssWidth: 1280, cssHeight: 800 });
    s.setClock(2);
    s.renderAll();
    return [seed, ...nf.Landscape.LAYERS.map((l) => fnv1a64(s.pixels(l)))].join(' ');
  } finally {
    s.delete();
  }
}

test('the native sheet tool is built (./noisefield build)', () => assert.ok(existsSync(SHEET), SHEET));

const seeds = [404, 1, 2, 3, 4, 5, 6, 7, 8, 18, 22, 3000000000, nf.seedFromText('alice')];
for (const cfg of [{ day: 1 }, { day: 0.2, season: 30 }]) {
  test(`wasm and native paint the same worlds (day ${cfg.day}${cfg.season === undefined ? '' : `, season ${cfg.season}`})`, () => {
    const args = ['--hashes', '--seeds', seeds.join(','), '--day', String(cfg.day), '--t', '2', '--width', '1280', '--height', '800'];
    if (cfg.season !== undefined) args.push('--season', String(cfg.season));
    const r = spawnSync(SHEET, args, { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const native = r.stdout.trim().split('\n');
    assert.equal(native.length, seeds.length);
    seeds.forEach((seed, k) => assert.equal(wasmHashes(seed, cfg), native[k], `world ${seed}`));
  });
}
