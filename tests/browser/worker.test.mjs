// The landscape's two homes: the scene in a dedicated module worker (OffscreenCanvas layers, the
// default where the browser has them) and on the main thread (option worker: false, or a worker
// that cannot start). Both give the same pixels for the same frozen moment, a link shared from one
// rebuilds in the other, the handle's commands reach the worker, and a CSP decides the mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { loadNoisefield, repoRoot } from '../wasm/helpers/load.mjs';
import { startBrowser, openPage, withPages, layerHashes, installPixels, canvasStats, artifactsDir, pageFrames, paintedStats } from './helpers/browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

import { REPORT_FIELDS } from '../../web/landscape-ops.js';
const { LAYERS } = (await loadNoisefield()).Landscape;  // the module's order, which the page's canvases follow

async function load(path, opts = {}, base = env.url, browser = env.browser) {
  const o = await openPage(browser, base + path.replace(/^\//, ''), opts);
  await o.page.waitForFunction(() => window.__noisefield, null, { timeout: 20000 });
  assert.equal(await o.page.evaluate(() => window.__noisefield.failed ?? null), null, 'the module mounted');
  return o;
}
const mode = (page) => page.evaluate(() => [window.__noisefield.mode, window.__noisefield.debug.mode]);
const info = (page) => page.evaluate(() => window.__noisefield.debug.call('debugInfo'));

test('a frozen moment: the worker and the main thread paint the same eight layers, each rendering once', async () => {
  const q = '/?test&t=7.25&day=0.7&seed=404&season=none';
  await withPages([() => load(q + '&worker=1'), () => load(q + '&worker=0'), () => load(q)], async (w, m, d) => {
    assert.deepEqual(await mode(w.page), ['worker', 'worker']);
    assert.deepEqual(await mode(m.page), ['main', 'main']);
    assert.deepEqual(await mode(d.page), ['worker', 'worker'], 'the worker is the default where the browser has one');
    const [hw, hm] = [await layerHashes(w.page), await layerHashes(m.page)];
    assert.equal(hw.length, LAYERS.length);
    for (const layer of LAYERS) {
      const s = await canvasStats(w.page, `canvas.nf-layer-${layer}`);
      assert.ok(s.opaque > 0 && s.colours > 1, `the worker's ${layer} layer reaches the page: ${JSON.stringify(s)}`);
    }
    assert.deepEqual(hw, hm, 'every layer, bit for bit');
    for (const x of [w, m]) {
      const i = await info(x.page);
      assert.deepEqual([i.paintOnceCount, i.renderCount], [1, 1], 'mount renders the first frame once');
      assert.equal(await x.page.evaluate(() => window.__noisefield.debug.frames), 0, 'a frozen clock runs no frames');
    }
    await w.page.screenshot({ path: join(artifactsDir, 'landscape-worker.png') });
    await m.page.screenshot({ path: join(artifactsDir, 'landscape-main.png') });
    for (const x of [w, m, d]) assert.deepEqual(x.problems, []);
  });
});

test('the worker gets the page\'s compiled module: the (packed) wasm is fetched once', async () => {
  await withPages([() => openPage(env.browser, null)], async ({ page, context, problems }) => {
    const wasm = [];
    context.on('request', (r) => { if (/\.wasm(\.lzma)?$/.test(r.url())) wasm.push(r.url()); });
    await page.goto(env.url + '?test&t=3&day=0.7&worker=1');
    await page.waitForFunction(() => window.__noisefield?.debug, null, { timeout: 20000 });
    assert.equal(await page.evaluate(() => window.__noisefield.mode), 'worker');
    assert.equal(wasm.length, 1, wasm.join(' '));
    assert.match(wasm[0], /\/noisefield-landscape\.wasm\.lzma$/, 'the packed file');
    assert.deepEqual(problems, []);
  });
});

test('the handle in worker mode: setters repaint as on the main thread, and a live page runs in the worker', async () => {
  const q = '/?test&t=4&day=0.45&seed=404&season=40';
  await withPages([() => load(q + '&worker=1'), () => load('/?test&t=4&day=0.8&seed=405&season=222&dusk=0.5&worker=0'), () => load('/?test&day=0.6&worker=1')], async (w, m, live) => {
    await w.page.evaluate(async () => {
      const h = window.__noisefield;
      await h.setSeed(405);
      await h.setSeason(222);
      await h.setDay(0.8);
      await h.setDusk(0.5);
    });
    const s = await w.page.evaluate(() => window.__noisefield.state());
    assert.deepEqual([s.seed, s.season, s.day, s.dusk], [405, 222, 0.8, 0.5]);
    assert.deepEqual(await layerHashes(w.page), await layerHashes(m.page), 'setters in the worker give the main thread\'s pixels');
    const err = await w.page.evaluate(() => { try { window.__noisefield.setDay(2); return ''; } catch (e) { return e.message; } });
    assert.match(err, /day must be a number in \[0, 1\]/, 'values are checked on the page, at once');

    // Live: the worker's loop advances, the page mirrors its clock; hidden, it stops.
    await live.page.waitForFunction(() => window.__noisefield.debug.frames > 10 && window.__noisefield.state().clock > 0.2, null, { timeout: 30000 });
    await live.page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // The worker has stopped (its count holds over 10 frames: steps already posted may still come
    // in), then nothing more for 40 frames.
    const frames = () => live.page.evaluate(() => window.__noisefield.debug.frames);
    let f1 = await frames();
    for (let i = 0; i < 30; i++) {
      await pageFrames(live.page, 10);
      const f = await frames();
      if (f === f1) break;
      f1 = f;
    }
    await pageFrames(live.page, 40);
    assert.equal(await frames(), f1, 'no frames while hidden');
    for (const x of [w, m, live]) assert.deepEqual(x.problems, []);
  });
});

// One op list (web/landscape-ops.js) for both homes: the world in one setWorld call (one repaint,
// checked at once, live options only), and the core's reports in one shape.
test('one op list: setWorld applies the world at once with one repaint, and the core reports in one shape, worker and main thread', async () => {
  const q = '/?test&t=4&day=0.45&seed=404&season=40';
  const pages = [() => load(q + '&worker=1'), () => load(q + '&worker=0'), () => load('/?test&t=4&day=0.8&seed=405&season=222&dusk=0.5&worker=0'),
    () => load('/?test&day=0.6&worker=1'), () => load('/?test&day=0.6&worker=0')];
  await withPages(pages, async (w, m, want, lw, lm) => {
    const expected = await layerHashes(want.page);
    for (const x of [w, m]) {
      const r = await x.page.evaluate(async () => {
        const h = window.__noisefield;
        const before = await h.debug.call('debugInfo');
        await h.setWorld({ seed: 405, season: 222, day: 0.8, dusk: 0.5 });
        const after = await h.debug.call('debugInfo');
        const message = (f) => { try { f(); return ''; } catch (e) { return e.message; } };
        return {
          repaints: after.paintOnceCount - before.paintOnceCount, state: h.state(),
          bad: message(() => h.setWorld({ seed: 7, day: 2 })), notLive: message(() => h.setWorld({ pitch: 2 })),
          seedAfterBad: h.state().seed,
        };
      });
      const mode = (await x.page.evaluate(() => window.__noisefield.mode));
      assert.equal(r.repaints, 1, `${mode}: one repaint for the four values`);
      assert.deepEqual([r.state.seed, r.state.season, r.state.day, r.state.dusk], [405, 222, 0.8, 0.5]);
      assert.deepEqual(await layerHashes(x.page), expected, `${mode}: the pixels of the link with those values`);
      assert.match(r.bad, /^day must be a number in \[0, 1\] \(got 2\)$/);
      assert.equal(r.seedAfterBad, 405, 'nothing of a refused world is applied');
      assert.match(r.notLive, /pitch is not a world option the scene takes live \(allowed: seed, day, dusk, season/);
    }
    // Live, then hidden: progress reports, then a sleep, of the same fields in both modes.
    const shapes = [];
    for (const x of [lw, lm]) {
      await x.page.waitForFunction(() => window.__noisefield.debug.frames > 10, null, { timeout: 20000 });
      await x.page.evaluate(() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await x.page.waitForFunction(() => window.__noisefield.debug.reportShapes.some((s) => s.startsWith('sleep')), null, { timeout: 20000 });
      shapes.push(await x.page.evaluate(() => [...window.__noisefield.debug.reportShapes].sort()));
    }
    const fields = REPORT_FIELDS.join(', ');
    assert.deepEqual(shapes[0], [`progress: ${fields}`, `sleep: ${fields}`], 'the worker\'s reports');
    assert.deepEqual(shapes[1], shapes[0], 'the main thread\'s, the same');
    for (const x of [w, m, want, lw, lm]) assert.deepEqual(x.problems, []);
  });
});

test('share links cross modes: shared from the worker, rebuilt on the main thread, and back', async () => {
  for (const [from, to] of [['1', '0'], ['0', '1']]) {
    await withPages([() => load(`/some/missing/page?test&seed=alice&season=40&worker=${from}`)], async (a) => {
      // Shared while the view runs at its own pitch: one a busy machine raised (state().adapted) is
      // not the link's (which keeps the pitch chosen), so such a share is taken again.
      let u = null;
      for (let attempt = 0; attempt < 5 && !u; attempt++) {
        await a.page.waitForFunction(() => { const s = window.__noisefield.state(); return s.clock > 0.5 && s.adapted === null && !s.paused; }, null, { timeout: 60000 });
        await a.page.mouse.move(300, 200, { steps: 5 });
        await a.page.mouse.move(700, 650, { steps: 5 });
        await a.page.evaluate(() => { delete document.querySelector('.nf-share').dataset.link; });
        await a.page.locator('.nf-share').click();
        await a.page.waitForFunction(() => document.querySelector('.nf-share').dataset.link);
        if ((await a.page.evaluate(() => window.__noisefield.state().adapted)) === null) u = new URL(await a.page.$eval('.nf-share', (b) => b.dataset.link));
        else await a.page.evaluate(() => window.__noisefield.resume());
      }
      assert.ok(u, 'shared at the view\'s own pitch within five tries');
      const shared = await layerHashes(a.page);
      await withPages([() => load(`${u.pathname}${u.search}&test&worker=${to}`, { colorScheme: 'dark' })], async (b) => {
        assert.equal((await mode(b.page))[0], to === '1' ? 'worker' : 'main');
        assert.deepEqual(await layerHashes(b.page), shared, `shared in ${from === '1' ? 'worker' : 'main'} mode, rebuilt bit for bit`);
        assert.deepEqual(b.problems, []);
      });
      assert.deepEqual(a.problems.filter((p) => !p.includes('status of 404')), []);
    });
  }
});

// The README's header, with and without the worker: worker-src 'self' lets the scene off the
// main thread; worker-src 'none' keeps it on the main thread, with the browser's one report.
const CSP = readFileSync(join(repoRoot, 'README.md'), 'utf8').match(/^Content-Security-Policy: (default-src 'none';.*)$/m)?.[1];

test('under the README\'s strict CSP: worker-src \'self\' runs the worker, worker-src \'none\' the main thread', async () => {
  assert.ok(CSP && CSP.includes("worker-src 'self'"), `the README's header names worker-src 'self': ${CSP}`);
  const without = CSP.replace("worker-src 'self'", "worker-src 'none'");
  for (const [policy, expected] of [[CSP, 'worker'], [without, 'main']]) {
    const { server, url } = await startServer({ root: repoRoot, headers: { 'content-security-policy': policy } });
    try {
      await withPages([() => openPage(env.browser, url + 'tests/browser/pages/banner.html', { viewport: { width: 1200, height: 900 } })], async ({ page, problems }) => {
        await page.waitForFunction(() => document.getElementById('hero')?.handle?.placement(), null, { timeout: 20000 });
        assert.equal(await page.evaluate(() => document.getElementById('hero').handle.mode), expected);
        for (const layer of ['sky', 'gate', 'hill']) {
          const s = await paintedStats(page, `#hero canvas.nf-layer-${layer}`);
          assert.ok(s.opaque > 0 && s.colours > 1, `${expected}: ${layer} painted`);
        }
        await page.locator('#hero').screenshot({ path: join(artifactsDir, `banner-csp-${expected}.png`) });
        // Without the worker the browser reports the refused worker script (README, CSP); nothing else.
        const refused = (p) => /CSP violation: worker-src/.test(p) || /Refused to create a worker|violates the following Content Security Policy directive: "worker-src/.test(p);
        assert.deepEqual(problems.filter((p) => !refused(p)), [], policy);
        if (expected === 'main') {
          const before = problems.filter(refused).length;
          assert.ok(before >= 1, problems.join('\n'));
          // A remount (a changed framing) on a page that refused the worker does not ask again.
          await page.evaluate(() => document.getElementById('hero').setAttribute('framing', 'cover'));
          await page.waitForFunction(() => document.getElementById('hero').handle?.state().framing === 'cover');
          assert.equal(await page.evaluate(() => document.getElementById('hero').handle.mode), 'main');
          assert.equal(problems.filter(refused).length, before, problems.join('\n'));
        }
      });
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  }
});

test('mount() options: worker: false, and a moduleUrl (the full module) that the worker loads too', async () => {
  await withPages([() => load('/?test&t=3&day=0.7&seed=404&season=none&motion=off')], async ({ page, problems }) => {
    await installPixels(page);
    const r = await page.evaluate(async () => {
      const { mount } = await import('./web/landscape.js');
      const out = [];
      // The module's URL as text and as a URL object (types/landscape.d.ts: string | URL).
      for (const [worker, moduleUrl] of [[true, 'web/noisefield.mjs'], [false, 'web/noisefield.mjs'], [true, new URL('web/noisefield.mjs', document.baseURI)]]) {
        const el = document.createElement('div');
        el.style.width = '640px';
        el.style.height = '400px';
        document.body.appendChild(el);
        const h = await mount(el, { moduleUrl, worker, time: 3, day: 0.7, seed: 404, season: 'none', debug: true });
        await h.debug.shown();
        out.push({ mode: h.mode, hashes: h.canvases.map((c) => window.__nfPixels.hash(c)) });
        h.destroy();
        el.remove();
      }
      return out;
    });
    assert.deepEqual(r.map((x) => x.mode), ['worker', 'main', 'worker']);
    assert.deepEqual(r[0].hashes, r[1].hashes, 'the full module paints the same layers in both modes');
    assert.deepEqual(r[2].hashes, r[0].hashes, 'a URL object loads the same module');
    const err = await page.evaluate(async () => {
      const { mount } = await import('./web/landscape.js');
      try { await mount(document.createElement('div'), { worker: 'yes' }); return ''; } catch (e) { return e.message; }
    });
    assert.equal(err, 'worker must be true or false');
    // <noisefield-landscape worker="false">: the attribute is the option.
    const elementMode = await page.evaluate(async () => {
      await import('./web/landscape-element.js');
      const el = document.createElement('noisefield-landscape');
      el.setAttribute('worker', 'false');
      el.setAttribute('t', '3');
      el.style.width = '300px';
      el.style.height = '200px';
      document.body.appendChild(el);
      const h = await el.ready;
      const mode = h.mode;
      el.remove();
      return mode;
    });
    assert.equal(elementMode, 'main');
    assert.deepEqual(problems, []);
  });
});

// The mount's main-thread work is several tasks, not one: the module's instantiation, the mount's
// checks and new canvases, the start of the core (the canvases' transfer to the worker, or the
// scene made here) and the element's new children with their first layout each end a task, so a
// slow or busy machine can run a frame or input between them and none of them grows long (a
// trace of a cold load placed one 51-58 ms load task there on a loaded machine). A trace of the
// page's main thread marks each step (console.timeStamp from wrappers an init script installs)
// and finds the top-level task each falls in: which task is a matter of order, not of timing.
test('a cold load splits the mount\'s main-thread work into separate tasks (a trace)', async () => {
  for (const worker of [1, 0]) {
    await withPages([() => openPage(env.browser, null)], async ({ page, problems }) => {
      await page.addInitScript(() => {
        const stamp = (name) => console.timeStamp(`nf-step-${name}`);
        const instantiate = WebAssembly.instantiate;
        WebAssembly.instantiate = function (...args) {
          return instantiate.apply(this, args).then((r) => { stamp('instantiated'); return r; });
        };
        const createElement = Document.prototype.createElement;
        Document.prototype.createElement = function (tag, ...rest) {
          if (String(tag).toLowerCase() === 'canvas') stamp('canvas');
          return createElement.call(this, tag, ...rest);
        };
        const transfer = HTMLCanvasElement.prototype.transferControlToOffscreen;
        HTMLCanvasElement.prototype.transferControlToOffscreen = function () { stamp('transfer'); return transfer.call(this); };
        const appendChild = Node.prototype.appendChild;
        Node.prototype.appendChild = function (child) {
          if (child?.classList?.contains('nf-stage')) stamp('attach');
          return appendChild.call(this, child);
        };
      });
      const cdp = await page.context().newCDPSession(page);
      const events = [];
      cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
      const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
      // RunTask (disabled-by-default-devtools.timeline) spans a whole task, the microtasks run at
      // its end included (toplevel's ThreadControllerImpl::RunTask ends before them).
      await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
      await page.goto(`${env.url}?test&t=3&day=0.7&seed=404&worker=${worker}`);
      await page.waitForFunction(() => window.__noisefield?.debug, null, { timeout: 20000 });
      assert.equal(await page.evaluate(() => window.__noisefield.mode), worker ? 'worker' : 'main');
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      const steps = events.filter((e) => e.name === 'TimeStamp' && /^nf-step-/.test(e.args?.data?.message ?? ''));
      assert.ok(steps.length > 0, 'the trace holds the steps');
      const { pid, tid } = steps[0];
      const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
      // The outermost task around a step: its start identifies it.
      const taskOf = (e) => Math.min(...tasks.filter((t) => t.ts <= e.ts && e.ts <= t.ts + t.dur).map((t) => t.ts));
      const first = (name) => {
        const e = steps.find((s) => s.args.data.message === `nf-step-${name}`);
        assert.ok(e, `the trace has the step ${name}`);
        return taskOf(e);
      };
      const order = worker ? ['instantiated', 'canvas', 'transfer', 'attach'] : ['instantiated', 'canvas', 'attach'];
      const at = order.map(first);
      assert.ok(at.every(Number.isFinite), `each step lies in a task: ${at}`);
      for (let i = 1; i < at.length; i++) {
        assert.ok(at[i] > at[i - 1], `worker=${worker}: ${order[i]} runs in a later task than ${order[i - 1]} (${at.join(', ')})`);
      }
      assert.deepEqual(problems, []);
    });
  }
});
