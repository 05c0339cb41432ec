// URL state of the 404 page (web/landscape-params.js) over the module's parameter table, in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as P from '../../web/landscape-params.js';
import { loadNoisefield } from '../wasm/helpers/load.mjs';

const { describeIgnored, dayFromClock, duskFromClock, seasonFromDate } = P;
const M = await loadNoisefield();
const seedFromText = (t) => P.seedFromText(M, t);
const parseSeed = (raw) => P.parseParam(M, 'seed', raw);
const parseQuery = (q) => P.parseQuery(M, q);
const shareUrl = P.shareUrl;

test('seedFromText is FNV-1a 32 over UTF-8', () => {
  assert.equal(seedFromText(''), 2166136261);
  assert.equal(seedFromText('a'), 0xe40c292c);
  assert.equal(seedFromText('hello world'), 0xd58b3fa7);
  assert.equal(seedFromText('é'), seedFromText('\u00e9'));
  assert.notEqual(seedFromText('é'), seedFromText('e\u0301'), 'no Unicode normalisation');
});

test('parseSeed: integers, words and typos', () => {
  assert.deepEqual(parseSeed('0'), { value: 0 });
  assert.deepEqual(parseSeed('4294967295'), { value: 4294967295 });
  for (const typo of ['+1', ' 7 ', '1e3', '.5', '0x10', '-0', '1.']) assert.ok(parseSeed(typo).error, typo);
  for (const word of ['1e400', '-0x10', '1_000', '12abc', 'Infinity', 'é'.repeat(64)]) assert.equal(parseSeed(word).word, word);
  assert.ok(parseSeed('é'.repeat(65)).error, 'at most 64 characters, not bytes');
  assert.ok(parseSeed('4294967296').error);
  assert.ok(parseSeed('-1').error);
  assert.ok(parseSeed('1.5').error);
  assert.ok(parseSeed('').error);
  assert.ok(parseSeed('x'.repeat(65)).error);
  assert.deepEqual(parseSeed('meadow'), { value: seedFromText('meadow'), word: 'meadow' });
});

test('parseQuery: good values, defaults and ignored values', () => {
  const good = parseQuery('?seed=7&day=0.25&dusk=0.5&season=40&t=12.5&px=2&theme=dark&motion=off&test');
  assert.deepEqual(good.state, { seed: 7, seedWord: null, day: 0.25, dusk: 0.5, season: 40, t: 12.5, at: null, path: null, life: null, px: 2, theme: 'dark', motion: 'off' });
  assert.deepEqual(P.mountOptions(M, good.state), { seed: 7, day: 0.25, dusk: 0.5, season: 40, time: 12.5, pitch: 2, theme: 'dark', motion: false });
  assert.deepEqual(good.ignored, []);
  assert.equal(good.test, true);
  const none = parseQuery('');
  assert.deepEqual(none.state, { seed: null, seedWord: null, day: null, dusk: null, season: null, t: null, at: null, path: null, life: null, px: null, theme: null, motion: null });
  // The ruin's clock, tablet and life (cpp/scene/ruin.h, hands.h, walker.h).
  assert.deepEqual(parseQuery('?at=66274.7&path=%2Fsome%2Fpage&life=off').state,
    { ...none.state, at: 66274.7, path: '/some/page', life: 'off' });
  assert.equal(parseQuery('?at=86401').ignored[0]?.name, 'at');
  assert.equal(parseQuery('?season=none').state.season, 'none');
  assert.equal(parseQuery('?season=0').state.season, 0);
  assert.equal(parseQuery('?season=365').state.season, 365);
  const bad = parseQuery('?day=1.01&dusk=-0.1&season=366&t=NaN&px=0&px=3.5&theme=Dark&motion=1');
  assert.equal(bad.ignored.map((i) => i.name).join(), 'day,dusk,season,t,px,theme,motion');
  assert.equal(describeIgnored(bad.ignored).split(';').length, 7);
  for (const s of ['-1', '4.5', 'winter', '', '1e2']) assert.equal(parseQuery(`?season=${s}`).ignored[0]?.name, 'season', s);
  assert.match(describeIgnored(parseQuery('?day=abc').ignored), /^ignored day=abc \(expected a number in \[0, 1\]\)$/);
  assert.ok(describeIgnored(parseQuery('?seed=' + '9'.repeat(40)).ignored).includes('…'));
});

