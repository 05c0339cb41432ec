// Failures leave nothing behind and the page follows the scene (issue 23): the pitch the scene
// chose sizes the canvases; a bad attribute of any kind is recovered from by the next good one; a
// rejected mount leaves the host as it was at every point it can fail (worker and main thread); a
// stalled worker script gives way to the main thread; Save picture over its cap says so and keeps
// the landscape running; one landscape per element, every option type-checked, `ready` right after
// setAttribute is the new one; a worker refused by Trusted Types is not tried again; a mounted
// handle has the members the declarations name.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { launchChromium, withPage } from './helpers/browser.mjs';

let browser, server, url, slow, slowUrl, trusted, trustedUrl;
// Servers of the same site whose worker script answers 'load' and then never answers one op.
const hanging = new Map();
before(async () => {
  ({ server, url } = await startServer({ root: repoRoot }));
  // The same site under Trusted Types: new Worker(url) with a plain string is refused (a TypeError
  // and the browser's report), as worker-src 'none' refuses the worker's script.
  ({ server: trusted, url: trustedUrl } = await startServer({ root: repoRoot, headers: { 'content-security-policy': "require-trusted-types-for 'script'" } }));
  // The same site, but the worker's script arrives at one byte a second (a stalled server).
  slow = createServer(async (req, res) => {
    const up = await fetch(new URL(req.url, url));
    const body = Buffer.from(await up.arrayBuffer());
    res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    if (!req.url.includes('landscape-worker.js')) { res.end(body); return; }
    let i = 0;
    const t = setInterval(() => { if (i < body.length && !res.destroyed) res.write(body.subarray(i, ++i)); else { clearInterval(t); res.end(); } }, 1000);
    res.on('close', () => clearInterval(t));
  });
  await new Promise((ok) => slow.listen(0, '127.0.0.1', ok));
  slowUrl = `http://127.0.0.1:${slow.address().port}/`;
  for (const op of HANGS) {
    const s = createServer(async (req, res) => {
      const up = await fetch(new URL(req.url, url));
      let body = Buffer.from(await up.arrayBuffer());
      // The worker's own handler stays, behind one that drops the op (the worker stays alive and
      // answers everything else, as a worker stuck in that op's work would not).
      if (req.url.includes('landscape-worker.js')) {
        body = Buffer.concat([body, Buffer.from(`\n{ const real = self.onmessage; self.onmessage = (e) => { if (e.data?.op !== ${JSON.stringify(op)}) real(e); }; }\n`)]);
      }
      res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    });
    await new Promise((ok) => s.listen(0, '127.0.0.1', ok));
    hanging.set(op, { server: s, url: `http://127.0.0.1:${s.address().port}/` });
  }
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  slow?.closeAllConnections();
  await new Promise((ok) => slow.close(ok));
  await new Promise((ok) => server.close(ok));
  await new Promise((ok) => trusted.close(ok));
  for (const { server: s } of hanging.values()) { s.closeAllConnections(); await new Promise((ok) => s.close(ok)); }
});

const PAGE = 'tests/browser/pages/reliability.html';
const open = (fn, opts = {}, base = url) => withPage(browser, base + PAGE, { viewport: { width: 1280, height: 800 }, ...opts }, async (o) => {
  await o.page.waitForFunction(() => window.nfReady, null, { timeout: 20000 });
  return fn(o);
});

