// The live loop's frames (web/landscape-core.js): with the pointer still, the scene's steps go on
// at 60 a second but their changes share frames (a frame per shortest tick at most, none between
// ticks), and what the canvases show is still exactly the scene's layers; a moving pointer puts the
// loop back at display rate. Counted by the page's test instruments (debugInfo: steps = advance()
// calls, presents = frames put on the canvases), in the worker and on the main thread.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, withPages, installPixels } from './helpers/browser.mjs';
import { decodePng } from '../wasm/helpers/png.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

async function load(path) {
  const o = await openPage(env.browser, env.url + path);
  await o.page.waitForFunction(() => window.__noisefield, null, { timeout: 20000 });
  assert.equal(await o.page.evaluate(() => window.__noisefield.failed ?? null), null, 'the module mounted');
  return o;
}
const withLoad = (path, fn) => withPages([() => load(path)], fn);
const info = (page) => page.evaluate(() => window.__noisefield.debug.call('debugInfo'));
// The loop's pace record (web/landscape-loop.js) once it spans a full window, and at least minMs
// after the call (the first paint's work done), or whatever it is after 30 s.
const settledPace = (page, minMs = 0) => page.evaluate(async (min) => {
  const d = window.__noisefield.debug;
  for (const t0 = performance.now(); performance.now() - t0 < 30000;) {
    if (d.pace?.span >= 2 && performance.now() - t0 >= min) return d.pace;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return d.pace;
}, minMs);

// Steps and frames over the next `steps` advance() calls (waited for: the loop's own count).
async function countOver(page, steps, during = null) {
  const a = await info(page);
  const moving = during ? during() : null;
  const reached = await page.evaluate(async ([s0, n]) => {
    for (const t0 = performance.now(); performance.now() - t0 < 60000;) {
      if ((await window.__noisefield.debug.call('debugInfo')).steps >= s0 + n) return true;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    return false;
  }, [a.steps, steps]);
  assert.ok(reached, `the loop made ${steps} steps within a minute`);
  await moving?.stop();
  const b = await info(page);
  return { steps: b.steps - a.steps, presents: b.presents - a.presents, puts: b.puts.map((n, l) => n - a.puts[l]) };
}

// A pointer sweeping over the page until stop() (each move awaited, so the moves keep coming).
function sweep(page) {
  let on = true, x = 100;
  const done = (async () => {
    while (on) {
      x = x > 1100 ? 100 : x + 23;
      await page.mouse.move(x, 200 + (x % 300));
    }
  })();
  return { stop: async () => { on = false; await done; } };
}

for (const worker of [1, 0]) {
  test(`${worker ? 'worker' : 'main thread'}: pointer still, the ticks share frames; moving, a frame per display frame with a change`, async () => {
    await withLoad(`?test&day=0.6&worker=${worker}`, async ({ page, problems }) => {
      assert.equal(await page.evaluate(() => window.__noisefield.debug.mode), worker ? 'worker' : 'main');
      const shortest = await page.evaluate(() => window.__noisefield.debug.module.Landscape.shortestTick);
      assert.ok(shortest >= 1 / 60 && shortest <= 0.2, `Landscape.shortestTick ${shortest}`);
      await page.waitForFunction(() => window.__noisefield.debug.flatShown()?.[0] === 0, null, { timeout: 30000 });  // the opaque base
      await countOver(page, 30);  // past the first frames
      const still = await countOver(page, 180);
      // 60 steps a second; a frame per shortest tick (20 a second: a third of the steps; a late
      // timer merges more steps into a frame, a batch cut short on a busy main thread shows what it
      // has, so a little more), far from the frame per step (ticks interleave) of a display-rate loop.
      assert.ok(still.presents <= 1.3 * still.steps * (1 / 60) / shortest + 2, `still: ${JSON.stringify(still)}`);
      assert.ok(still.presents >= still.steps / 12, `still: the ticks are shown (${JSON.stringify(still)})`);
      // The opaque base shown as one canvas: the layers' own canvases, hidden, get nothing (in a
      // worker each canvas changed is one more frame for the compositor).
      const run = await page.evaluate(() => window.__noisefield.debug.flatShown());
      assert.ok(run && run[0] === 0, `the opaque base shown: ${run}`);
      assert.deepEqual(still.puts.slice(run[0], run[1] + 1), Array(run[1] + 1 - run[0]).fill(0), `still: nothing put on the hidden layer canvases (${JSON.stringify(still)})`);
      // Moving: every display frame that changed pixels is shown at once, and nearly every frame
      // carries a tick (ticks interleave), so far more frames per step than when still.
      const moving = await countOver(page, 120, () => sweep(page));
      assert.ok(moving.presents / moving.steps > 1.5 * (still.presents / still.steps), `moving ${JSON.stringify(moving)} vs still ${JSON.stringify(still)}`);
      assert.deepEqual(problems, []);
    });
  });
}

// The changes a frame holds back are shown whole: after live batches (pointer still), once the
// held changes are put on the canvases, every canvas equals its scene layer, pixel for pixel.
test('live, pointer still: the canvases show exactly the scene\'s layers', async () => {
  await withLoad('?test&day=0.2&px=3&worker=0', async ({ page, problems }) => {
    await installPixels(page);
    await countOver(page, 120);
    const r = await page.evaluate(async () => {
      const h = window.__noisefield;
      // One task: the loop cannot step between the reads (the scene runs on this thread).
      const core = h.debug.call;
      const held = core('showHeld');
      const layers = core('layers');
      await held;
      const ls = await layers;
      return h.canvases.map((c, l) => {
        const shown = window.__nfPixels.read(c);
        let differ = 0;
        for (let k = 0; k < shown.length; k += 4) {
          const a = ls[l][k + 3];
          if (shown[k + 3] !== a || (a && (shown[k] !== ls[l][k] || shown[k + 1] !== ls[l][k + 1] || shown[k + 2] !== ls[l][k + 2]))) differ++;
        }
        return { bytes: shown.length, expected: ls[l].length, differ };
      });
    });
    for (const [l, x] of r.entries()) {
      assert.equal(x.bytes, x.expected, `layer ${l}: the canvas has the layer's size`);
      assert.equal(x.differ, 0, `layer ${l}: the canvas shows the layer exactly`);
    }
    assert.deepEqual(problems, []);
  });
});

// A scene that cannot keep up (made slow here by the test instruments' burden: busy work per step
// in proportion to the buffer's pixels, as a slow machine's ticks cost): the page raises the pitch
// until its steps keep up with the clock, says so in state(), and a share link still carries the
// pitch the page was asked for.
test('behind: the pitch is raised until the scene keeps up; state() says so; the share link keeps the chosen pitch', async () => {
  await withLoad('?test&day=0.6&px=1&worker=1', async ({ page, problems }) => {
    const s0 = await page.evaluate(() => window.__noisefield.state());
    assert.deepEqual([s0.pitch, s0.requestedPitch, s0.adapted], [1, 1, null]);
    // 1280 x 800 at pitch 1: a million buffer pixels, 60 ms of work per 1/60 s step; at pitch 3, 7 ms.
    await page.evaluate(() => window.__noisefield.debug.call('burden', 6));
    const adapted = await page.evaluate(async () => {
      for (const t0 = performance.now(); performance.now() - t0 < 90000;) {
        const s = window.__noisefield.state();
        if (s.adapted === 'behind' && s.pitch >= 2) return s;
        await new Promise((ok) => setTimeout(ok, 200));
      }
      return window.__noisefield.state();
    });
    assert.equal(adapted.adapted, 'behind', JSON.stringify(adapted));
    assert.ok(adapted.pitch > 1 && adapted.requestedPitch === 1, JSON.stringify(adapted));
    // Save picture renders at the pitch asked for, not the raised one: a buffer pixel per CSS px.
    const pic = await page.evaluate(async () => { const p = await window.__noisefield.picture(1); return { w: p.width, h: p.height }; });
    const view = await page.evaluate(() => window.__noisefield.placement());
    assert.ok(pic.w >= view.w && pic.h >= view.h, `picture ${JSON.stringify(pic)} at pitch 1 for a ${view.w} x ${view.h} view`);
    assert.equal((await page.evaluate(() => window.__noisefield.state())).pitch, adapted.pitch, 'the view keeps its raised pitch');
    await page.locator('.nf-share').click();
    await page.waitForFunction(() => document.querySelector('.nf-share').dataset.link);
    const link = new URL(await page.$eval('.nf-share', (b) => b.dataset.link));
    assert.equal(link.searchParams.get('px'), '1', `the link keeps px=1: ${link}`);
    assert.deepEqual(problems, []);
  });
});

// A machine that is slow for a while and then not (Chromium's own CPU throttling, on the main
// thread where the scene runs here): the page raises the pitch while it cannot keep up and, once
// it keeps up with room to spare, steps back down one pitch at a time to the one asked for, never
// finer. state() says so all along, and the pitch a link carries is the one asked for throughout.
// A small view (640 x 400 at pitch 2: a fifth of the pixels of the other tests' view), so that a
// shared, busy test machine keeps up with it once the throttling ends. The throttling is measured
// against this host, not fixed: the loop's own busy share, settled, sets a rate that asks about
// twice what the thread can give (a fixed 40x left a slow host a few steps a minute and its
// repaint at the raised pitch minutes long, and a fast host might keep up).
test('behind, then not: the pitch rises while throttled and steps back down to the one asked after', async () => {
  const small = async () => {
    const o = await openPage(env.browser, env.url + '?test&day=0.6&px=2&worker=0', { viewport: { width: 640, height: 400 } });
    await o.page.waitForFunction(() => window.__noisefield, null, { timeout: 20000 });
    return o;
  };
  await withPages([small], async ({ page, problems }) => {
    const state = () => page.evaluate(() => window.__noisefield.state());
    const s0 = await state();
    assert.deepEqual([s0.pitch, s0.requestedPitch, s0.adapted], [2, 2, null]);
    const cdp = await page.context().newCDPSession(page);
    // Polls state() until ok(state) or the timeout: -> [the last state, every pitch seen].
    const until = (ok, ms) => page.evaluate(async ([src, limit]) => {
      const test = new Function('s', `return ${src}`);
      const seen = [];
      for (const t0 = performance.now(); performance.now() - t0 < limit;) {
        const s = window.__noisefield.state();
        seen.push([s.pitch, s.requestedPitch, s.adapted]);
        if (test(s)) return [s, seen];
        await new Promise((ok) => setTimeout(ok, 250));
      }
      return [window.__noisefield.state(), seen];
    }, [ok, ms]);
    // Settled: the first paint's work done and the loop's record a full window long.
    const pace = await settledPace(page, 4000);
    assert.ok(pace?.span >= 2 && pace.keepingUp > 0.97, `the loop keeps up before the throttling: ${JSON.stringify(pace)}`);
    const rate = Math.min(60, Math.max(4, Math.round(2 / Math.max(pace.busy, 0.01))));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const [raised, during] = await until("s.adapted === 'behind' && s.pitch >= 3", 90000);
    assert.equal(raised.adapted, 'behind', `throttled ${rate}x (busy ${pace.busy.toFixed(3)} before): ${JSON.stringify(raised)} after ${JSON.stringify(during.slice(-5))}`);
    assert.ok(during.every(([, r]) => r === 2), 'requestedPitch stays the one asked for');
    assert.deepEqual(during.filter(([p, , a]) => (p > 2) !== (a === 'behind')), [], `behind exactly once the raised pitch is shown: ${JSON.stringify(during)}`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const [back, after] = await until('s.adapted === null && s.pitch === 2', 150000);
    assert.deepEqual([back.pitch, back.requestedPitch, back.adapted], [2, 2, null], `released: ${JSON.stringify(back)} after ${JSON.stringify(after.slice(-5))}`);
    assert.ok(after.every(([p, r]) => p >= 2 && r === 2), 'never finer than asked, the link\'s pitch unchanged');
    const mismatched = after.filter(([p, , a]) => (p > 2) !== (a === 'behind'));
    assert.deepEqual(mismatched, [], `adapted says behind exactly while the pitch is raised: ${JSON.stringify(after)}`);
    assert.deepEqual(problems, []);
  });
});

// A stall is not load (web/landscape-loop.js, STALL_S): the page's thread frozen for 11 s (a
// suspended laptop, a debugger, a modal dialog) keeps the loop waiting far past its timer, which a
// saturated thread would count as busy; here its record starts again and the pitch stays.
test('a stall is not load: the main thread frozen for 11 s leaves the pitch as asked', async () => {
  await withLoad('?test&day=0.6&px=2&worker=0', async ({ page, problems }) => {
    const settled = await settledPace(page);
    assert.ok(settled?.span >= 2, `the loop ran before the stall: ${JSON.stringify(settled)}`);
    const after = await page.evaluate(async () => {
      const d = window.__noisefield.debug;
      const frames = d.frames;
      for (const end = performance.now() + 11000; performance.now() < end;);
      // The first report after the stall, then 5 s of them (the page raises at most every 3 s).
      while (d.frames === frames) await new Promise((ok) => setTimeout(ok, 10));
      const first = d.pace;
      const seen = [];
      for (const t0 = performance.now(); performance.now() - t0 < 5000;) {
        const s = window.__noisefield.state();
        seen.push([s.pitch, s.adapted]);
        await new Promise((ok) => setTimeout(ok, 200));
      }
      return { first, seen };
    });
    assert.ok(after.first.span < 1, `the record started again after the stall: ${JSON.stringify(after.first)}`);
    assert.deepEqual(after.seen.filter(([p, a]) => p !== 2 || a !== null), [], `the pitch stays 2, not adapted: ${JSON.stringify(after.seen)}`);
    assert.deepEqual(problems, []);
  });
});

// Flattening (web/landscape-flat.js): layers that sit at one parallax offset are shown as one
// canvas the core composites from them. The screen is the same pixel for pixel with it and without
// it (the tests' switch, handle.debug.flatten): the opaque base, sky to canopy (its soft edges
// blended as the compositor blends its canvas), while the pointer has not moved the parallax, the
// five at the gate's depth once it has; the layers' own canvases hide meanwhile.
test('flattened layers: one canvas for the layers at one offset, the same screen pixels as the layers', async () => {
  for (const worker of [1, 0]) {
    await withLoad(`?seed=alice&t=7.5&day=0.7&season=30&px=4&test&worker=${worker}`, async ({ page, problems }) => {
      const flatIs = (run) => page.waitForFunction((r) => JSON.stringify(window.__noisefield.debug.flatShown()) === JSON.stringify(r), run, { timeout: 30000 });
      const frames = () => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(ok)))));
      // The landscape alone: the card over it (the departures board has a clock) hidden.
      await page.evaluate(() => { document.querySelector('main.nf-card').style.visibility = 'hidden'; });
      const shot = async () => { await frames(); return decodePng(await page.locator('#landscape').screenshot()); };
      // The parallax has eased to where the pointer left it: the transforms stay put over half a second.
      const settled = async () => {
        const read = () => page.evaluate(() => [...document.querySelectorAll('.nf-stage canvas')].map((c) => c.style.transform).join());
        for (let a = await read(), i = 0; i < 60; i++) {
          await page.waitForTimeout(500);
          const b = await read();
          if (a === b) return;
          a = b;
        }
        assert.fail('the parallax never settled');
      };
      const differ = (a, b) => {
        assert.deepEqual([a.width, a.height], [b.width, b.height]);
        let n = 0;
        for (let k = 0; k < a.data.length; k++) if (a.data[k] !== b.data[k]) n++;
        return n;
      };
      const visible = () => page.evaluate(() => [...document.querySelectorAll('.nf-stage canvas')].map((c) => `${c.className.split(' ')[0]}:${getComputedStyle(c).visibility}`));
      // The opaque base, sky to canopy; with the pane (the tablet's line, over fx) it ends below it.
      const { pane, above } = await page.evaluate(() => ({ pane: !!window.__noisefield.debug.layout().pane, above: window.__noisefield.debug.module.Landscape.PANE_ABOVE }));
      const base = pane ? [0, above] : [0, 7];
      for (const [run, name] of [[base, `pointer not moved: the opaque base, ${pane ? 'sky to fx under the pane' : 'sky to canopy'}`], [[2, 6], 'parallax off centre: the gate\'s depth']]) {
        if (run[0] === 2) {
          await page.mouse.move(40, 40);
          await page.mouse.move(60, 50);
          await settled();
        }
        await page.evaluate(() => window.__noisefield.debug.flatten(true));
        await flatIs(run);
        const flat = await shot();
        const shown = await visible();
        assert.deepEqual(shown, [...Array(8).keys()].map((l) => `nf-layer:${l >= run[0] && l <= run[1] ? 'hidden' : 'visible'}`).concat(['nf-flat:visible', 'nf-pane:visible']), `${name}: ${shown}`);
        await page.evaluate(() => window.__noisefield.debug.flatten(false));
        await flatIs(null);
        const layered = await shot();
        assert.equal(differ(flat, layered), 0, `${name} (${worker ? 'worker' : 'main thread'}): the flattened screen equals the layered one`);
      }
      assert.deepEqual(problems, []);
    });
  }
});

