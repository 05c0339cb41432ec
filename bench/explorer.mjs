// The explorer's re-render rate while a slider moves, in headless Chromium on the real page:
// a 512 x 512 view, one input event per animation frame on a real <input type=range> (as a dragged
// thumb fires them), counting the renders the page completes. "ms/render" is the page's own
// measurement of one view: the colour fill (wasm) plus putImageData.
import { median, shuffler, withSpread } from './harness.mjs';
import { withPage } from '../tests/browser/helpers/browser.mjs';

const CASES = [
  // name, field query, view, slider moved. Thresholds (t2, m1) only recolour the heights the page
  // already has; gain changes the field: value noise is measured with both kinds of slider.
  ['fBm-4 value, raw', 'sc=16&o=4', 'raw', 'gain'],
  ['fBm-4 value, land', 'sc=16&o=4', 'land', 'gain'],
  ['fBm-4 value, bands', 'sc=16&o=4', 'bands', 't2'],
  ['fBm-4 value, bands', 'sc=16&o=4', 'bands', 'gain'],
  ['fBm-4 value, biomes', 'sc=16&o=4', 'biomes', 'm1'],
  ['fBm-4 value, biomes', 'sc=16&o=4', 'biomes', 'gain'],
  ['fBm-4 value, relief', 'sc=16&o=4', 'relief', 'gain'],
  ['fBm-4 gradient, bands', 't=gradient&sc=16&o=4', 'bands', 'gain'],
  ['fBm-4 simplex, bands', 't=simplex&sc=16&o=4', 'bands', 'gain'],
  ['fBm-4 cellular, bands', 't=cellular&sc=16&o=4', 'bands', 'gain'],
  // Domain warps: the first level is hoisted, the rest sampled per point; relief is analytic.
  ['fBm-4 value 1-level warp, bands', 'sc=16&o=4&wl=1', 'bands', 'warp'],
  ['fBm-4 value 2-level warp, bands', 'sc=16&o=4&wl=2', 'bands', 'warp'],
  ['fBm-4 value 2-level warp, relief', 'sc=16&o=4&wl=2', 'relief', 'warp'],
];

async function moveSlider(page, { key, view, ms, adaptive = false }) {
  return page.evaluate(async ({ key, view, ms, adaptive }) => {
    window.explorer.setAdaptive(adaptive);
    const el = document.querySelector(`#controls .ex-ctl[data-key="${key}"] input[type=range]`);
    const lo = Number(el.min), hi = Number(el.max), step = Number(el.step) || 0.01;
    const mid = (lo + hi) / 2;
    const start = Number(el.value);
    const times = [], frames = [], changes = [];
    const frame = () => new Promise((ok) => requestAnimationFrame(ok));
    const task = () => new Promise((ok) => setTimeout(ok, 0));
    await window.explorer.idle();
    const r0 = window.explorer.perf.renders, p0 = window.explorer.perf.previews;
    let seen = window.explorer.perf.renders;
    const t0 = performance.now();
    let i = 0, lastInput = t0;
    while (performance.now() - t0 < ms) {
      // Sweep around the start value, one step per frame, as a slow drag does.
      const k = (i++ % 8) - 4;
      el.value = String(Math.min(hi, Math.max(lo, (Number.isFinite(start) ? start : mid) + k * step)));
      el.dispatchEvent(new Event('input', { bubbles: true }));
      lastInput = performance.now();
      await frame();   // the page's frame (scheduled by the input) runs before this callback
      // The next input arrives between frames, after this frame's layout, as a pointer's does: the
      // page's next frame then starts with the moved thumb's style and layout invalid, so a layout
      // read there is forced (an input sent from this callback would find layout clean).
      await task();
      if (window.explorer.perf.renders !== seen) {
        seen = window.explorer.perf.renders;
        const last = window.explorer.perf.last[view];
        if (last) times.push(last.ms);
        frames.push(window.explorer.perf.frameMs);
        changes.push(window.explorer.perf.changeMs);
      }
    }
    const elapsed = performance.now() - t0;
    // The page as shipped: how long after the last input the full picture is up.
    await window.explorer.idle();
    const settleMs = performance.now() - lastInput;
    const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
    return { renders: window.explorer.perf.renders - r0, previews: window.explorer.perf.previews - p0, elapsed, times, inputs: i, frameMs: med(frames), changeMs: med(changes), settleMs };
  }, { key, view, ms, adaptive });
}