test('the pitch is the scene\'s: a 4000 x 2400 host at pitch 1 and a 1280 x 16384 one are covered at the pitch the scene raised to', { timeout: 90000 }, async () => {
  await open(async ({ page, problems }) => {
    for (const [w, h] of [[4000, 2400], [1280, 16384]]) {
      for (const worker of [false, true]) {
        const r = await page.evaluate(async ([w, h, worker]) => {
          const el = document.createElement('div');
          el.style.cssText = `width: ${w}px; height: ${h}px`;
          document.body.appendChild(el);
          const handle = await window.nf.mount(el, { pitch: 1, time: 3, day: 0.7, season: 'none', worker });
          const M = await window.nf.loadModule();
          const c = handle.canvases[0];
          const out = { mode: handle.mode, pitch: handle.state().pitch, cssW: parseFloat(c.style.width), cssH: parseFloat(c.style.height),
            bw: c.width ?? 0, max: M.Landscape.maxBufferPixels };
          handle.destroy();
          el.remove();
          return out;
        }, [w, h, worker]);
        assert.equal(r.mode, worker ? 'worker' : 'main');
        assert.ok(r.pitch > 1, `the scene raised the pitch for ${w} x ${h}: ${JSON.stringify(r)}`);
        assert.ok(r.cssW >= w && r.cssH >= h, `the layers cover the ${w} x ${h} host: ${JSON.stringify(r)}`);
      }
    }
    assert.deepEqual(problems, []);
  });
});

test('the 404 page in a 4000 x 2400 window at px=1: the share link says the pitch the scene chose', { timeout: 90000 }, async () => {
  await withPage(browser, url + '?test&px=1&t=3&day=0.7&season=none', { viewport: { width: 4000, height: 2400 } }, async ({ page, problems }) => {
    await page.waitForFunction(() => window.__noisefield?.state?.().sized, null, { timeout: 30000 });
    const pitch = await page.evaluate(() => window.__noisefield.state().pitch);
    assert.ok(pitch > 1, `raised: ${pitch}`);
    await page.evaluate(() => document.querySelector('.nf-share').click());
    await page.waitForFunction(() => document.querySelector('.nf-share')?.dataset.link, null, { timeout: 20000 });
    const link = new URL(await page.evaluate(() => document.querySelector('.nf-share').dataset.link));
    assert.equal(link.searchParams.get('px'), String(pitch));
    const w = await page.evaluate(() => parseFloat(document.querySelector('canvas.nf-layer-sky').style.width));
    assert.ok(w >= 4000, `the layers cover the window: ${w}`);
    assert.deepEqual(problems.filter((p) => /pageerror/.test(p)), []);
  });
});

// Bad attribute values of each kind, each followed by a good one: a value mount() refuses (the
// element reports an error and has no landscape) or one the element leaves out (it mounts without
// it and says so in `ignored`); either way the next good value brings the landscape up with it.
const ATTRIBUTES = [
  // [attribute, bad value, good value, [what shows the good one: a key of state() or mode, its value]]
  ['framing', 'Gate', 'gate', ['framing', 'gate']],
  ['framing', '', 'gate', ['framing', 'gate']],
  ['framing', '2000,500', 'island', ['framing', 'island']],
  ['parallax', 'nowhere', 'window', ['sized', true]],
  ['portal', 'perhaps', 'false', ['portal', null]],
  ['worker', 'maybe', 'false', ['mode', 'main']],
  ['fps', '0', '30', ['sized', true]],
  ['px', '9', '3', ['requestedPitch', 3]],
  ['theme', 'blue', 'dark', ['theme', 'dark']],
  ['day', '2', '0.25', ['day', 0.25]],
  ['seed', '4294967296', '405', ['seed', 405]],
];
test('a bad attribute of any kind is reported, and the next good one brings the element up with it', { timeout: 120000 }, async () => {
  await open(async ({ page }) => {
    for (const [name, bad, good, [key, want]] of ATTRIBUTES) {
      const r = await page.evaluate(async ([name, bad, good, key, want]) => {
        const el = document.createElement('noisefield-landscape');
        el.style.cssText = 'display: block; width: 400px; height: 200px';
        el.setAttribute('t', '3');
        el.setAttribute(name, bad);
        const settled = new Promise((ok) => {
          el.addEventListener('noisefield-error', (e) => ok({ error: e.detail.error.message }), { once: true });
          el.addEventListener('noisefield-ready', () => ok({ ignored: el.ignored.map((i) => i.name) }), { once: true });
        });
        document.body.appendChild(el);
        const first = await settled;
        el.setAttribute(name, good);
        // A live attribute (day, seed) is applied to the handle in place, shown a frame or so later;
        // any other mounts the element again.
        const handle = await el.ready;
        const seen = () => (handle ? { ...handle.state(), mode: handle.mode }[key] : undefined);
        for (let i = 0; i < 300 && seen() !== want; i++) await new Promise((ok) => requestAnimationFrame(ok));
        const out = { first, up: !!handle && handle === el.handle, seen: seen(), sized: handle?.state().sized,
          canvases: el.querySelectorAll('canvas.nf-layer').length, layers: (await window.nf.loadModule()).Landscape.LAYERS.length, ignored: el.ignored.map((i) => i.name) };
        el.remove();
        return out;
      }, [name, bad, good, key, want]);
      const what = `${name}="${bad}" then "${good}"`;
      assert.ok(r.first.error ? r.first.error.includes(name) : r.first.ignored.includes(name), `${what}: the bad value is reported, naming the attribute: ${JSON.stringify(r.first)}`);
      assert.deepEqual([r.up, r.sized, r.canvases, r.seen, r.ignored], [true, true, r.layers, want, []], `${what}: live with the good value`);
    }
  });
});

