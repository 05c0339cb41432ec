// The 404 landscape as a visitor gets it: headless Chromium (--disable-gpu) at 1920 x 1080, the
// page's own requestAnimationFrame loop running live at pitch 5, 2 and 1, each case repeated in
// shuffled rounds. Per run: time to the first painted frame, frames per second and late frames
// (a rAF loop of the bench's own on the main thread), each tick kind's advance() cost (median /
// p95) and how many ticks were delivered against the cadence, main-thread busy and long tasks from
// a performance trace, then the one-off costs (resize, day change) and the wasm heap over 2000
// frames. (The page's payload is bench/payload.mjs.)
//
// Worker and main-thread modes are measured side by side, interleaved in the same shuffled rounds
// (the mount option `worker`, which the page's test hooks take from ?worker=0|1; handle.debug.mode
// says which one runs). The one-off costs are timed where the scene runs (in the worker, off the
// page's main thread).
// `./noisefield bench landscape`; `node bench/landscape.mjs` runs it alone with its own browser.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, quantile, shuffler, withSpread } from './harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Tick kinds, the layer bit each repaints and its cadence (ticks per second, landscape.cpp).
const TICKS = { sky: [1 << 0, 8], rift: [1 << 2, 20], field: [1 << 4, 10], near: [1 << 5, 10], canopy: [1 << 6, 10] };
const ALL_TICKS = Object.values(TICKS).reduce((a, [bit]) => a | bit, 0);
const LONG_TASK_MS = 50;

// ---- the trace: top-level tasks of the page's renderer main thread ----
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

