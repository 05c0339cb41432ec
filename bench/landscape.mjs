// The 404 landscape in headless Chromium at 1920 x 1080: cost of each tick kind (median ms of the
// advance() call, attributed by the returned layer mask), putImageData per frame, the paint-once
// cost, frames per second over 10 s, the wasm heap before/after 2000 frames, the same at pitch 2,
// and the gzipped payload of the page. `./noisefield bench` calls benchLandscape(); running this
// file directly (node bench/landscape.mjs) starts its own server and browser.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { median, table } from './harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LAYERS = ['sky', 'land', 'rift', 'gate', 'hill', 'near', 'canopy'];
// Tick kinds and the layer bit each one repaints.
const TICKS = { sky: 1 << 0, rift: 1 << 2, field: 1 << 4, near: 1 << 5, canopy: 1 << 6 };
const TICK_BITS = Object.values(TICKS).reduce((a, b) => a | b, 0);

// Files a website copies for the 404 page (the embed needs the web/ ones only).
export const PAYLOAD_FILES = [
  'index.html', 'web/404.css', 'web/404.js', 'web/landscape.js', 'web/landscape-params.js',
  'web/noisefield-landscape.mjs', 'web/noisefield-landscape.wasm', 'web/favicon.svg',
];

const fmt = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '-');
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const mb = (b) => `${(b / 1048576).toFixed(2)} MB`;

export function payload() {
  const rows = PAYLOAD_FILES.map((f) => {
    const raw = readFileSync(join(root, f));
    return { file: f, raw: raw.length, gz: gzipSync(raw, { level: 9 }).length };
  });
  return { rows, raw: rows.reduce((a, r) => a + r.raw, 0), gz: rows.reduce((a, r) => a + r.gz, 0) };
}

// Per tick kind: the median of frames where it was the only tick; if it never ran alone, the
// median of its frames minus the other ticks' medians.
function tickMedians(samples) {
  const alone = {}, withOthers = {};
  const idle = [];
  for (const [mask, ms] of samples) {
    const bits = mask & TICK_BITS;
    if (bits === 0) { idle.push(ms); continue; }
    const kinds = Object.keys(TICKS).filter((k) => bits & TICKS[k]);
    if (kinds.length === 1) (alone[kinds[0]] ??= []).push(ms);
    for (const k of kinds) (withOthers[k] ??= []).push([ms, kinds]);
  }
  const means = leastSquares(samples);
  const out = { none: { ms: median(idle), n: idle.length, mean: means.none } };
  for (const k of Object.keys(TICKS)) if (alone[k]) out[k] = { ms: median(alone[k]), n: alone[k].length, mean: means[k] };
  for (const k of Object.keys(TICKS)) {
    if (out[k] || !withOthers[k]) continue;
    const est = withOthers[k].map(([ms, kinds]) => ms - kinds.filter((o) => o !== k).reduce((a, o) => a + (out[o]?.ms || 0), 0));
    out[k] = { ms: median(est), n: est.length, estimated: true, mean: means[k] };
  }
  return out;
}

// Mean cost of each tick kind by least squares over all frames: frame ms = base + sum of the costs
// of the ticks that ran. Robust to the browser's coarse (0.1 ms) performance.now().
function leastSquares(samples) {
  const kinds = Object.keys(TICKS);
  const n = kinds.length + 1;
  const A = Array.from({ length: n }, () => new Array(n).fill(0));
  const b = new Array(n).fill(0);
  for (const [mask, ms] of samples) {
    const x = [1, ...kinds.map((k) => (mask & TICKS[k] ? 1 : 0))];
    for (let i = 0; i < n; i++) {
      b[i] += x[i] * ms;
      for (let j = 0; j < n; j++) A[i][j] += x[i] * x[j];
    }
  }
  for (let i = 0; i < n; i++) A[i][i] += 1e-9;
  for (let c = 0; c < n; c++) {  // Gaussian elimination with partial pivoting
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
    [A[c], A[p]] = [A[p], A[c]];
    [b[c], b[p]] = [b[p], b[c]];
    for (let r = c + 1; r < n; r++) {
      const f = A[r][c] / A[c][c];
      for (let j = c; j < n; j++) A[r][j] -= f * A[c][j];
      b[r] -= f * b[c];
    }
  }
  const x = new Array(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let v = b[i];
    for (let j = i + 1; j < n; j++) v -= A[i][j] * x[j];
    x[i] = v / A[i][i];
  }
  const out = { none: x[0] };
  kinds.forEach((k, i) => { out[k] = x[0] + x[i + 1]; });
  return out;
}