// Where mount() can fail, in the order it meets them: options refused before the module loads, the
// module missing (the worker already started), an unknown option or a value the table refuses
// (module loaded, worker starting), a page option of the right type out of range, and the scene
// refusing the framing point after the DOM work (issue 23's case).
const FAILURES = [
  [{ moduleUrl: 'no-such-module.mjs' }, /module was not found/],
  [{ colour: 'red' }, /unknown option "colour"/],
  [{ day: 2 }, /day must be a number in \[0, 1\]/],
  [{ fps: 0 }, /fps must be a number from 1 to 60/],
  [{ framing: { x: 2000, y: 500 } }, /framing point must be/],
];
test('a rejected mount leaves the host exactly as it was at every point it can fail, worker and main thread', { timeout: 120000 }, async () => {
  await open(async ({ page, problems }) => {
    for (const [options, message] of FAILURES) {
      for (const worker of [true, false]) {
        const r = await page.evaluate(async ([options, worker]) => {
          const el = document.getElementById('host');
          const M = await window.nf.loadModule();
          const snap = () => ({ children: el.innerHTML, style: el.style.cssText, attributes: el.getAttributeNames(), cls: el.className, live: { ...window.live } });
          const before = snap();
          const heap = M.heapUsedBytes();
          let error = null;
          try { await window.nf.mount(el, { ...options, worker }); } catch (e) { error = e.message; }
          // Let a stray frame, resize or timer show itself.
          el.style.width = '700px';
          await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
          el.style.width = '640px';
          await new Promise((ok) => setTimeout(ok, 200));
          const after = snap(), heapAfter = M.heapUsedBytes();
          // The host takes a landscape again: nothing of the failed mount holds on to it.
          const again = await window.nf.mount(el, { time: 3, worker }).then((h) => { h.destroy(); return 'mounted'; }, (e) => e.message);
          // destroy() ends a worker once the core has answered its last op.
          for (let i = 0; i < 300 && window.live.workers !== before.live.workers; i++) await new Promise((ok) => requestAnimationFrame(ok));
          return { error, before, after, heapBefore: heap, heapAfter, again };
        }, [options, worker]);
        const what = `${JSON.stringify(options)}, worker: ${worker}`;
        assert.match(r.error ?? '', message, `${what}: rejected: ${r.error}`);
        assert.deepEqual(r.after, r.before, `${what}: DOM, classes, styles, listeners, observers, timers and workers as before`);
        // A scene holds about 134 KB of wasm heap; the module's error text stays (a few bytes).
        if (!worker) assert.ok(r.heapAfter - r.heapBefore < 4096, `${what}: the scene made on the main thread is freed: ${r.heapBefore} -> ${r.heapAfter} bytes`);
        assert.equal(r.again, 'mounted', `${what}: the host can be mounted again`);
      }
    }
    // The missing module's request is the browser's to report; nothing else is.
    assert.deepEqual(problems.filter((p) => !/no-such-module\.mjs|Failed to load resource: the server responded with a status of 404/.test(p)), []);
  });
});