// Forced synchronous layouts per full render during a short drag, from a Chromium trace: Layout
// events that carry a JS stack were forced by a script, not run by the frame. Counted on every
// thread of the trace whose stack names one of the site's scripts (a trace can hold more than one
// renderer main thread), so the count cannot miss the page's renderer. Also returns the first
// such stack, for the log.
async function forcedLayouts(page, key, view) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline.stack', transferMode: 'ReportEvents' });
  const r = await moveSlider(page, { key, view, ms: 600 });
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const stackOf = (e) => e.args?.beginData?.stackTrace ?? [];
  const forced = events.filter((e) => e.name === 'Layout' && stackOf(e).some((f) => /\/web\/[^/]+\.m?js/.test(f.url ?? '')));
  const where = forced.length ? stackOf(forced[0]).slice(0, 3).map((f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`).join(' < ') : '';
  return { perRender: r.renders ? forced.length / r.renders : NaN, where };
}

const caseId = (c) => `${c[0]} / ${c[3]}`;

// Issue 12's goals, applied exactly (see the notes under the table).
const FULL_60 = 58, FULL_30 = 30, SETTLE_MS = 100;
const isValueGoal = ([name, , view]) => view !== 'grid' && / value, /.test(name) && !/warp/.test(name);
function goalMet(c, rs) {
  if (c[2] === 'grid') return '-';
  const rounds = (ok) => `${rs.filter(ok).length}/${rs.length}`;
  const noForced = (r) => !(r.forced > 0);
  const mid = (f) => median(rs.map(f).filter(Number.isFinite));
  const verdict = (yes, how, ok) => `${yes ? 'yes' : 'no'}${how} (${rounds(ok)})`;
  if (mid((r) => r.forced) > 0) return verdict(false, ': forced layout', noForced);
  if (isValueGoal(c)) return verdict(mid((r) => r.rps) >= FULL_60, '', (r) => r.rps >= FULL_60 && noForced(r));
  // A round meets the goal either way (full renders, or previews with the full picture in time),
  // whichever way the medians met it.
  const full = (r) => r.rps >= FULL_30 && noForced(r);
  const previews = (r) => full(r) || (r.aps >= FULL_30 && r.settleMs <= SETTLE_MS && noForced(r));
  if (mid((r) => r.rps) >= FULL_30) return verdict(true, '', previews);
  const met = mid((r) => r.aps) >= FULL_30 && mid((r) => r.settleMs) <= SETTLE_MS;
  return verdict(met, ': previews', previews);
}

// A fresh page's first renders are slower: V8 runs the module's baseline (Liftoff) code until it
// has compiled the hot functions with TurboFan in the background, and the page's start-up work
// shares the two cores. Measured here: 1.5-3x slower for the first 0.25-0.75 s of a drag, up to
// 1.75 s while other processes were busy; a page with --js-flags=--liftoff-only renders value
// fBm-4 raw in 10.7 ms and biomes in 19.4 ms, the figures of the one full run that measured them at
// twice their time (10.5 / 19.7). A fixed 0.6 s warm-up let such a window into the measurement: the
// drag now goes on in 250 ms windows until a window's median render is no faster than the best
// before it (at least minMs, at most 6 s). Returns the time it took.
async function warmUp(page, key, view, minMs) {
  let spent = 0, best = Infinity;
  for (;;) {
    const r = await moveSlider(page, { key, view, ms: 250 });
    spent += r.elapsed;
    const m = median(r.times);
    if (spent >= 6000 || (spent >= minMs && Number.isFinite(m) && m >= best * 0.95)) return spent;
    if (Number.isFinite(m)) best = Math.min(best, m);
  }
}

// One case on a fresh page: warm up, then full renders only, then the page as shipped (adaptive).
async function runCase(browser, url, [, query, view, key], ms, quick) {
  const layout = view === 'grid' ? '' : '&layout=focus';
  const hashView = view === 'grid' ? 'bands' : view;
  return withPage(browser, `${url}web/explorer.html?${query}#view=${hashView}&x=0&y=0&zoom=1${layout}`, { viewport: { width: 1400, height: 1000 } }, async ({ page, problems }) => {
    await page.waitForFunction(() => ['ready', 'error'].includes(document.documentElement.dataset.state), null, { timeout: 20000 });
    const warmMs = await warmUp(page, key, hashView, quick ? 200 : 600);
    const r = await moveSlider(page, { key, view: hashView, ms });
    const a = view === 'grid' ? null : await moveSlider(page, { key, view: hashView, ms: Math.min(ms, 1200), adaptive: true });
    const { perRender: forced, where } = await forcedLayouts(page, key, hashView);
    if (where) problems.push(`forced layout at ${where}`);
    return {
      rps: (r.renders / r.elapsed) * 1000, msRender: median(r.times), frameMs: r.frameMs, changeMs: r.changeMs,
      aps: a ? ((a.renders + a.previews) / a.elapsed) * 1000 : NaN, settleMs: a ? a.settleMs : NaN, forced, warmMs, problems: [...problems],
    };
  });
}