async function measure(browser, url, { pitch = null, log, fpsSeconds = 10 }) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'no-preference', colorScheme: 'light' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const q = `?test&day=0.6${pitch ? `&px=${pitch}` : ''}`;
  await page.goto(new URL(q, url).href);
  await page.waitForFunction(() => window.__noisefield && (window.__noisefield.debug || window.__noisefield.failed), null, { timeout: 30000 });
  const failed = await page.evaluate(() => window.__noisefield.failed ?? null);
  if (failed) throw new Error(`landscape failed to mount: ${failed}`);

  // 1. Tick costs: the loop paused, frames driven by hand at 60, 50 and 72 Hz (so every tick
  //    kind also runs alone, not only together with the 20 Hz rift).
  const ticks = await page.evaluate(() => {
    const h = window.__noisefield;
    h.pause();
    h.debug.step(120, 1 / 60);  // warm-up
    return [...h.debug.step(800, 1 / 60), ...h.debug.step(600, 1 / 50), ...h.debug.step(600, 1 / 72)];
  });
  const byKind = tickMedians(ticks);
  const putMs = median(ticks.map((t) => t[2]).filter((_, i) => ticks[i][0] !== 0));
  const frameMs = ticks.map((t) => t[1] + t[2]);
  const worstFrame = Math.max(...frameMs);
  const p95 = [...frameMs].sort((a, b) => a - b)[Math.floor(frameMs.length * 0.95)];

  // 2. Paint-once: a resize (grid, ridges, island, trees, gate, mask + every tick layer) and a
  //    daylight change.
  const once = await page.evaluate(() => {
    const h = window.__noisefield;
    const resize = [], day = [];
    for (let i = 0; i < 5; i++) resize.push(h.debug.repaintOnce());
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now();
      h.setDay(i % 2 ? 0.6 : 0.55);
      day.push(performance.now() - t0);
    }
    h.setDay(0.6);
    return { resize, day };
  });

  // 3. Frames per second of the real rAF loop over 10 s.
  const fps = await page.evaluate(async (windowSecs) => {
    const h = window.__noisefield;
    h.resume();
    await new Promise((ok) => setTimeout(ok, 500));
    const f0 = h.debug.frames, t0 = performance.now();
    await new Promise((ok) => setTimeout(ok, windowSecs * 1000));
    const frames = h.debug.frames - f0, secs = (performance.now() - t0) / 1000;
    h.pause();
    return frames / secs;
  }, fpsSeconds);

  // 4. Heap before/after 2000 frames, with pointer eddies and splashes along the way.
  const heap = await page.evaluate(() => {
    const h = window.__noisefield;
    const s = h.debug.scene;
    h.debug.step(60, 1 / 60);
    const before = { used: h.debug.heapUsed(), total: h.debug.heapTotal() };
    for (let i = 0; i < 2000; i++) {
      const x = 200 + ((i * 37) % 1200), y = 100 + ((i * 13) % 500);
      s.setPointer(x, y, true);
      if (i % 50 === 0) s.splash(300 + ((i * 7) % 1000), 920);
      h.debug.step(1, 1 / 60);
    }
    s.setPointer(0, 0, false);
    const after = { used: h.debug.heapUsed(), total: h.debug.heapTotal() };
    return { before, after };
  });
  const layout = await page.evaluate(() => window.__noisefield.debug.layout());
  await context.close();
  if (errors.length) log(`  page errors: ${errors.join(' | ')}`);
  return { pitch: layout.pitch, buffer: `${layout.bw}x${layout.bh}`, byKind, putMs, p95, worstFrame, once, fps, heap, errors };
}

export async function benchLandscape({ browser, url, log = console.log, quick = false }) {
  const fpsSeconds = quick ? 3 : 10;
  log(`\nLandscape (headless Chromium, 1920 x 1080, day 0.6; fps over ${fpsSeconds} s)`);
  const runs = [];
  for (const pitch of [null, 2]) {
    log(`  measuring pitch ${pitch ?? 'auto'} ...`);
    runs.push(await measure(browser, url, { pitch, log, fpsSeconds }));
  }
  const head = ['', ...runs.map((r) => `pitch ${r.pitch} (${r.buffer})`)];
  const rows = [];
  for (const k of Object.keys(TICKS)) {
    rows.push([`tick ${k}: median / mean ms`, ...runs.map((r) => (r.byKind[k] ? `${fmt(r.byKind[k].ms)}${r.byKind[k].estimated ? '*' : ''} / ${fmt(r.byKind[k].mean)}` : '-'))]);
  }
  rows.push(['frame without tick: median / mean ms', ...runs.map((r) => `${fmt(r.byKind.none.ms)} / ${fmt(Math.max(0, r.byKind.none.mean), 3)}`)]);
  rows.push(['putImageData per painted frame (ms)', ...runs.map((r) => fmt(r.putMs))]);
  rows.push(['frame p95 / worst (ms)', ...runs.map((r) => `${fmt(r.p95)} / ${fmt(r.worstFrame)}`)]);
  rows.push(['paint-once: resize (median ms)', ...runs.map((r) => fmt(median(r.once.resize), 1))]);
  rows.push(['paint-once: day change (median ms)', ...runs.map((r) => fmt(median(r.once.day), 1))]);
  rows.push([`fps over ${fpsSeconds} s (rAF loop)`, ...runs.map((r) => fmt(r.fps, 1))]);
  rows.push(['wasm heap used before -> after 2000 frames', ...runs.map((r) => `${mb(r.heap.before.used)} -> ${mb(r.heap.after.used)}`)]);
  rows.push(['wasm memory before -> after 2000 frames', ...runs.map((r) => `${mb(r.heap.before.total)} -> ${mb(r.heap.after.total)}`)]);
  log(table(head, rows));
  log('  median: frames where that tick ran alone (performance.now() is quantised to 0.1 ms here);');
  log('  mean: least squares over all frames. * estimated: that tick never ran alone');
  log('  goals: every tick < 4 ms median, >= 55 fps, flat memory');

  const p = payload();
  log(table(['payload file', 'bytes', 'gzip -9'], [...p.rows.map((r) => [r.file, r.raw, r.gz]), ['total', p.raw, `${p.gz} (${kb(p.gz)})`]]));
  log(`  goal: at most 100 KB gzipped -> ${p.gz <= 102400 ? 'met' : 'NOT met'}`);
  return { runs, payload: p };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { startBrowser } = await import('../tests/browser/helpers/browser.mjs');
  const env = await startBrowser();
  try {
    await benchLandscape({ browser: env.browser, url: env.url, log: console.log });
  } finally {
    await env.close();
  }
}
