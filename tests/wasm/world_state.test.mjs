// The world as one object (cpp/scene/world_state.h, Landscape.setWorld): keyed by the parameter
// table, checked once in C++ (all values before any is applied), applied by each row's effect, and
// read back (Landscape.world()) as a share link writes it. In both modules: the full one and the
// 404 page's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';
import { parseQuery } from '../../web/landscape-params.js';

// The link a world's pairs make (what the page's share link is to write from Landscape.world()).
const shareUrl = (base, world) => { const u = new URL(base); u.hash = ''; u.search = new URLSearchParams(world).toString(); return u.href; };

const loadLandscape = async () => (await import(join(repoRoot, 'web', 'noisefield-landscape.mjs')))
  .default({ wasmBinary: readFileSync(join(repoRoot, 'web', 'noisefield-landscape.wasm')) });
const modules = { full: await loadNoisefield(), page: await loadLandscape() };
const VIEW = { cssWidth: 640, cssHeight: 400, pitch: 4 };
const hashOf = (bytes) => { let h = 2166136261; for (let i = 0; i < bytes.length; i += 7) h = Math.imul(h ^ bytes[i], 16777619) >>> 0; return h; };
const picture = (s) => { s.renderAll(); return hashOf(s.picture(1, 'viewport').pixels); };
const message = (f) => { try { f(); } catch (e) { return e.message; } return null; };

for (const [name, M] of Object.entries(modules)) {
  test(`${name}: setWorld paints what the setters paint`, () => {
    const a = new M.Landscape(), b = new M.Landscape(405);
    try {
      a.setWorld({ seed: 405, day: 0.2, dusk: 0.6, season: 40, time: 7.5, at: 66274.7, path: '/some/page', life: false, theme: 'light' });
      a.setViewport(VIEW);
      b.setDayAndDusk(0.2, 0.6); b.setSeason(40); b.setPath('/some/page'); b.setLife(false); b.setClock(7.5); b.setWallClock(66274.7);
      b.setViewport(VIEW);
      assert.equal(picture(a), picture(b));
      assert.equal(a.wallClock, b.wallClock);
    } finally { a.delete(); b.delete(); }
  });

  test(`${name}: a dark theme caps the daylight in the scene, and light lifts the cap`, () => {
    const s = new M.Landscape();
    try {
      s.setWorld({ day: 0.9, theme: 'dark' });
      assert.equal(s.day, M.kDarkDayCap);
      s.setWorld({ theme: 'light' });
      assert.equal(s.day, 0.9, 'the day asked for, uncapped');
      s.setWorld({ theme: 'dark', day: 0.1 });
      assert.equal(s.day, 0.1, 'below the cap: as asked');
    } finally { s.delete(); }
  });

  test(`${name}: every value is checked before any is applied, and the message names it`, () => {
    const s = new M.Landscape();
    try {
      assert.equal(message(() => s.setWorld({ seed: 7, day: 2 })), 'day must be a number in [0, 1] (got 2)');
      assert.equal(s.worldSeed, M.kDefaultWorldSeed, 'the seed before the bad day was not applied');
      assert.match(message(() => s.setWorld({ px: 9 })), /^px must be an integer in \[1, 8\] \(got 9\)$/);
      assert.match(message(() => s.setWorld({ day: '0.5' })), /^day must be a number in \[0, 1\] \(got "0.5"\)$/);
      assert.match(message(() => s.setWorld({ life: 1 })), /^life must be on or off/);
      assert.match(message(() => s.setWorld({ width: 100 })), /^unknown world parameter width \(allowed: seed, day/, 'CLI-only rows are not a page\'s');
      assert.match(message(() => s.setWorld({ mist: 1 })), /^unknown world parameter mist/);
      assert.match(message(() => s.setWorld(null)), /^world must be an object/);
      assert.equal(message(() => s.setWorld({ day: null, seed: undefined })), null, 'null and undefined leave a value as it is');
    } finally { s.delete(); }
  });

  test(`${name}: world() is the scene's world as a link writes it, and the link rebuilds it`, () => {
    const s = new M.Landscape();
    try {
      s.setWorld({ seed: 'meadow', day: 0.1 + 0.2, dusk: 1 / 3, season: 'none', time: 1234.5678901234567 / 3, path: '/x', life: false, theme: 'dark', motion: false });
      s.setViewport({ cssWidth: 900, cssHeight: 500, pitch: 3 });
      const world = s.world();
      const rows = M.worldParams().filter((p) => p.url && p.effect !== 'page').map((p) => p.name);
      assert.deepEqual(world.map(([k]) => k), rows, 'every URL row that decides the picture, in the table\'s order (not motion)');
      const w = Object.fromEntries(world);
      assert.equal(w.seed, 'meadow', 'the word');
      assert.equal(w.season, 'none');
      assert.equal(w.life, 'off');
      assert.equal(w.px, '3', 'the scene\'s pitch');
      assert.equal(Number(w.t), s.clock);
      const link = new URL(shareUrl('http://x.test/a?b=1#h', world));
      assert.equal(link.pathname, '/a');
      assert.equal(link.hash, '');
      const back = parseQuery(M, link.search);
      assert.deepEqual(back.ignored, []);
      assert.equal(back.state.day, 0.1 + 0.2, 'doubles survive bit for bit');
      assert.equal(back.state.dusk, 1 / 3);
      assert.equal(back.state.t, s.clock);
      const t = new M.Landscape();
      try {
        t.setWorld(worldFromQuery(M, back.state));
        t.setViewport({ cssWidth: 900, cssHeight: 500, pitch: 3 });
        assert.equal(picture(t), picture(s), 'the link rebuilds the picture');
        assert.deepEqual(t.world(), world);
      } finally { t.delete(); }
    } finally { s.delete(); }
  });

  test(`${name}: the scene's facts come from C++`, () => {
    const L = M.Landscape;
    assert.equal(L.LAYER_DEPTHS.length, L.LAYERS.length);
    assert.deepEqual(Object.keys(L.PORTAL_MODES), ['idle', 'hot', 'enter']);
    assert.deepEqual(Object.keys(new L().placement), L.PLACEMENT);
    assert.equal(L.MAX_VIEWPORT_CSS, M.worldParams().find((p) => p.name === 'width').max);
    assert.ok(L.NIGHT_BELOW > 0 && L.NIGHT_BELOW < 1);
    for (const k of ['pointer', 'portal', 'water']) assert.ok(Number.isInteger(L.INPUT_LAYERS[k]) && L.INPUT_LAYERS[k] < L.LAYERS.length);
  });
}

// parseQuery's state (by URL name) -> a setWorld object (by URL name too: setWorld takes either).
function worldFromQuery(M, state) {
  const w = {};
  for (const p of M.worldParams()) {
    if (!p.url || !p.options) continue;
    const v = p.name === 'seed' ? state.seedWord ?? state.seed : state[p.name];
    if (v !== null && v !== undefined && p.effect !== 'view' && p.effect !== 'page') w[p.name] = v;
  }
  return w;
}