// The world as the scene has it (Landscape.world(): the table's URL rows that decide the picture)
// -> the link. shareUrl names no parameter: it writes what the scene reports.
function sceneWorld(world, view = { cssWidth: 800, cssHeight: 500, pitch: 4 }) {
  const s = new M.Landscape();
  try {
    s.setWorld(world);
    s.setViewport(view);
    return s.world();
  } finally { s.delete(); }
}

test('shareUrl writes the scene\'s world: seed word, day, season and a frozen clock, exactly, in the table\'s order', () => {
  const u = new URL(shareUrl('http://x.test/a?b=1#h', sceneWorld({ seed: 'meadow', day: 0.123456, season: 40, time: 3.14159, theme: 'dark' })));
  assert.equal(u.searchParams.get('season'), '40');
  assert.equal(new URL(shareUrl('http://x.test/', sceneWorld({ seed: 5, day: 1, season: 'none', time: 0 }))).searchParams.get('season'), 'none');
  assert.equal(u.searchParams.has('dusk'), false, 'no dusk param when none was given');
  assert.equal(new URL(shareUrl('http://x.test/', sceneWorld({ seed: 5, day: 0.4, dusk: 0.712345, time: 0 }))).searchParams.get('dusk'), '0.712345');
  assert.equal(u.pathname, '/a');
  assert.equal(u.hash, '');
  assert.equal(u.searchParams.get('seed'), 'meadow');
  assert.equal(u.searchParams.get('day'), '0.123456', 'the day asked for: the theme caps it again');
  assert.equal(u.searchParams.get('t'), '3.14159');
  assert.equal(u.searchParams.get('theme'), 'dark');
  assert.equal(u.searchParams.get('px'), '4', 'the scene\'s pitch');
  assert.equal(u.searchParams.has('b'), false);
  assert.equal(u.searchParams.has('motion'), false, 'motion does not change a picture at rest');
  assert.deepEqual([...u.searchParams.keys()], P.urlParams(M).filter((n) => u.searchParams.has(n)), 'in the table\'s order');
  const round = parseQuery(u.search);
  assert.deepEqual(round.ignored, []);
  // Any double survives the link bit for bit (the C++ parser reads what String() wrote).
  const day = 0.1 + 0.2, clock = 1234.5678901234567 / 3, dusk = 1 / 3;
  const back = parseQuery(new URL(shareUrl('http://x.test/', sceneWorld({ seed: 1, day, dusk, time: clock, season: 3 }))).search).state;
  assert.equal(back.day, day);
  assert.equal(back.dusk, dusk);
  assert.equal(back.t, clock);
});

test('checkOption: mount() options by the table, with messages naming the option and its range', () => {
  assert.equal(P.checkOption(M, 'seed', 'meadow'), seedFromText('meadow'));
  assert.equal(P.checkOption(M, 'seed', 7), 7);
  assert.equal(P.checkOption(M, 'season', 'none'), 'none');
  assert.equal(P.checkOption(M, 'motion', false), false);
  assert.equal(P.checkOption(M, 'day', null), null);
  assert.throws(() => P.checkOption(M, 'day', 2), /^Error: day must be a number in \[0, 1\] \(got 2\)$/);
  assert.throws(() => P.checkOption(M, 'day', '0.5'), /day must be a number/);
  assert.throws(() => P.checkOption(M, 'seed', 1.5), /seed must be an integer in \[0, 4294967295\] or a word/);
  assert.throws(() => P.checkOption(M, 'season', 3.5), /season must be an integer day of the year in \[0, 365\] or none/);
  assert.throws(() => P.checkOption(M, 'pitch', 9), /pitch must be an integer in \[1, 8\]/);
  assert.throws(() => P.checkOption(M, 'theme', 'Dark'), /theme must be light, dark or auto/);
  assert.throws(() => P.checkOption(M, 'motion', 'off'), /motion must be on or off/);
});