// only: run the cases whose "name / slider" contains this text (node bench/explorer.mjs --only=biomes).
export async function benchExplorer({ browser, url, report, quick = false, only = '' }) {
  const ms = quick ? 700 : 2000, repeats = quick ? 1 : 5;
  // All five views side by side: the current view renders every frame, the others as time allows.
  const cases = [...CASES, ['fBm-4 value, all 5 views (grid)', 'sc=16&o=4', 'grid', 't2']].filter((c) => caseId(c).includes(only));
  const runs = new Map(cases.map((c) => [caseId(c), []]));
  const shuffle = shuffler(11);
  for (let round = 0; round < repeats; round++) {
    for (const c of shuffle(cases)) {
      const res = await runCase(browser, url, c, ms, quick);
      runs.get(caseId(c)).push(res);
      if (res.problems.length) report.log(`  (${c[0]}: ${res.problems.join('; ')})`);
    }
  }
  const rows = cases.map((c) => {
    const rs = runs.get(caseId(c));
    const col = (f, d = 1) => withSpread(rs.map(f).filter(Number.isFinite), d);
    return [c[0], c[3], col((r) => r.rps), col((r) => r.msRender), col((r) => r.frameMs), col((r) => r.changeMs),
      col((r) => r.aps), col((r) => r.settleMs, 0), col((r) => r.forced, 2), col((r) => r.warmMs / 1000), goalMet(c, rs)];
  });
  report.section(`Explorer: re-renders while a slider moves, 512 x 512 view, headless Chromium (${repeats} shuffled rounds of ${ms / 1000} s per case)`,
    ['case (layout=focus unless noted)', 'slider', 'renders/s', 'ms/render', 'ms/frame', 'ms/input', 'updates/s adaptive', 'full after stop (ms)', 'forced layouts/render', 'warm-up (s)', 'goal met'], rows, [
      'Each cell: median (min-max) over the rounds; every case opens a fresh page.',
      'renders/s: full 512 x 512 views rendered per second (grid: all views); ms/render: colour fill + putImageData of one view (median);',
      'ms/frame: all work in the page\'s frame (renders; the charts and stats at most 10 times a second while input moves); ms/input: the input handler (new Field, controls).',
      'updates/s adaptive: the page as shipped, where a view slower than its budget is previewed at reduced resolution while the',
      'slider moves (full renders + previews per second); full after stop: from the last input to the full-resolution picture',
      '(goal: 100 ms); forced layouts/render: Layout events with a JS stack in a trace of a short drag (goal: 0).',
      'warm-up: the drag before the measurement, until renders stopped getting faster (a fresh page runs baseline wasm at first).',
      'goal met (issue 12), on the medians over the rounds, with how many rounds met it (a round: either way): value fBm-4 without warp, every view and',
      `slider: at least ${FULL_60} full renders/s (the page renders at most once per animation frame: 60/s on a 60 Hz clock, judged`,
      `as the landscape's 58 fps); every other case: at least ${FULL_30} full renders/s, or ("previews") at least ${FULL_30} updates/s`,
      `adaptive with the full picture at most ${SETTLE_MS} ms after the last input; every case: no forced layout. The grid is not a goal.`,
    ]);
  return rows;
}

// node bench/explorer.mjs [--quick] [--only=text]: run this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBrowser } = await import('../tests/browser/helpers/browser.mjs');
  const b = await startBrowser();
  try {
    const { Report } = await import('./report.mjs');
    const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7) ?? '';
    await benchExplorer({ browser: b.browser, url: b.url, report: new Report(), quick: process.argv.includes('--quick'), only });
  } finally {
    await b.close();
  }
}