test('a worker script that stalls (1 byte/s) gives way to the main thread with a note', { timeout: 90000 }, async () => {
  await open(async ({ page, problems }) => {
    const r = await page.evaluate(async () => {
      const el = document.getElementById('host');
      const t0 = performance.now();
      const handle = await window.nf.mount(el, { time: 3, day: 0.7 });
      return { mode: handle.mode, sized: handle.state().sized, ms: performance.now() - t0 };
    });
    assert.deepEqual([r.mode, r.sized], ['main', true]);
    assert.ok(r.ms < 15000, `up within seconds: ${r.ms} ms`);
    assert.ok(problems.some((p) => /worker did not start within/.test(p)), problems.join('\n'));
  }, {}, slowUrl);
});

// The ops a mount waits on after the worker has loaded: its init, the first viewport, the state read back.
const HANGS = ['init', 'viewport', 'state'];
test('a worker that loads and then does not answer an op the mount waits on gives way to the main thread with a note, leaving no worker', { timeout: 120000 }, async () => {
  for (const op of HANGS) {
    await open(async ({ page, problems }) => {
      const r = await page.evaluate(async () => {
        const el = document.getElementById('host');
        const workers = window.live.workers;
        const t0 = performance.now();
        // Bounded here, so that a mount that waits for ever fails this test instead of timing it out.
        const handle = await Promise.race([window.nf.mount(el, { time: 3, day: 0.7 }), new Promise((ok) => setTimeout(() => ok(null), 20000))]);
        if (!handle) return { mode: 'none (still waiting after 20 s)' };
        const out = {
          mode: handle.mode, sized: handle.state().sized, ms: performance.now() - t0, workers: window.live.workers - workers,
          stages: el.querySelectorAll('.nf-stage').length, canvases: el.querySelectorAll('canvas').length, layers: handle.canvases.length,
        };
        handle.destroy();
        return out;
      });
      assert.equal(r.mode, 'main', `${op}: ${JSON.stringify(r)}`);
      assert.equal(r.sized, true);
      assert.ok(r.ms < 15000, `${op}: up within seconds: ${r.ms} ms`);
      assert.equal(r.workers, 0, `${op}: the silent worker was ended`);
      assert.deepEqual([r.stages, r.canvases], [1, r.layers + 2], `${op}: one stage (its layers, the flat canvas and the pane's), the main thread's (the failed mount's is gone)`);
      const note = new RegExp(`the landscape worker did not answer ${op} within 5 s; the scene runs on the main thread`);
      assert.ok(problems.some((p) => note.test(p)), problems.join('\n'));
      assert.deepEqual(problems.filter((p) => !note.test(p)), [], `${op}: nothing else complains`);
    }, {}, hanging.get(op).url);
  }
});

test('Save picture at 8x from a px=1 link at 1920 x 1080 says it is too large and keeps the landscape running', { timeout: 90000 }, async () => {
  await withPage(browser, url + '?test&px=1&day=0.7', { viewport: { width: 1920, height: 1080 } }, async ({ page, problems }) => {
    await page.waitForFunction(() => window.__noisefield?.state, null, { timeout: 20000 });
    await page.selectOption('.nf-save-zoom', '8');
    await page.evaluate(() => document.querySelector('.nf-save').click());
    await page.waitForFunction(() => /Save picture: .*too large/i.test(document.querySelector('.nf-url-note')?.textContent ?? ''), null, { timeout: 20000 })
      .catch(async (e) => { throw new Error(`${e.message}: ${await page.evaluate(() => document.querySelector('.nf-url-note')?.textContent)} ${problems.join(' | ')}`); });
    const s = await page.evaluate(() => window.__noisefield.state());
    assert.equal(s.paused, false, 'not left paused');
    assert.deepEqual(problems.filter((p) => /pageerror|Uncaught/.test(p)), []);
  });
});

