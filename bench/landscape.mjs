// The 404 landscape as a visitor gets it: headless Chromium (--disable-gpu) at 1920 x 1080, the
// page's own requestAnimationFrame loop running live at pitch 5, 2 and 1, each case repeated in
// shuffled rounds. Per run: time to the first painted frame, frames per second and late frames
// (a rAF loop of the bench's own on the main thread), each tick kind's advance() cost (median /
// p95) and how many ticks were delivered against the cadence, main-thread busy and long tasks from
// a performance trace, then the one-off costs (resize, day change) and the wasm heap over 2000
// frames. (The page's payload is bench/payload.mjs.) Then bench/visitor.mjs: the CPU time of all of
// the browser's processes, the total a visitor pays.
//
// Worker and main-thread modes are measured side by side, interleaved in the same shuffled rounds
// (the mount option `worker`, which the page's test hooks take from ?worker=0|1; handle.debug.mode
// says which one runs). The one-off costs are timed where the scene runs (in the worker, off the
// page's main thread).
// `./noisefield bench landscape`; `node bench/landscape.mjs` runs it alone with its own browser.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, quantile, shuffler, withSpread } from './harness.mjs';
import { TICKS, tickStats } from './ticks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LONG_TASK_MS = 50;
const TRACE_SETTLE_MS = 1000;
// The changes after the loop, in order, each a moment of its own in the trace.
const CHANGES = ['resize', 'seed', 'day', 'dusk', 'season', 'resize back'];
const MOMENTS = ['load', 'loop', ...CHANGES];

// Waits until fn(arg) is true in the page. Not page.waitForFunction: that injects Playwright's
// script into the page (a ~10 ms parse on the page's main thread, 50 ms and more on a busy
// machine), a long task of the bench's own that used to land in the page's load.
async function until(page, fn, arg = null, timeoutMs = 60000) {
  // An expression the DevTools protocol evaluates (as page.evaluate does; the page's CSP allows no eval).
  const ok = await page.evaluate(`(async () => {
    const test = ${fn}, arg = ${JSON.stringify(arg)}, t0 = performance.now();
    while (!test(arg)) {
      if (performance.now() - t0 > ${timeoutMs}) return false;
      await new Promise((ok) => setTimeout(ok, 20));
    }
    return true;
  })()`);
  if (!ok) throw new Error(`timed out after ${timeoutMs} ms waiting for ${fn}`);
}

// ---- the trace: top-level tasks of the page's renderer main thread ----
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
// Events that only wrap a task's work (scheduling, message dispatch): a long task is named by the
// outermost event inside it that is not one of these, and by that event's costliest part.
const WRAPPERS = new Set([...TASK_NAMES, 'Receive mojo message', 'BlinkScheduler_PerformMicrotaskCheckpoint', 'RunMicrotasks',
  'ProxyMain::BeginMainFrame', 'WebFrameWidgetImpl::UpdateLifecycle', 'AsyncTask Run', 'v8.callFunction', 'v8.run',
  'ThreadController active', 'SequenceManager::DoIdleWork', 'PageAnimator::serviceScriptedAnimations',
  'FrameRequestCallbackCollection::ExecuteFrameCallbacks', 'Blink.Animate.UpdateTime', 'WebFrameWidgetImpl::BeginMainFrame',
  'LocalFrameView::UpdateStyleAndLayout', 'LocalFrameView::RunStyleAndLayoutLifecyclePhases']);

// -> { tasks: [{ start, end, cpu, events }] (ms; nested or overlapping task events merged into one
// top-level task, cpu its thread time where the trace has it), marks: { name: ms } } on the main
// thread that logged the marks.
function mainThreadTasks(traceBuffer) {
  const json = JSON.parse(traceBuffer.toString('utf8'));
  const events = Array.isArray(json) ? json : json.traceEvents;
  const markOf = (e) => (e.name === 'TimeStamp' ? e.args?.data?.message : null);
  const marked = events.find((e) => markOf(e) === 'nf-bench-start');
  if (!marked) throw new Error('trace: no nf-bench-start mark');
  const { pid, tid } = marked;
  const marks = {};
  const spans = [], inner = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    const m = markOf(e);
    if (m) marks[m] = e.ts / 1000;
    if (e.ph !== 'X' || !(e.dur > 0)) continue;
    if (TASK_NAMES.has(e.name)) spans.push(e);
    else if (!WRAPPERS.has(e.name)) inner.push(e);
  }
  spans.sort((a, b) => a.ts - b.ts);
  const tasks = [];
  for (const s of spans) {
    const last = tasks[tasks.length - 1];
    const start = s.ts / 1000, end = (s.ts + s.dur) / 1000;
    if (last && start < last.end) { last.end = Math.max(last.end, end); continue; }
    tasks.push({ start, end, cpu: Number.isFinite(s.tdur) ? s.tdur / 1000 : NaN, events: [] });
  }
  inner.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let k = 0;
  for (const e of inner) {  // each event to the task it lies in (both sorted by start)
    const t = e.ts / 1000;
    while (k < tasks.length && tasks[k].end < t) k++;
    if (k < tasks.length && tasks[k].start <= t) tasks[k].events.push(e);
  }
  return { tasks, marks };
}

