// The README's "Fields (the toolkit)" example, run as written with the module in scope: its grid is
// the explorer's default view (web/explorer-code.js viewGrid: x0 = x - res / (2 zoom)), so its
// heights and colours are the view's, not the quarter a grid from (0, 0) gave.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';
import { viewGrid } from '../../web/explorer-code.js';
import { PAGE_DEFAULTS } from '../../web/explorer-url.js';

const nf = await loadNoisefield();

test('the README\'s Field example fills the explorer\'s default view', async () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const code = readme.split('### Fields (the toolkit)')[1].match(/```js\n([\s\S]*?)```/)[1];
  assert.match(code, /field\.fill\(grid\)/);
  // Run it, then hand back what it made (its own field is deleted at its end: keep a copy first).
  const body = code.replace('field.delete();', 'const out = { grid, view: view.slice(), query: field.toQuery(), c: c.bands };\nfield.delete();\nreturn out;');
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const r = await new AsyncFunction('nf', body)(nf);
  const shown = viewGrid({ ...PAGE_DEFAULTS });
  assert.deepEqual({ ...r.grid, step: r.grid.step ?? 1 }, shown, 'the grid is the explorer\'s view at (0, 0), zoom 1, 512²');
  const f = nf.Field.fromQuery(r.query);
  assert.deepEqual(r.view, f.fill(shown).view, 'its heights are the view\'s');
  assert.equal(r.c.length, 4);
  f.delete();
});