// Without the pane (an element with no path, as a banner): the opaque base, sky to canopy, is the
// one canvas, the canopy's soft edges blended as the compositor blends its canvas (flattenRect):
// the same screen pixel for pixel as the layers' canvases, in the worker and on the main thread.
test('no pane: the opaque base, sky to canopy, as one canvas shows the layers\' screen', async () => {
  for (const worker of [true, false]) {
    await withLoad('?test&day=0.7&t=7.5', async ({ page, problems }) => {
      await page.evaluate(async (worker) => {
        const { mount } = await import('./web/landscape-mount.js');
        const el = document.createElement('div');
        el.id = 'bare';
        Object.assign(el.style, { position: 'fixed', left: '0', top: '0', width: '900px', height: '500px', zIndex: '10000' });
        document.body.append(el);
        window.__bare = await mount(el, { worker, debug: true, portal: false, seed: 'alice', time: 7.5, day: 0.7, season: 30, pitch: 4 });
      }, worker);
      const flatIs = (run) => page.waitForFunction((r) => JSON.stringify(window.__bare.debug.flatShown()) === JSON.stringify(r), run, { timeout: 30000 });
      const shot = async () => {
        await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(ok)))));
        return decodePng(await page.locator('#bare').screenshot());
      };
      await flatIs([0, 7]);
      const flat = await shot();
      await page.evaluate(() => window.__bare.debug.flatten(false));
      await flatIs(null);
      const layered = await shot();
      let n = 0;
      for (let k = 0; k < flat.data.length; k++) if (flat.data[k] !== layered.data[k]) n++;
      assert.equal(n, 0, `${worker ? 'worker' : 'main thread'}: the flattened screen equals the layered one`);
      assert.deepEqual(problems, []);
    });
  }
});

