// The explorer's re-render rate while a slider moves, in headless Chromium on the real page:
// a 512 x 512 view, one input event per animation frame on a real <input type=range> (as a dragged
// thumb fires them), counting the renders the page completes. "ms/render" is the page's own
// measurement of one view: the colour fill (wasm) plus putImageData.
import { median, table } from './harness.mjs';
import { withPage } from '../tests/browser/helpers/browser.mjs';

const CASES = [
  // name, field query, view, slider moved
  ['fBm-4 value, raw', 'sc=16&o=4', 'raw', 'gain'],
  ['fBm-4 value, land', 'sc=16&o=4', 'land', 'gain'],
  ['fBm-4 value, bands', 'sc=16&o=4', 'bands', 't2'],
  ['fBm-4 value, biomes', 'sc=16&o=4', 'biomes', 'm1'],
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
    await window.explorer.idle();
    const r0 = window.explorer.perf.renders, p0 = window.explorer.perf.previews;
    let seen = window.explorer.perf.renders;
    const t0 = performance.now();
    let i = 0;
    while (performance.now() - t0 < ms) {
      // Sweep around the start value, one step per frame, as a slow drag does.
      const k = (i++ % 8) - 4;
      el.value = String(Math.min(hi, Math.max(lo, (Number.isFinite(start) ? start : mid) + k * step)));
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();   // the page's frame (scheduled by the input) runs before this callback
      if (window.explorer.perf.renders !== seen) {
        seen = window.explorer.perf.renders;
        const last = window.explorer.perf.last[view];
        if (last) times.push(last.ms);
        frames.push(window.explorer.perf.frameMs);
        changes.push(window.explorer.perf.changeMs);
      }
    }
    const elapsed = performance.now() - t0;
    const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
    return { renders: window.explorer.perf.renders - r0, previews: window.explorer.perf.previews - p0, elapsed, times, inputs: i, frameMs: med(frames), changeMs: med(changes) };
  }, { key, view, ms, adaptive });
}

export async function benchExplorer({ browser, url, log = console.log, quick = false }) {
  const ms = quick ? 700 : 2500;
  const rows = [];
  for (const [name, query, view, key] of CASES) {
    await withPage(browser, `${url}web/explorer.html?${query}#view=${view}&x=0&y=0&zoom=1&layout=focus`, { viewport: { width: 1400, height: 1000 } }, async ({ page, problems }) => {
      await page.waitForFunction(() => ['ready', 'error'].includes(document.documentElement.dataset.state), null, { timeout: 20000 });
      // Warm up (wasm tier-up, first allocations), then measure.
      await moveSlider(page, { key, view, ms: quick ? 200 : 600 });
      const r = await moveSlider(page, { key, view, ms });
      const rps = (r.renders / r.elapsed) * 1000;
      const med = median(r.times);
      const a = await moveSlider(page, { key, view, ms: Math.min(ms, 1200), adaptive: true });
      const aps = ((a.renders + a.previews) / a.elapsed) * 1000;
      rows.push([name, key, (rps).toFixed(1), med.toFixed(1), r.frameMs.toFixed(1), r.changeMs.toFixed(1), aps.toFixed(1), rps >= 30 ? 'yes' : 'no']);
      if (problems.length) log(`  (${name}: ${problems.join('; ')})`);
    });
  }
  // All five views side by side: the current view renders every frame, the others as time allows.
  await withPage(browser, `${url}web/explorer.html?sc=16&o=4#view=bands&x=0&y=0&zoom=1`, { viewport: { width: 1400, height: 1000 } }, async ({ page }) => {
    await page.waitForFunction(() => document.documentElement.dataset.state === 'ready', null, { timeout: 20000 });
    await moveSlider(page, { key: 't2', view: 'bands', ms: quick ? 200 : 600 });
    const r = await moveSlider(page, { key: 't2', view: 'bands', ms });
    const rps = (r.renders / r.elapsed) * 1000;
    rows.push(['fBm-4 value, all 5 views (grid)', 't2', rps.toFixed(1), median(r.times).toFixed(1), r.frameMs.toFixed(1), r.changeMs.toFixed(1), '–', rps >= 30 ? 'yes' : 'no']);
  });
  log('\nExplorer: re-renders while a slider moves, 512 x 512 view, headless Chromium (goal: >= 30 renders/s)');
  log(table(['case (layout=focus unless noted)', 'slider', 'renders/s', 'ms/render', 'ms/frame', 'ms/input', 'updates/s adaptive', '>= 30/s'], rows));
  log('renders/s: views rendered per second (grid: all views); ms/render: colour fill + putImageData of one view (median);');
  log('ms/frame: all work in the page\'s frame (renders, profile, histogram, stats); ms/input: the input handler (new Field, controls).');
  log('updates/s adaptive: the page as shipped, where a view slower than 30 ms is previewed at half resolution while');
  log('the slider moves (full renders + previews per second); every other column is full 512 x 512 renders only.');
  log('The page renders at most once per animation frame (60/s on a 60 Hz clock).');
  return rows;
}

// node bench/explorer.mjs [--quick]: run this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBrowser } = await import('../tests/browser/helpers/browser.mjs');
  const b = await startBrowser();
  try {
    await benchExplorer({ browser: b.browser, url: b.url, quick: process.argv.includes('--quick') });
  } finally {
    await b.close();
  }
}
