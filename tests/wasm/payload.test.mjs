// What the 404 page downloads (bench/payload.mjs's walk: index.html's references, then each script's
// imports and `new URL(..., import.meta.url)` files, so a file added to the page counts), gzip -9 per
// file as a server sends it: held under PAYLOAD_CEILING (bench/payload.mjs: where it stood before
// issue 22's size work) until the page meets PAYLOAD_GOAL (70 KB; `./noisefield bench payload` says whether it does).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAYLOAD_CEILING, PAYLOAD_GOAL, pageFiles, payload } from '../../bench/payload.mjs';
import { repoRoot } from './helpers/load.mjs';

test('the walk finds every part of the page: its script, style, worker and packed wasm', () => {
  const files = pageFiles();
  for (const f of ['index.html', 'web/min/404.js', 'web/min/404.css', 'web/min/landscape-worker.js',
    'web/min/noisefield-landscape.wasm.lzma']) assert.ok(files.includes(f), `${f} in ${files.join(', ')}`);
  assert.ok(!files.some((f) => f.endsWith('landscape-debug.js')), 'the tests\' instruments are not counted');
});

test(`the 404 page loads at most ${PAYLOAD_CEILING} bytes gzipped (goal: ${PAYLOAD_GOAL})`, () => {
  assert.ok(PAYLOAD_CEILING >= PAYLOAD_GOAL, 'the ceiling never sits below the goal');
  const p = payload();
  const rows = p.rows.map((r) => `${r.file} ${r.gz}`).join(', ');
  assert.ok(p.gz <= PAYLOAD_CEILING, `${p.gz} B gzipped > ${PAYLOAD_CEILING} (${rows})`);
  // Every file weighs something: a page whose wasm or script went missing cannot pass as small.
  for (const r of p.rows) assert.ok(r.gz > 100, `${r.file}: ${r.gz} B`);
  assert.ok(p.rows.find((r) => r.file.endsWith('.wasm.lzma')).raw > 40000, 'the packed wasm is the real module');
});

// The sizes the README states are today's (each within 1 % of the built files, gzip -9): the 404
// page's total, and the whole module's wasm, JS and sum.
test('the README\'s sizes are the built files\' (within 1 %)', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
  const near = (stated, actual, what) => assert.ok(Math.abs(stated - actual) <= 0.01 * actual,
    `README: ${what} ${stated} B, built ${actual} B: update the README`);
  const page = /The 404 page loads (\d+(?:\.\d+)?) KB gzipped/.exec(readme);
  assert.ok(page, 'the README states what the 404 page loads');
  near(Number(page[1]) * 1000, payload().gz, 'the 404 page');
  const whole = /about (\d+) KiB gzipped with the toolkit: (\d+) KiB of wasm .*?, (\d+) KiB of JS/.exec(readme);
  assert.ok(whole, 'the README states the whole module\'s size');
  const gz = (f) => gzipSync(readFileSync(join(repoRoot, 'web', f)), { level: 9 }).length;
  const [wasm, js] = [gz('noisefield.wasm'), gz('noisefield.mjs')];
  near(Number(whole[2]) * 1024, wasm, 'web/noisefield.wasm');
  near(Number(whole[3]) * 1024, js, 'web/noisefield.mjs');
  near(Number(whole[1]) * 1024, wasm + js, 'the whole module');
});