test('one landscape per element; navigate, label and home are type-checked; ready right after setAttribute is the new mount', { timeout: 90000 }, async () => {
  await open(async ({ page }) => {
    const r = await page.evaluate(async () => {
      const el = document.getElementById('host');
      const a = window.nf.mount(el, { time: 3 }), b = window.nf.mount(el, { time: 3 });
      const second = await b.then(() => 'mounted', (e) => e.message);
      const h = await a;
      h.destroy();
      const errors = [];
      for (const o of [{ navigate: 'x' }, { label: 5 }, { home: {} }]) {
        errors.push(await window.nf.mount(el, o).then((x) => { x.destroy(); return 'mounted'; }, (e) => e.message));
      }
      const el2 = document.createElement('noisefield-landscape');
      el2.style.cssText = 'display: block; width: 300px; height: 150px';
      el2.setAttribute('t', '3');
      document.body.appendChild(el2);
      const old = await el2.ready;
      el2.setAttribute('framing', 'island');
      const next = await el2.ready;
      const out = { second, errors, same: next === old, framing: next?.state().framing };
      el2.remove();
      return out;
    });
    assert.match(r.second, /already has a landscape/);
    assert.match(r.errors[0], /navigate must be a function/);
    assert.match(r.errors[1], /label must be a string/);
    assert.match(r.errors[2], /home must be a string/);
    assert.equal(r.same, false, 'not the old handle');
    assert.equal(r.framing, 'island');
  });
});

// Every option mount() takes (the list its unknown-option error gives, so a new one is covered),
// each with values of a type it does not take: an object, and a number or a string (whichever is
// wrong for it). Each is refused before the mount builds anything, naming the option.
const WRONG = { '{}': {}, number: 5, text: 'yes', array: [1] };
const WRONG_FOR = {
  seed: ['{}', 'array'], day: ['{}', 'text'], dusk: ['{}', 'text'], season: ['{}', 'text'], time: ['{}', 'text'], at: ['{}', 'text'],
  path: ['{}', 'number'], life: ['{}', 'text'], pitch: ['{}', 'text'], theme: ['{}', 'number'], motion: ['{}', 'text'],
  home: ['{}', 'number'], portal: ['{}', 'text'], framing: ['number', 'array'], parallax: ['{}', 'number'], navigate: ['{}', 'text'],
  label: ['{}', 'number'], moduleUrl: ['{}', 'number'], worker: ['{}', 'text'], fps: ['{}', 'text'], paused: ['{}', 'text'], debug: ['{}', 'text'],
};
test('every mount() option is type-checked: a value of a type it does not take is refused, naming the option', { timeout: 90000 }, async () => {
  await open(async ({ page, problems }) => {
    const r = await page.evaluate(async ([WRONG, WRONG_FOR]) => {
      const el = document.getElementById('host');
      const unknown = await window.nf.mount(el, { nosuch: 1 }).then(() => null, (e) => e.message);
      const allowed = /\(allowed: ([^)]*)\)/.exec(unknown)[1].split(', ');
      const out = [];
      for (const name of allowed) {
        for (const kind of WRONG_FOR[name] ?? []) {
          const error = await window.nf.mount(el, { time: 3, worker: false, [name]: WRONG[kind] }).then((h) => { h.destroy(); return null; }, (e) => e.message);
          out.push({ name, kind, error });
        }
      }
      return { allowed, out, children: el.children.length };
    }, [WRONG, WRONG_FOR]);
    assert.deepEqual([...r.allowed].sort(), Object.keys(WRONG_FOR).sort(), 'every option has wrong values here');
    for (const { name, kind, error } of r.out) {
      assert.ok(error !== null, `${name}: ${kind} is refused`);
      assert.ok(error.startsWith(`${name} must be`) || error.startsWith(`mount: ${name} must be`), `${name}: ${kind}: the error names the option: ${error}`);
    }
    assert.equal(r.children, 1, 'the host keeps its own child only');
    assert.deepEqual(problems, []);
  });
});

