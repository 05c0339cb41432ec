// noisefield-cli render is the page's twin: its flags, their parsing and messages come from the
// module's parameter table (cpp/scene/world_params.h), sizes are CSS px, and PNGs are deflated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';
import { decodePng } from './helpers/png.mjs';

const nf = await loadNoisefield();
const CLI = join(repoRoot, 'build', 'native', 'noisefield-cli');
const dir = mkdtempSync(join(tmpdir(), 'nf-cli-'));
const run = (...args) => spawnSync(CLI, args, { encoding: 'utf8' });
let n = 0;
function render(...args) {
  const out = join(dir, `r${n++}.png`);
  const r = run('render', ...args, '-o', out);
  assert.equal(r.status, 0, r.stderr);
  return { file: out, ...decodePng(readFileSync(out)) };
}

test('the CLI is built (./noisefield build)', () => assert.ok(existsSync(CLI), CLI));

test('--help exits 0 and lists every CLI flag of the table with its rule', () => {
  const r = run('render', '--help');
  assert.equal(r.status, 0);
  for (const p of nf.worldParams().filter((q) => q.cli)) {
    assert.ok(r.stdout.includes(`--${p.name}`), p.name);
    if (p.kind !== 'flag' && p.kind !== 'path') assert.ok(r.stdout.includes(p.allowed), p.allowed);
  }
  assert.equal(run('--help').status, 0);
});

test('bad flags and values exit 2 naming the flag, with the page\'s words', () => {
  const allowed = Object.fromEntries(nf.worldParams().map((p) => [p.name, p.allowed]));
  const cases = [
    [['--day', '2'], '--day 2', allowed.day], [['--day', 'abc'], '--day abc', allowed.day],
    [['--t', '-1'], '--t -1', allowed.t], [['--seed', '1.5'], '--seed 1.5', allowed.seed],
    [['--seed', '4294967296'], '--seed 4294967296', allowed.seed], [['--pitch', '9'], '--pitch 9', allowed.px],
    [['--season', '366'], '--season 366', allowed.season], [['--theme', 'Dark'], '--theme Dark', allowed.theme],
  ];
  for (const [args, flag, rule] of cases) {
    const r = run('render', ...args, '-o', join(dir, 'bad.png'));
    assert.equal(r.status, 2, args.join(' '));
    assert.ok(r.stderr.includes(`${flag}: expected ${rule}`), r.stderr);
    // The page's parser says the same of the same text.
    assert.equal(nf.parseWorldParam(nf.worldParams().find((p) => `--${p.name}` === args[0] || `--${p.option}` === args[0]).name, args[1]).error, `expected ${rule}`);
  }
  const unknown = run('render', '--bogus', '1', '-o', join(dir, 'bad.png'));
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown flag --bogus/);
  assert.equal(run('render').status, 2, '-o is required');
  assert.equal(existsSync(join(dir, 'bad.png')), false);
});

test('--seed takes words with the page\'s hash; --season none paints no snow', () => {
  const word = render('--seed', 'alice', '--width', '320', '--height', '200', '--t', '2');
  const num = render('--seed', String(nf.seedFromText('alice')), '--width', '320', '--height', '200', '--t', '2');
  const base = render('--width', '320', '--height', '200', '--t', '2');
  assert.deepEqual(word.data, num.data);
  assert.notDeepEqual(word.data, base.data);
  const none = render('--season', 'none', '--width', '320', '--height', '200', '--t', '2');
  const winter = render('--season', '40', '--width', '320', '--height', '200', '--t', '2');
  assert.deepEqual(none.data, base.data, 'the CLI default is no snow');
  assert.notDeepEqual(winter.data, none.data);
});

test('sizes are CSS px (times --zoom) and the PNGs are deflated', () => {
  const a = render('--width', '1200', '--height', '630');
  assert.equal(a.width, 1200);
  assert.equal(a.height, 630);
  assert.ok(statSync(a.file).size < 1200 * 630 * 4 / 10, `${statSync(a.file).size} bytes`);
  const z = render('--width', '300', '--height', '200', '--zoom', '2', '--px', '4');
  assert.equal(z.width, 600);
  assert.equal(z.height, 400);
  const one = render('--width', '300', '--height', '200', '--px', '4');
  // zoom 2 is each CSS pixel of zoom 1 as a 2 x 2 block.
  for (const [x, y] of [[0, 0], [13, 7], [299, 199], [150, 100]]) {
    const k1 = (y * 300 + x) * 4, k2 = (2 * y * 600 + 2 * x) * 4;
    assert.deepEqual([...one.data.subarray(k1, k1 + 4)], [...z.data.subarray(k2, k2 + 4)], `${x},${y}`);
  }
});

test('the crop is the page\'s 48 CSS px inset at every pitch', () => {
  for (const px of [3, 4, 5]) {
    const full = render('--width', '200', '--height', '120', '--px', String(px), '--full');
    const view = render('--width', '200', '--height', '120', '--px', String(px));
    // CSS pixel x of the viewport is buffer pixel floor((x + 48) / px).
    for (const [x, y] of [[0, 0], [1, 1], [2, 3], [199, 119], [57, 88]]) {
      const i = Math.floor((x + 48) / px), j = Math.floor((y + 48) / px);
      const kv = (y * 200 + x) * 4, kf = (j * full.width + i) * 4;
      assert.deepEqual([...view.data.subarray(kv, kv + 4)], [...full.data.subarray(kf, kf + 4)], `pitch ${px} at ${x},${y}`);
    }
  }
});

test('README.md\'s landscape parameter table is the generated one (./noisefield docs)', async () => {
  const { withTable, PARAMS_BEGIN, PARAMS_END } = await import('../../tools/docs.mjs');
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  assert.equal(withTable(readme, nf.worldParamsMarkdown(), PARAMS_BEGIN, PARAMS_END), readme, 'run ./noisefield docs');
  const cliMd = run('params-md');
  assert.equal(cliMd.stdout, nf.worldParamsMarkdown(), 'the CLI and the module print one table');
});

test('the CLI\'s PNG is the module\'s picture, byte for byte, for the original and other worlds', () => {
  for (const seed of ['404', 'alice', '7', 'bob', '68']) {
    const s = new nf.Landscape(nf.parseWorldParam('seed', seed).value);
    s.setDayAndDusk(0.7, 0);
    s.setSeason(30);
    s.setViewport({ cssWidth: 640, cssHeight: 400, pitch: 4 });
    s.setClock(7.5);
    s.renderAll();
    const w = s.picture(1, 'viewport');
    const c = render('--seed', seed, '--day', '0.7', '--season', '30', '--t', '7.5', '--px', '4', '--width', '640', '--height', '400');
    assert.equal(w.width, c.width);
    assert.equal(w.height, c.height);
    assert.ok(Buffer.from(w.pixels).equals(Buffer.from(c.data)), `world ${seed}: native and wasm agree`);
    const b = s.picture(2, 'buffer');
    assert.equal(b.width % 2, 0);
    assert.ok(b.width >= 2 * Math.ceil(640 / 4) && b.width <= 2 * (Math.ceil(640 / 4) + 1), `${b.width}`);
    s.delete();
  }
  const s = new nf.Landscape(404);
  assert.throws(() => s.picture(1), /no pixels before setViewport/);
  s.setViewport({ cssWidth: 100, cssHeight: 100, pitch: 4 });
  assert.throws(() => s.picture(0), /zoom must be an integer in \[1, 16\]/);
  assert.throws(() => s.picture(1, 'page'), /region must be buffer or viewport/);
  s.delete();
});