// A flat op that fails (here the scene's flatten refused, on the main thread where the test can
// reach the module) is reported once, through the op list's warning for failed ops, and the page
// shows the layers on their own canvases.
test('a failed flat op is reported once and the layers show on their own canvases', async () => {
  await withLoad('?seed=alice&t=7.5&day=0.7&season=30&px=4&test&worker=0', async ({ page, problems }) => {
    await page.waitForFunction(() => window.__noisefield.debug.flatShown()?.[0] === 0, null, { timeout: 30000 });
    const r = await page.evaluate(async () => {
      const h = window.__noisefield;
      const flatten = h.debug.module.Landscape.prototype.flatten;
      h.debug.module.Landscape.prototype.flatten = () => { throw new Error('flatten refused (test)'); };
      try {
        for (let i = 0; i < 2; i++) {
          h.debug.flatten(false);  // the layers, then the run asked for again, and refused
          h.debug.flatten(true);
          for (let f = 0; f < 6; f++) await new Promise((ok) => requestAnimationFrame(ok));
        }
      } finally {
        h.debug.module.Landscape.prototype.flatten = flatten;
      }
      return { shown: h.debug.flatShown(), visible: [...document.querySelectorAll('.nf-stage canvas:not(.nf-pane)')].map((c) => getComputedStyle(c).visibility) };
    });
    assert.equal(r.shown, null, 'no flat canvas shown');
    assert.deepEqual(r.visible, [...Array(8).fill('visible'), 'hidden'], 'every layer on its own canvas');
    const note = /the landscape's flat failed: flatten refused \(test\)/;
    assert.equal(problems.filter((p) => note.test(p)).length, 1, `one warning: ${problems.join(' | ')}`);
    assert.deepEqual(problems.filter((p) => !note.test(p)), []);
  });
});