test('a page whose Trusted Types refuse the worker is not asked again: one report for 11 mounts, each on the main thread', { timeout: 90000 }, async () => {
  await open(async ({ page, problems }) => {
    const modes = await page.evaluate(async () => {
      const el = document.getElementById('host');
      const out = [];
      for (let i = 0; i < 11; i++) {
        const h = await window.nf.mount(el, { time: 3, day: 0.7 });
        out.push(h.mode);
        h.destroy();
      }
      return out;
    });
    assert.deepEqual(modes, Array(11).fill('main'));
    // The browser's refusal and the page's CSP report of it (helpers/browser.mjs), once each.
    const refusal = problems.filter((p) => /requires 'TrustedScriptURL' assignment/.test(p));
    const report = problems.filter((p) => /CSP violation: require-trusted-types-for/.test(p));
    assert.deepEqual([refusal.length, report.length], [1, 1], problems.join('\n'));
    assert.deepEqual(problems.filter((p) => !refusal.includes(p) && !report.includes(p)), []);
  }, {}, trustedUrl);
});

// types/landscape.d.ts's interfaces: name -> { member: 'method' | 'property' }.
function declaredInterfaces() {
  const dts = readFileSync(join(repoRoot, 'types', 'landscape.d.ts'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const out = {};
  for (const m of dts.matchAll(/export interface (\w+) \{([^}]*)\}/g)) {
    const members = {};
    for (const part of m[2].split(/[;\n]/)) {
      const d = /^\s*(?:readonly\s+)?(\w+)\s*(\??)\s*([(:])/.exec(part);
      if (d) members[d[1]] = d[3] === '(' ? 'method' : 'property';
    }
    out[m[1]] = members;
  }
  return out;
}

test('a mounted handle has the members types/landscape.d.ts declares, of their kinds, in both modes; state(), placement() and picture() their keys', { timeout: 90000 }, async () => {
  const types = declaredInterfaces();
  for (const name of ['LandscapeHandle', 'LandscapeState', 'LandscapePlacement', 'LandscapePicture']) assert.ok(Object.keys(types[name] ?? {}).length > 2, `${name} is read`);
  await open(async ({ page, problems }) => {
    const seen = await page.evaluate(async () => {
      const el = document.getElementById('host');
      const out = [];
      for (const worker of [true, false]) {
        const h = await window.nf.mount(el, { time: 3, day: 0.7, worker });
        const kinds = (o) => Object.fromEntries(Object.keys(o).map((k) => [k, typeof o[k] === 'function' ? 'method' : 'property']));
        const pic = await h.picture(1);
        out.push({ mode: h.mode, handle: kinds(h), state: Object.keys(h.state()), placement: Object.keys(h.placement()),
          picture: Object.keys(pic), pixels: Object.prototype.toString.call(pic.pixels), element: h.element === el });
        h.destroy();
      }
      return out;
    });
    assert.deepEqual(seen.map((s) => s.mode), ['worker', 'main']);
    for (const s of seen) {
      assert.deepEqual(s.handle, types.LandscapeHandle, `${s.mode}: the handle's members and kinds`);
      assert.deepEqual(s.state.sort(), Object.keys(types.LandscapeState).sort(), `${s.mode}: state()`);
      assert.deepEqual(s.placement.sort(), Object.keys(types.LandscapePlacement).sort(), `${s.mode}: placement()`);
      assert.deepEqual(s.picture.sort(), Object.keys(types.LandscapePicture).sort(), `${s.mode}: picture()`);
      assert.equal(s.pixels, '[object Uint8ClampedArray]');
      assert.ok(s.element);
    }
    assert.deepEqual(problems, []);
  });
});
