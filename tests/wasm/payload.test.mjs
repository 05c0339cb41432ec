// What the 404 page downloads (bench/payload.mjs's walk: index.html's references, then each script's
// imports and `new URL(..., import.meta.url)` files, so a file added to the page counts), gzip -9 per
// file as a server sends it: held under PAYLOAD_CEILING (bench/payload.mjs: where it stood before
// issue 22's size work) until the page meets PAYLOAD_GOAL (70 KB; `./noisefield bench payload` says whether it does).
import test from 'node:test';
import assert from 'node:assert/strict';
import { PAYLOAD_CEILING, PAYLOAD_GOAL, pageFiles, payload } from '../../bench/payload.mjs';

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