// mount()'s fps option caps the frames shown; a bad value is refused, naming the option and range.
test('fps: at most that many frames a second; fps 0 or "x" refused with the allowed range', async () => {
  await withLoad('?test&day=0.6&t=1', async ({ page, problems }) => {
    const r = await page.evaluate(async () => {
      const { mount } = await import('./web/landscape-mount.js');
      const el = document.createElement('div');
      Object.assign(el.style, { position: 'fixed', left: '0', top: '0', width: '800px', height: '400px' });
      document.body.append(el);
      const errors = [];
      for (const fps of [0, 'x', 500]) {
        try { await mount(el, { fps, worker: false }); errors.push(null); } catch (e) { errors.push(e.message); }
      }
      const h = await mount(el, { fps: 10, debug: true, worker: false, day: 0.6 });
      const info = () => h.debug.call('debugInfo');
      await new Promise((ok) => setTimeout(ok, 500));
      const a = await info();
      while ((await info()).steps < a.steps + 120) await new Promise((ok) => setTimeout(ok, 100));
      const b = await info();
      h.destroy();
      return { errors, steps: b.steps - a.steps, presents: b.presents - a.presents };
    });
    for (const e of r.errors) assert.match(String(e), /^fps must be a number from 1 to 60/);
    // 10 a second: a frame per 6 steps of 1/60 s (a batch cut short on a busy main thread shows what
    // it has, so a few more), well under the 20 a second (a frame per 3 steps) without the cap.
    assert.ok(r.presents < r.steps / 4 && r.presents >= r.steps / 20, JSON.stringify(r));
    assert.deepEqual(problems, []);
  });
});
