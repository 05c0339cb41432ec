// A mutation fuzzer for the URL parameters of both pages, run through the module as the pages run
// them: the 404 page's parseQuery / describeIgnored / mountOptions / checkOption
// (web/landscape-params.js over the module's table) and the explorer's Field.fromQuery (lenient)
// and readFragment / noteLines (web/explorer-url.js). Starts from tests/fuzz/corpus/url_params
// (each file: a query line, then a fragment line) and mutates for --seconds.
// Properties: nothing throws; every value the 404 page keeps is one its own option check accepts;
// notes and messages stay short; page settings stay in their ranges; the explorer's field config
// round-trips exactly through toQuery. A failing input is printed and written to build/fuzz.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from '../wasm/helpers/load.mjs';
import { checkOption, describeIgnored, mountOptions, paramTable, parseQuery } from '../../web/landscape-params.js';
import { MAX_NOTE_LINES, MAX_POSITION, PAGE_DEFAULTS, RESOLUTIONS, ZOOM_MAX, ZOOM_MIN, noteLines, readFragment } from '../../web/explorer-url.js';

const args = process.argv.slice(2);
const seconds = Number(args.includes('--seconds') ? args[args.indexOf('--seconds') + 1] : 30);
const M = await loadNoisefield();
const views = M.views().map((v) => v.name);
const corpusDir = join(repoRoot, 'tests', 'fuzz', 'corpus', 'url_params');
const corpus = readdirSync(corpusDir).sort().map((f) => readFileSync(join(corpusDir, f), 'utf8').split('\n'));

// A deterministic stream (mulberry32), so a run can be repeated with --seed.
let state = Number(args.includes('--seed') ? args[args.indexOf('--seed') + 1] : Date.now()) >>> 0;
const startSeed = state;
function rand() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];
const NAMES = [...paramTable(M).map((p) => p.name), ...M.schema().flatMap((p) => [p.key, p.short]), ...Object.keys(PAGE_DEFAULTS),
  'test', '__proto__', 'constructor', 'toString', ''];
const PIECES = ['&', '=', '%', '%2', '%zz', '%E0%A4%A', '%C0%AF', '%00', '#', '?', '+', ' ', '<script>', '"><img src=x>', '\u202e',
  '\u{1F600}', 'é', 'NaN', 'Infinity', '-0', '1e308', '1e-320', '0x10', '4294967296', '-1', '0.5', '.', 'none', 'on', 'off',
  ...views, ...RESOLUTIONS.map(String)];

function mutate(s) {
  const n = 1 + Math.floor(rand() * 4);
  for (let k = 0; k < n; k++) {
    const at = Math.floor(rand() * (s.length + 1));
    switch (Math.floor(rand() * 7)) {
      case 0: s = s.slice(0, at) + pick(PIECES) + s.slice(at); break;
      case 1: s = s.slice(0, at) + `&${pick(NAMES)}=${pick(PIECES)}` + s.slice(at); break;
      case 2: s = s.slice(0, at) + s.slice(at + 1 + Math.floor(rand() * 8)); break;
      case 3: s = s.slice(0, at) + String.fromCharCode(Math.floor(rand() * 0x800)) + s.slice(at); break;
      case 4: s = s + '&' + s.slice(0, Math.floor(rand() * s.length)); break;  // duplicates
      case 5: s = s.slice(0, at) + pick(PIECES).repeat(1 + Math.floor(rand() * 300)) + s.slice(at); break;
      default: {
        const part = s.slice(at, at + 6);
        s = s.slice(0, at) + (part.isWellFormed() ? encodeURIComponent(part) : part) + s.slice(at + 6);
        break;
      }
    }
  }
  return s.slice(0, 20000);
}

function fail(what, query, hash) {
  const dir = join(repoRoot, 'build', 'fuzz', 'crashes', 'url_params');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `crash-${Date.now()}`);
  writeFileSync(file, `${query}\n${hash}`);
  console.error(`url_params: property failed: ${what}\n  query: ${JSON.stringify(query.slice(0, 300))}\n  hash: ${JSON.stringify(hash.slice(0, 300))}\n  saved: ${file} (seed ${startSeed})`);
  process.exit(1);
}

function check(query, hash) {
  // The 404 page.
  let parsed;
  try {
    parsed = parseQuery(M, query);
  } catch (e) { fail(`parseQuery threw ${e.message}`, query, hash); }
  const opts = mountOptions(M, parsed.state);
  for (const [k, v] of Object.entries(opts)) {
    try {
      checkOption(M, k, v);
    } catch (e) { fail(`the URL's ${k} is refused by mount(): ${e.message}`, query, hash); }
  }
  const note = describeIgnored(parsed.ignored);
  if (note.length > 200 * paramTable(M).length) fail(`404 note of ${note.length} characters`, query, hash);
  // The explorer.
  let r;
  try {
    r = M.Field.fromQuery(query.replace(/^\?/, ''), { lenient: true });
  } catch (e) { fail(`Field.fromQuery threw ${e.message}`, query, hash); }
  for (const e of r.errors) if (e.length > 400) fail(`field message of ${e.length} characters`, query, hash);
  const q = r.field.toQuery();
  let back;
  try {
    back = M.Field.fromQuery(q);
  } catch (e) { fail(`toQuery ${q} does not parse back: ${e.message}`, query, hash); }
  if (back.toQuery() !== q || JSON.stringify(back.config()) !== JSON.stringify(r.field.config())) fail(`round trip of ${q}`, query, hash);
  back.delete();
  r.field.delete();
  const page = { ...PAGE_DEFAULTS };
  const problems = [...r.errors];
  try {
    readFragment(hash, page, views, problems);
  } catch (e) { fail(`readFragment threw ${e.message}`, query, hash); }
  if (Object.keys(page).join() !== Object.keys(PAGE_DEFAULTS).join()) fail('page keys changed', query, hash);
  if (!views.includes(page.view) || !RESOLUTIONS.includes(page.res) || !['grid', 'focus'].includes(page.layout)
      || !(page.zoom >= ZOOM_MIN && page.zoom <= ZOOM_MAX) || !(Math.abs(page.x) <= MAX_POSITION) || !(Math.abs(page.y) <= MAX_POSITION)) {
    fail(`page out of range ${JSON.stringify(page)}`, query, hash);
  }
  const lines = noteLines(problems);
  if (lines.length > MAX_NOTE_LINES || lines.some((l) => l.length > 400)) fail('explorer note too long', query, hash);
}

const deadline = Date.now() + seconds * 1000;
let runs = 0;
for (const [q, h = ''] of corpus) { check(q, h); runs++; }
while (Date.now() < deadline) {
  const [q, h = ''] = pick(corpus);
  check(mutate(q), mutate(h));
  runs++;
}
console.log(`url_params: ${runs} inputs in ${seconds} s, no finding (seed ${startSeed})`);
