// The explorer's URL handling (web/explorer-url.js and Field.fromQuery lenient): prototype names
// are unknown settings, and the note stays short whatever the URL holds.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';
import { MAX_NOTE_LINES, PAGE_DEFAULTS, noteLines, readFragment } from '../../web/explorer-url.js';

const nf = await loadNoisefield();
const views = nf.views().map((v) => v.name);

test('prototype names in the fragment are unknown settings, not page state', () => {
  for (const k of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
    const page = { ...PAGE_DEFAULTS };
    const problems = [];
    readFragment(`#${k}=1&view=land`, page, views, problems);
    assert.deepEqual(problems, [`unknown setting "${k}" ignored`]);
    assert.deepEqual(page, { ...PAGE_DEFAULTS, view: 'land' });
    assert.equal(Object.getPrototypeOf(page), Object.prototype);
  }
});

test('a huge value or thousands of keys give a short note', () => {
  const big = 'x'.repeat(100000);
  const page = { ...PAGE_DEFAULTS };
  const problems = [];
  const many = Array.from({ length: 5000 }, (_, i) => `k${i}=1`).join('&');
  readFragment(`#view=${big}&zoom=${big}&${many}&${big}=1`, page, views, problems);
  assert.equal(problems.length, 3);
  assert.match(problems[2], /^5001 unknown settings ignored \("k0", "k1", "k2", …\)$/);
  for (const p of problems) assert.ok(p.length < 200, p.slice(0, 80));
  assert.deepEqual(page, { ...PAGE_DEFAULTS });

  const r = nf.Field.fromQuery(`o=${big}&${big}=3&t=${'é'.repeat(5000)}&` + Array.from({ length: 5000 }, (_, i) => `u${i}=1`).join('&'), { lenient: true });
  assert.equal(r.errors.length, 5003);
  for (const e of r.errors) assert.ok(e.length < 200, e.slice(0, 80));
  assert.match(r.errors[0], /^octaves must be an integer in \[1, 16\] \(got "x{32}\.\.\." \(100000 characters\)\)$/);
  assert.match(r.errors[2], /\(got "é{16}\.\.\." \(10000 characters\)\)$/);
  r.field.delete();
  const lines = noteLines([...problems, ...r.errors]);
  assert.equal(lines.length, MAX_NOTE_LINES);
  assert.equal(lines.at(-1), `… and ${problems.length + r.errors.length - MAX_NOTE_LINES + 1} more`);
});
