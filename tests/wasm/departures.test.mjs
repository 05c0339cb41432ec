// The departures board's wandering picks (cpp/scene/departures.h, Module.wanderPicks; spec
// ruin-and-life.md 7.2 and 9, stream "wander" 4047): the world's own stream, the same in the full
// module and the 404 page's, in range, and world 404's are the stream constant's own draws.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';

const land = await (await import(join(repoRoot, 'web', 'noisefield-landscape.mjs'))).default({ wasmBinary: readFileSync(join(repoRoot, 'web', 'noisefield-landscape.wasm')) });
const full = await loadNoisefield();

test("world 404 picks from mulberry32(4047) itself: floor(r * pages) for the stream's first draws", () => {
  for (const pages of [1, 2, 3, 7, 500]) {
    const rng = new full.Mulberry32(4047);
    const want = [0, 1, 2, 3].map(() => Math.floor(rng.next() * pages));
    rng.delete();
    assert.deepEqual(full.wanderPicks(full.kDefaultWorldSeed, pages, 4), want, `${pages} pages`);
  }
});

test('other worlds pick otherwise, repeatably, in range, the same in both modules; no pages: -1', () => {
  const worlds = [0, 1, 405, full.seedFromText('alice'), full.kMaxWorldSeed];
  const seen = new Set();
  for (const w of worlds) {
    const picks = full.wanderPicks(w, 50, 6);
    assert.deepEqual(land.wanderPicks(w, 50, 6), picks, `world ${w}: the page's module agrees`);
    assert.deepEqual(full.wanderPicks(w, 50, 6), picks, 'the same again');
    assert.ok(picks.every((i) => Number.isInteger(i) && i >= 0 && i < 50), picks.join());
    seen.add(picks.join());
  }
  assert.equal(seen.size, worlds.length, 'each world its own picks');
  assert.deepEqual(land.wanderPicks(404, 0, 2), [-1, -1]);
  assert.deepEqual(land.wanderPicks(404, 10001, 1), [-1]);
});
