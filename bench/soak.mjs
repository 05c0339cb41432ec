// ./noisefield bench soak: a soak run, not a test. The 404 page for 20,000 frames (stepped by hand
// through its debug hook) under random pointer moves, clicks on the water and viewport resizes,
// then the explorer under random slider moves. Prints JS heap, wasm heap and DOM nodes at the
// start, on the plateau (the median of the middle samples) and at the end; a leak shows as an end
// well above the plateau. Figures measured on a busy machine are noise; the shape is what counts.
import { openPage, closeContext } from '../tests/browser/helpers/browser.mjs';

const SIZES = [[1280, 800], [800, 600], [1920, 1080], [390, 844], [1440, 900], [1024, 1366]];

async function metrics(page, cdp, wasm) {
  await cdp.send('HeapProfiler.collectGarbage');
  const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
  return { js: m.JSHeapUsedSize, nodes: m.Nodes, wasm: await page.evaluate(wasm) };
}

function summary(samples) {
  const mid = samples.slice(Math.floor(samples.length / 3), Math.ceil((2 * samples.length) / 3));
  const med = (k) => { const v = mid.map((s) => s[k]).sort((a, b) => a - b); return v[Math.floor(v.length / 2)]; };
  return { start: samples[0], plateau: { js: med('js'), nodes: med('nodes'), wasm: med('wasm') }, end: samples.at(-1) };
}

const mb = (b) => (b / 1048576).toFixed(2);
function rows(s) {
  return [['JS heap (MB)', mb(s.start.js), mb(s.plateau.js), mb(s.end.js)],
    ['wasm heap in use (MB)', mb(s.start.wasm), mb(s.plateau.wasm), mb(s.end.wasm)],
    ['DOM nodes', String(s.start.nodes), String(s.plateau.nodes), String(s.end.nodes)]];
}

// Runs fn({ page, cdp }) on a page at `path` once ready() holds, with CDP metrics on.
async function onPage(browser, url, path, height, ready, fn) {
  const o = await openPage(browser, null, { viewport: { width: 1280, height } });
  try {
    const cdp = await o.context.newCDPSession(o.page);
    await cdp.send('Performance.enable');
    await o.page.goto(new URL(path, url).href);
    await o.page.waitForFunction(ready, null, { timeout: 60000 });
    return await fn({ page: o.page, cdp });
  } finally {
    await closeContext(o.context);
  }
}

function soakLandscape(browser, url, frames) {
  const ready = () => window.__noisefield && (window.__noisefield.debug || window.__noisefield.failed);
  return onPage(browser, url, '?test&day=0.6&seed=404', 800, ready, async ({ page, cdp }) => {
    const wasm = async () => (await window.__noisefield.debug.call('debugInfo')).heapUsed;
    const samples = [await metrics(page, cdp, wasm)];
    const chunk = 500;
    for (let done = 0, k = 0; done < frames; done += chunk, k++) {
      if (k % 2 === 1) {
        const [w, h] = SIZES[k % SIZES.length];
        await page.setViewportSize({ width: w, height: h });
      }
      await page.evaluate(async ({ n, seed }) => {
        let s = seed;
        const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
        const h = window.__noisefield;
        for (let i = 0; i < n; i++) {
          const x = rnd() * innerWidth, y = rnd() * innerHeight;
          window.dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: y, bubbles: true }));
          if (rnd() < 0.01) document.elementFromPoint(x, y)?.dispatchEvent(new PointerEvent('pointerdown', { clientX: x, clientY: y, bubbles: true }));
          await h.debug.call('step', 1, 1 / 60);  // in the worker or on the main thread, where the scene runs
        }
      }, { n: Math.min(chunk, frames - done), seed: 1000 + k });
      samples.push(await metrics(page, cdp, wasm));
    }
    return summary(samples);
  });
}

function soakExplorer(browser, url, moves) {
  const ready = () => document.documentElement.dataset.state === 'ready';
  return onPage(browser, url, 'web/explorer.html?sc=16#view=bands&x=0&y=0&zoom=1&res=256', 900, ready, async ({ page, cdp }) => {
    const wasm = () => window.explorer.nf.heapUsedBytes();
    const samples = [await metrics(page, cdp, wasm)];
    const chunk = 50;
    for (let done = 0, k = 0; done < moves; done += chunk, k++) {
      await page.evaluate(async ({ n, seed }) => {
        let s = seed;
        const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
        const sliders = [...document.querySelectorAll('#controls input[type=range]')].filter((e) => !e.disabled);
        for (let i = 0; i < n; i++) {
          const el = sliders[Math.floor(rnd() * sliders.length)];
          const lo = Number(el.min), hi = Number(el.max);
          el.value = String(lo + rnd() * (hi - lo));
          el.dispatchEvent(new Event('input', { bubbles: true }));
          if (i % 5 === 4) await window.explorer.idle();
        }
        await window.explorer.idle();
      }, { n: Math.min(chunk, moves - done), seed: 7000 + k });
      samples.push(await metrics(page, cdp, wasm));
    }
    return summary(samples);
  });
}

export async function benchSoak({ browser, url, report, quick }) {
  const frames = quick ? 2000 : 20000, moves = quick ? 100 : 1000;
  report.section(`Soak: the 404 page, ${frames} frames (random pointer, clicks, a resize every 1000 frames)`,
    ['', 'start', 'plateau', 'end'], rows(await soakLandscape(browser, url, frames)),
    ['After a forced GC at each sample. Plateau: the median of the middle third of the samples (one per 500 frames).']);
  report.section(`Soak: the explorer, ${moves} random slider moves (a render every 5)`,
    ['', 'start', 'plateau', 'end'], rows(await soakExplorer(browser, url, moves)),
    ['After a forced GC at each sample (one per 50 moves).']);
}