// -> { tasks: [[start, end] ms, merged], marks: { name: ms } } on the main thread that logged the marks.
function mainThreadTasks(traceBuffer) {
  const json = JSON.parse(traceBuffer.toString('utf8'));
  const events = Array.isArray(json) ? json : json.traceEvents;
  const markOf = (e) => (e.name === 'TimeStamp' ? e.args?.data?.message : null);
  const marked = events.find((e) => markOf(e) === 'nf-bench-start');
  if (!marked) throw new Error('trace: no nf-bench-start mark');
  const { pid, tid } = marked;
  const marks = {};
  const spans = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    const m = markOf(e);
    if (m) marks[m] = e.ts / 1000;
    if (e.ph === 'X' && TASK_NAMES.has(e.name) && e.dur > 0) spans.push([e.ts / 1000, (e.ts + e.dur) / 1000]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const tasks = [];  // nested or overlapping task events merge into one top-level task
  for (const s of spans) {
    const last = tasks[tasks.length - 1];
    if (last && s[0] < last[1]) last[1] = Math.max(last[1], s[1]);
    else tasks.push([...s]);
  }
  return { tasks, marks };
}

function busyIn(tasks, t0, t1) {
  let busy = 0;
  for (const [a, b] of tasks) busy += Math.max(0, Math.min(b, t1) - Math.max(a, t0));
  return busy / (t1 - t0);
}

async function measure(browser, url, { pitch, mode, seconds }) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'no-preference', colorScheme: 'light' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // The bench's own rAF loop on the main thread: what a visitor's scrolling and input would get.
  await page.addInitScript(() => {
    window.__noisefieldTestHooks = true;  // ?test below exposes the handle (web/404.js)
    const intervals = [];
    let last = null, on = false;
    const tick = (ts) => { if (on && last !== null) intervals.push(ts - last); last = ts; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    window.__nfBench = { intervals, start() { intervals.length = 0; on = true; }, stop() { on = false; return intervals.slice(); } };
  });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
  let traced = true;
  try {
    await page.evaluate(() => console.timeStamp('nf-bench-start'));
    const q = `?test&day=0.6&px=${pitch}${mode === 'worker' ? '&worker=1' : mode === 'main' ? '&worker=0' : ''}`;
    await page.goto(new URL(q, url).href);
    await page.waitForFunction(() => window.__noisefield && (window.__noisefield.debug || window.__noisefield.failed), null, { timeout: 60000 });
    const failed = await page.evaluate(() => window.__noisefield.failed ?? null);
    if (failed) throw new Error(`landscape failed to mount: ${failed}`);
    const info = await page.evaluate(() => ({
      firstPaint: window.__noisefield.debug.firstPaintMs ?? null,
      mode: window.__noisefield.debug.mode ?? 'main',
      layout: window.__noisefield.debug.layout(),
    }));
    // Let the loop settle (tier-up, first ticks), then the measured window.
    await page.waitForTimeout(1000);
    const live = await page.evaluate(async (secs) => {
      const h = window.__noisefield;
      console.timeStamp('nf-window-start');
      const t0 = performance.now();
      window.__nfBench.start();
      await new Promise((ok) => setTimeout(ok, secs * 1000));
      const intervals = window.__nfBench.stop();
      const t1 = performance.now();
      console.timeStamp('nf-window-end');
      // A worker reports its frames in batches (every 100 ms): wait for the window's last ones, then
      // keep exactly the frames that began inside the window (each carries its start, page time).
      await new Promise((ok) => setTimeout(ok, 300));
      const advances = h.debug.advances.filter((a) => a[3] >= t0 && a[3] < t1);
      return { secs: (t1 - t0) / 1000, intervals, advances };
    }, seconds);
    // The changes a visitor or a page makes, through the handle as a page would: a resize, then a
    // new seed, daylight, twilight and season (each awaited: the new picture shown), then the
    // size back. Their main-thread tasks are the "changes" column.
    await page.evaluate(() => console.timeStamp('nf-changes-start'));
    const resizeTo = async (width, height) => {
      await page.setViewportSize({ width, height });
      await page.waitForFunction((w) => window.__noisefield.debug.layout().w === w, width, { timeout: 60000 });
    };
    await resizeTo(1600, 900);
    await page.evaluate(async () => {
      const h = window.__noisefield;
      await h.setSeed(405);
      await h.setDay(0.3);
      await h.setDusk(0.5);
      await h.setSeason(200);
    });
    await resizeTo(1920, 1080);
    await page.evaluate(() => window.__noisefield.debug.shown());
    await page.evaluate(() => console.timeStamp('nf-changes-end'));
    const trace = mainThreadTasks(await browser.stopTracing());
    traced = false;
    // One-off costs (after the window, so they do not disturb it): a forced resize repaint and
    // daylight changes, then the heap over 2000 stepped frames with eddies and splashes.
    const once = await page.evaluate(async () => {
      const h = window.__noisefield;
      const call = h.debug.call;
      await h.pause();
      const resize = [], day = [];
      for (let i = 0; i < 3; i++) resize.push(await call('repaintOnce'));
      // The scene's repaint for a new daylight (the handle defers day changes while paused).
      const { dusk } = await call('debugInfo');
      for (let i = 0; i < 4; i++) day.push(await call('dayRepaint', i % 2 ? 0.6 : 0.55, dusk));
      await call('dayRepaint', 0.6, dusk);
      return { resize, day, heap: await call('churn', 2000) };
    });
    const w0 = trace.marks['nf-window-start'], w1 = trace.marks['nf-window-end'];
    const loadTasks = trace.tasks.filter(([a]) => a < w0).map(([a, b]) => b - a);
    const loopTasks = trace.tasks.filter(([a, b]) => b > w0 && a < w1).map(([a, b]) => b - a);
    const c0 = trace.marks['nf-changes-start'], c1 = trace.marks['nf-changes-end'];
    const changeTasks = trace.tasks.filter(([a, b]) => b > c0 && a < c1).map(([a, b]) => b - a);
    return {
      pitch, mode: info.mode, buffer: `${info.layout.bw}x${info.layout.bh}`, firstPaint: info.firstPaint,
      fps: live.intervals.length / live.secs, late: live.intervals.filter((d) => d > 25).length, frames: live.intervals.length,
      ticks: tickStats(live.advances, live.secs),
      busy: busyIn(trace.tasks, w0, w1),
      longLoad: loadTasks.filter((d) => d > LONG_TASK_MS).length, maxLoad: Math.max(0, ...loadTasks),
      longLoop: loopTasks.filter((d) => d > LONG_TASK_MS).length, maxLoop: Math.max(0, ...loopTasks),
      longChange: changeTasks.filter((d) => d > LONG_TASK_MS).length, maxChange: Math.max(0, ...changeTasks),
      once, errors,
    };
  } finally {
    if (traced) await browser.stopTracing().catch(() => {});
    await context.close();
  }
}

// advances: [mask, advanceMs, paintMs, startMs] per frame of the page's loop that began in the
// window. Per tick kind: the advance() cost of frames where it ran alone (median, p95), and ticks
// delivered (frames whose mask has the kind's bit: the frame that put the tick on its canvas) over
// ticks due in the window by the cadence.
function tickStats(advances, secs) {
  const out = {};
  for (const [k, [bit, rate]] of Object.entries(TICKS)) {
    const alone = advances.filter(([m]) => (m & ALL_TICKS) === bit).map(([, ms]) => ms);
    const ran = advances.filter(([m]) => m & bit).map(([, ms]) => ms);
    // A slow loop runs no tick alone; then the frames it shared (an upper bound, flagged).
    const xs = alone.length ? alone : ran;
    out[k] = { median: median(xs), p95: quantile(xs, 0.95), shared: !alone.length && ran.length > 0, delivered: ran.length / (secs * rate) };
  }
  const frameMs = advances.map(([, a, p]) => a + p);
  out.frame = { p95: quantile(frameMs, 0.95), max: Math.max(0, ...frameMs) };
  return out;
}

export async function benchLandscape({ browser, url, report, quick = false }) {
  const seconds = quick ? 3 : 10, repeats = quick ? 1 : 3;
  // NF_LANDSCAPE_PITCHES=5,1 measures only those (a quick local look; the full run takes all three).
  const pitches = (process.env.NF_LANDSCAPE_PITCHES || '5,2,1').split(',').map(Number);
  // Both modes are asked for; a page without a worker mode answers 'main' to both, measured once.
  const modes = ['main', 'worker'];
  const results = new Map();  // "mode pitch" -> runs
  const shuffle = shuffler(7);
  let workerMissing = false;
  for (let r = 0; r < repeats; r++) {
    for (const [pitch, mode] of shuffle(pitches.flatMap((p) => modes.map((m) => [p, m])))) {
      if (mode === 'worker' && workerMissing) continue;
      report.log(`  landscape round ${r + 1}/${repeats}: pitch ${pitch}, ${mode} thread ...`);
      const res = await measure(browser, url, { pitch, mode, seconds });
      if (mode === 'worker' && res.mode !== 'worker') { workerMissing = true; continue; }
      const key = `${res.mode} ${pitch}`;
      if (!results.has(key)) results.set(key, []);
      results.get(key).push(res);
      if (res.errors.length) report.log(`  page errors: ${res.errors.join(' | ')}`);
    }
  }
  const cols = [...results.keys()].sort((a, b) => {
    const [ma, pa] = a.split(' '), [mb, pb] = b.split(' ');
    return Number(pb) - Number(pa) || ma.localeCompare(mb);
  });
  const runsOf = (k) => results.get(k);
  const all = (k, f) => runsOf(k).map(f).filter(Number.isFinite);
  const cell = (k, f, d = 1, scale = 1) => withSpread(all(k, f), d, scale);
  const head = ['', ...cols.map((k) => { const [m, p] = k.split(' '); return `pitch ${p} ${m} (${runsOf(k)[0].buffer})`; })];
  const rows = [
    ['fps (main-thread rAF)', ...cols.map((k) => cell(k, (r) => r.fps))],
    ['frame intervals > 25 ms', ...cols.map((k) => cell(k, (r) => r.late, 0))],
    ['main thread busy %', ...cols.map((k) => cell(k, (r) => r.busy, 1, 100))],
    ['long tasks > 50 ms: load / loop / changes', ...cols.map((k) => runsOf(k).map((r) => `${r.longLoad}/${r.longLoop}/${r.longChange}`).join(', '))],
    ['longest task ms: load / loop / changes', ...cols.map((k) => `${cell(k, (r) => r.maxLoad, 0)} / ${cell(k, (r) => r.maxLoop, 0)} / ${cell(k, (r) => r.maxChange, 0)}`)],
    ['first painted frame ms', ...cols.map((k) => cell(k, (r) => r.firstPaint, 0))],
  ];
  for (const t of Object.keys(TICKS)) {
    const flag = (k) => (runsOf(k).some((r) => r.ticks[t].shared) ? ' *' : '');
    rows.push([`tick ${t}: median / p95 ms`, ...cols.map((k) => `${cell(k, (r) => r.ticks[t].median, 2)} / ${cell(k, (r) => r.ticks[t].p95, 2)}${flag(k)}`)]);
  }
  rows.push(['ticks delivered % (worst kind)', ...cols.map((k) => cell(k, (r) => Math.min(...Object.keys(TICKS).map((t) => r.ticks[t].delivered)), 0, 100))]);
  rows.push(['advance + paint per frame p95 / max ms', ...cols.map((k) => `${cell(k, (r) => r.ticks.frame.p95, 1)} / ${cell(k, (r) => r.ticks.frame.max, 1)}`)]);
  rows.push(['resize repaint ms', ...cols.map((k) => cell(k, (r) => median(r.once.resize), 1))]);
  rows.push(['day change ms', ...cols.map((k) => cell(k, (r) => median(r.once.day), 1))]);
  rows.push(['wasm heap after 2000 frames (MB, before -> after)', ...cols.map((k) => runsOf(k).map((r) => `${(r.once.heap[0] / 1048576).toFixed(2)} -> ${(r.once.heap[1] / 1048576).toFixed(2)}`).join(', '))]);
  report.section(`Landscape live in headless Chromium, 1920 x 1080, day 0.6 (${repeats} rounds of ${seconds} s per case, shuffled)`, head, rows, [
    'Each cell: median (min-max) over the rounds. fps and late frames: a rAF loop of the bench on the page\'s main thread.',
    'main thread busy: the union of the renderer main thread\'s top-level tasks in the trace, over the window.',
    'long tasks: top-level tasks over 50 ms, during load (mount), during the measured loop, and during the changes after it',
    '(a resize to 1600 x 900, setSeed, setDay, setDusk, setSeason, each awaited, and the size back).',
    'first painted frame: performance.now() when mount() has put every layer on its canvas (from navigation start).',
    'tick cost: advance() in frames where that tick ran alone (* never alone: the frames it shared with other ticks, an upper bound);',
    `delivered: ticks painted / ticks due, worst tick kind (sky 8/s, rift 20/s, field, near, canopy 10/s each).`,
    ...(workerMissing ? ['The page has no worker mode (handle.debug.mode stayed "main"), so only the main-thread mode is shown.'] : []),
  ]);

  return { results };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { startBrowser } = await import('../tests/browser/helpers/browser.mjs');
  const { Report } = await import('./report.mjs');
  const env = await startBrowser();
  try {
    await benchLandscape({ browser: env.browser, url: env.url, report: new Report(), quick: process.argv.includes('--quick') });
  } finally {
    await env.close();
  }
}