test('the table: every URL parameter has a rule, the README lists it and the CLI takes the same names', () => {
  const t = P.paramTable(M);
  const url = t.filter((p) => p.url).map((p) => p.name);
  assert.deepEqual(url, ['seed', 'day', 'dusk', 'season', 't', 'at', 'path', 'life', 'px', 'theme', 'motion']);
  for (const p of t) assert.ok(p.allowed && p.description, p.name);
  const md = M.worldParamsMarkdown();
  for (const name of url) assert.ok(md.includes('| `' + name + '` |'), name);
});

test('duskFromClock: 1 at 18:30, a fainter glow at dawn, 0 by day and at night', () => {
  const at = (h, m = 0) => duskFromClock(new Date(2024, 5, 1, h, m));
  assert.equal(at(18, 30), 1);
  assert.ok(Math.abs(at(5, 45) - 0.6) < 1e-12);
  for (const h of [0, 3, 8, 12, 16, 21, 23]) assert.equal(at(h), 0, `${h}:00`);
  assert.ok(at(17, 30) > 0.2 && at(17, 30) < 1);
  assert.ok(at(19, 15) > 0.2 && at(19, 15) < 1);
});

test('seasonFromDate: the day of the year, 0 on 1 January', () => {
  assert.equal(seasonFromDate(new Date(2026, 0, 1, 23, 59)), 0);
  assert.equal(seasonFromDate(new Date(2026, 1, 10)), 40);
  assert.equal(seasonFromDate(new Date(2026, 10, 30, 12)), 333);
  assert.equal(seasonFromDate(new Date(2024, 11, 31)), 365, 'a leap year ends on day 365');
});

test('dayFromClock: 1 at midday, 0 at night, smooth between', () => {
  const at = (h, m = 0) => dayFromClock(new Date(2024, 5, 1, h, m));
  assert.equal(at(12), 1);
  assert.equal(at(0), 0);
  assert.equal(at(22), 0);
  assert.ok(at(6) > 0.2 && at(6) < 0.8);
  let prev = -1;
  for (let m = 4 * 60; m <= 12 * 60; m += 10) {
    const d = at(Math.floor(m / 60), m % 60);
    assert.ok(d >= prev);
    prev = d;
  }
});

test('dayFromClock and duskFromClock read the clock to the minute: the seconds change nothing, the next minute does', () => {
  for (const [h, m] of [[6, 10], [17, 40], [19, 10]]) {
    const at = (s) => [dayFromClock(new Date(2024, 5, 1, h, m, s)), duskFromClock(new Date(2024, 5, 1, h, m, s, 999))];
    assert.deepEqual(at(59), at(0), `${h}:${m}`);
    const next = [dayFromClock(new Date(2024, 5, 1, h, m + 1)), duskFromClock(new Date(2024, 5, 1, h, m + 1))];
    assert.notDeepEqual(next, at(0), `${h}:${m + 1} follows the clock`);
  }
});

test('mountOptions maps URL names to mount() option names, leaving defaults out', async () => {
  const mountOptions = (state) => P.mountOptions(M, state);
  assert.deepEqual(P.urlParams(M), ['seed', 'day', 'dusk', 'season', 't', 'at', 'path', 'life', 'px', 'theme', 'motion']);
  assert.deepEqual(mountOptions(parseQuery('').state), {});
  assert.deepEqual(mountOptions(parseQuery('?seed=meadow&t=3&px=2&motion=off&season=none').state),
    { seed: 'meadow', time: 3, pitch: 2, motion: false, season: 'none' });
  assert.deepEqual(mountOptions(parseQuery('?seed=7&day=0&dusk=1&theme=dark&motion=on').state),
    { seed: 7, day: 0, dusk: 1, theme: 'dark', motion: true });
  assert.deepEqual(mountOptions(parseQuery('?at=3600&path=/x&life=off').state), { at: 3600, path: '/x', life: false });
});