// What a long task was: "outer > costliest part [url]" with its wall and thread (CPU) time. A task
// whose CPU time is a small part of its wall time was mostly waiting for a core (other threads
// and processes ran), not working.
function describeTask(task) {
  const cost = (e) => (Number.isFinite(e.tdur) ? e.tdur : e.dur);
  const where = (e) => {
    const d = e.args?.data ?? e.args?.beginData ?? {};
    const url = d.url || d.fileName || e.args?.fileName || '';
    // An event's type (EventDispatch: message, load...), else the script it ran.
    return d.type ? ` ${d.type}` : url ? ` ${String(url).split('/').pop()}` : '';
  };
  const [outer] = task.events;
  let label = outer ? outer.name + where(outer) : 'task';
  if (outer) {
    const within = task.events.filter((e) => e !== outer && e.ts >= outer.ts && e.ts + e.dur <= outer.ts + outer.dur && e.name !== outer.name);
    const part = within.sort((a, b) => cost(b) - cost(a))[0];
    if (part) label += ` > ${part.name}${where(part)}`;
  }
  const wall = task.end - task.start;
  return `${wall.toFixed(0)} ms (cpu ${Number.isFinite(task.cpu) ? task.cpu.toFixed(0) : '?'}): ${label}`;
}

function busyIn(tasks, t0, t1) {
  let busy = 0;
  for (const { start: a, end: b } of tasks) busy += Math.max(0, Math.min(b, t1) - Math.max(a, t0));
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
    // Starting a trace is a burst of work in every Chromium process. Navigating at once put that
    // burst on the page's load: on two cores, 4 of 42 traced loads had a task over 50 ms (up to 138
    // ms wall for 8 ms of CPU: the page's thread waiting for a core), 0 of 18 untraced loads (the
    // page's own Long Tasks API) and 0 of 24 traced loads that waited a second first. (The wait
    // also lets the previous case's browser context finish closing.)
    await page.waitForTimeout(TRACE_SETTLE_MS);
    await page.evaluate(() => console.timeStamp('nf-bench-start'));
    const q = `?test&day=0.6&px=${pitch}${mode === 'worker' ? '&worker=1' : mode === 'main' ? '&worker=0' : ''}`;
    await page.goto(new URL(q, url).href);
    await until(page, () => window.__noisefield && (window.__noisefield.debug || window.__noisefield.failed));
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
    // The changes a visitor or a page makes, through the handle as a page would, each awaited (the
    // new picture shown) and marked in the trace as its own moment (CHANGES): a resize, a new
    // seed, daylight, twilight and season, then the size back.
    const resizeTo = async (width, height) => {
      await page.setViewportSize({ width, height });
      await until(page, (w) => window.__noisefield.debug.layout().w === w, width);
    };
    const change = (name, method = null, arg = null) => page.evaluate(async ([n, m, a]) => {
      console.timeStamp(`nf-moment-${n}`);
      if (m) await window.__noisefield[m](a);
    }, [name, method, arg]);
    await change('resize');
    await resizeTo(1600, 900);
    await change('seed', 'setSeed', 405);
    await change('day', 'setDay', 0.3);
    await change('dusk', 'setDusk', 0.5);
    await change('season', 'setSeason', 200);
    await change('resize back');
    await resizeTo(1920, 1080);
    await page.evaluate(() => window.__noisefield.debug.shown());
    await change('end');
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
    // Each moment's top-level tasks: those that end after it starts and begin before the next.
    const moment = (t0, t1) => trace.tasks.filter((t) => t.end > t0 && t.start < t1);
    const at = (n) => trace.marks[`nf-moment-${n}`];
    const moments = {
      load: moment(-Infinity, w0),
      loop: moment(w0, w1),
      ...Object.fromEntries(CHANGES.map((n, i) => [n, moment(at(n), at(CHANGES[i + 1] ?? 'end'))])),
    };
    const longest = Object.fromEntries(Object.entries(moments).map(([n, ts]) => {
      const walls = ts.map((t) => t.end - t.start);
      const worst = ts[walls.indexOf(Math.max(...walls))];
      const long = ts.filter((t) => t.end - t.start > LONG_TASK_MS).map((t) => ({ wall: t.end - t.start, text: describeTask(t) }));
      return [n, { long, max: Math.max(0, ...walls), maxCpu: Math.max(0, ...ts.map((t) => t.cpu).filter(Number.isFinite)),
        cpu: worst ? worst.cpu : 0, what: worst ? describeTask(worst) : '' }];
    }));
    return {
      pitch, mode: info.mode, buffer: `${info.layout.bw}x${info.layout.bh}`, firstPaint: info.firstPaint,
      fps: live.intervals.length / live.secs, late: live.intervals.filter((d) => d > 25).length, frames: live.intervals.length,
      ticks: tickStats(live.advances, live.secs),
      busy: busyIn(trace.tasks, w0, w1),
      longest,
      once, errors,
    };
  } finally {
    if (traced) await browser.stopTracing().catch(() => {});
    await context.close();
  }
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
    // Per moment: the longest main-thread task (median, spread over the rounds), how many tasks
    // over 50 ms all rounds had together, and the most CPU time any one task took (the task's own
    // work, whatever else the machine ran).
    ...MOMENTS.map((m) => [`longest task ms [> 50 ms], most CPU: ${m}`, ...cols.map((k) => {
      const n = runsOf(k).reduce((a, r) => a + r.longest[m].long.length, 0);
      return `${cell(k, (r) => r.longest[m].max, 0)} [${n}], cpu ${cell(k, (r) => r.longest[m].maxCpu, 0)}`;
    })]),
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
  // Every long task, named, and each case's longest load task: a wall time far above its CPU time
  // was a wait for a core (other threads and processes ran), not the page's work.
  const longs = [];
  for (const k of cols) {
    runsOf(k).forEach((r, i) => {
      for (const m of MOMENTS) {
        const l = r.longest[m].long;  // the longest first, at most 3 named per moment
        if (!l.length) continue;
        const worst = [...l].sort((a, b) => b.wall - a.wall);
        longs.push(`pitch ${r.pitch} ${r.mode}, round ${i + 1}, ${m}: ${worst.slice(0, 3).map((t) => t.text).join(' | ')}${l.length > 3 ? ` | and ${l.length - 3} more` : ''}`);
      }
    });
  }
  const named = [
    ...(longs.length ? [`Tasks over ${LONG_TASK_MS} ms: wall ms (thread CPU ms): the outermost event > its costliest part.`, ...longs.map((l) => `  ${l}`)]
      : [`No main-thread task over ${LONG_TASK_MS} ms in any moment.`]),
    'The longest load task of each round: wall ms (thread CPU ms): what it was.',
    ...cols.map((k) => `  ${k}: ${runsOf(k).map((r) => r.longest.load.what).join(' | ')}`),
  ];
  report.section(`Landscape live in headless Chromium, 1920 x 1080, day 0.6 (${repeats} rounds of ${seconds} s per case, shuffled)`, head, rows, [
    'Each cell: median (min-max) over the rounds. fps and late frames: a rAF loop of the bench on the page\'s main thread.',
    'main thread busy: the union of the renderer main thread\'s top-level tasks in the trace, over the window.',
    'longest task: the longest top-level task of the page\'s main thread (wall time) in each moment: load (navigation to 1 s after',
    'mount), the measured loop, then each change after it, awaited (a resize to 1600 x 900, setSeed, setDay, setDusk, setSeason,',
    'the size back); [n]: tasks over 50 ms in all rounds together, each listed below with its thread (CPU) time and what it was;',
    'cpu: the most thread (CPU) time of any one task in the moment, which a busy machine does not stretch.',
    'first painted frame: performance.now() when mount() has put every layer on its canvas (from navigation start).',
    'tick cost: advance() in frames where that tick ran alone (* never alone: the frames it shared with other ticks, an upper bound);',
    `delivered: ticks painted / ticks due, worst tick kind (sky 8/s, rift 20/s, field, near, canopy 10/s each).`,
    ...(workerMissing ? ['The page has no worker mode (handle.debug.mode stayed "main"), so only the main-thread mode is shown.'] : []),
    ...named,
  ]);
  // What the visitor pays for it all: every process's CPU, beside a blank page (bench/visitor.mjs).
  const visitor = await (await import('./visitor.mjs')).benchVisitor({ browser, url, report, quick });
  return { results, visitor };
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
