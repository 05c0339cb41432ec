// A new row of the world parameter table (cpp/scene/world_params.h) needs no JavaScript (issue 23;
// docs/contributing.md, "Adding a URL parameter"). The page is given a module whose table has a row
// no JavaScript file has heard of, "glow", in place of "life" (a switch with a scene effect, the
// model of a new row: its C++ answers for glow as for life, at the module's edge: the table, the
// text parser, Landscape.setWorld and Landscape.world()). Everything else is the page's own code: the
// row must reach the scene from a mount() option, setWorld, an element attribute (live) and a URL;
// come back in state() and the share link; be checked with its name in the messages; and "life"
// itself must be unknown to it. On the main thread, whose module the page can reach (a worker
// loads its own). And no web/*.js file writes the name of the row it stands in for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { launchChromium, withPage } from './helpers/browser.mjs';

let browser, server, url;
before(async () => {
  ({ server, url } = await startServer({ root: repoRoot }));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await new Promise((ok) => server.close(ok));
});

// The module's table rows, as the header writes them: X("name", "option", Kind, ...).
const ROWS = [...readFileSync(join(repoRoot, 'cpp', 'scene', 'world_params.h'), 'utf8').matchAll(/^\s*X\("([^"]+)", "([^"]+)", (\w+),/gm)]
  .map(([, name, option, kind]) => ({ name, option, kind }));

test('no web/*.js file names the row the new one stands in for (life: a switch with only a scene effect)', () => {
  const life = ROWS.find((r) => r.name === 'life');
  assert.ok(life && life.kind === 'Switch', `the table has life: ${ROWS.map((r) => r.name).join(', ')}`);
  const literal = new RegExp(`['"\`]${life.name}['"\`]`);
  const named = readdirSync(join(repoRoot, 'web')).filter((f) => f.endsWith('.js')).filter((f) => literal.test(readFileSync(join(repoRoot, 'web', f), 'utf8')));
  assert.deepEqual(named, []);
});

// Runs in the page: the module given a row "glow" for "life" (see the top of this file), before
// anything reads its table.
function withNewRow() {
  return window.nf.loadModule().then((M) => {
    window.nfModule = M;
    const OLD = 'life', NEW = 'glow';
    // The module's own JavaScript face reads its table once: as the C++ has it (life).
    const probe = new M.Landscape();
    probe.world();
    probe.delete();
    const rows = M.worldParams();
    assert(rows.some((r) => r.name === OLD), 'the module has the row');
    M.worldParams = () => rows.map((r) => (r.name === OLD ? { ...r, name: NEW, option: NEW } : r));
    const parse = M.parseWorldParam;
    M.parseWorldParam = (name, text) => (name === OLD ? { error: 'expected nothing: no such row' } : parse(name === NEW ? OLD : name, text));
    const proto = M.Landscape.prototype, setWorld = proto.setWorld, world = proto.world;
    proto.setWorld = function (w) {
      if (OLD in w) throw new Error(`the scene was sent ${OLD}`);
      const { [NEW]: v, ...rest } = w;
      return setWorld.call(this, v === undefined ? rest : { ...rest, [OLD]: v });
    };
    proto.world = function () { return world.call(this).map(([k, t]) => [k === OLD ? NEW : k, t]); };
    function assert(ok, what) { if (!ok) throw new Error(what); }
    return true;
  });
}

test('a row no JavaScript names reaches the scene from mount(), setWorld, an attribute and a URL, and comes back in state() and the share link', { timeout: 90000 }, async () => {
  await withPage(browser, url + 'tests/browser/pages/reliability.html', { viewport: { width: 1280, height: 800 } }, async ({ page, problems }) => {
    await page.waitForFunction(() => window.nfReady, null, { timeout: 20000 });
    await page.evaluate(withNewRow);
    const r = await page.evaluate(async () => {
      const M = window.nfModule;
      const P = await import('../../../web/landscape-params.js');
      const el = document.getElementById('host');
      const message = async (f) => { try { await f(); return ''; } catch (e) { return e.message; } };
      const pixels = async (h) => { const p = await h.picture(1); let x = 2166136261; for (const b of p.pixels) x = Math.imul(x ^ b, 16777619) >>> 0; return x; };
      const base = { time: 3, day: 0.2, season: 'none', seed: 404, worker: false };
      const out = {};
      // mount() options, and the pixels: off and on differ, as life's do.
      let h = await window.nf.mount(el, { ...base, glow: false });
      out.mode = h.mode;
      out.off = await pixels(h);
      out.offWorld = h.state().world;
      out.setWorld = await message(() => h.setWorld({ glow: true }));
      out.on = await pixels(h);
      out.onWorld = h.state().world;
      out.badSet = await message(() => h.setWorld({ glow: 3 }));
      out.link = P.shareUrl('https://example.org/', h.state().world);
      h.destroy();
      out.badMount = await message(() => window.nf.mount(el, { ...base, glow: 'maybe' }).then((x) => x.destroy()));
      out.oldOption = await message(() => window.nf.mount(el, { ...base, life: false }).then((x) => x.destroy()));
      // The URL: parsed, to mount() options, and a bad value noted by name.
      const q = P.parseQuery(M, '?glow=off&t=3');
      out.urlOptions = P.mountOptions(M, q.state);
      out.urlBad = P.parseQuery(M, '?glow=maybe').ignored.map((i) => i.name);
      h = await window.nf.mount(el, { ...base, ...out.urlOptions });
      out.fromUrl = await pixels(h);
      h.destroy();
      // The element: the attribute at mount, then changed live (the same handle), then a bad value.
      const x = document.createElement('noisefield-landscape');
      x.style.cssText = 'display: block; width: 640px; height: 360px';
      for (const [k, v] of Object.entries({ t: '3', day: '0.2', season: 'none', seed: '404', worker: 'false', glow: 'off' })) x.setAttribute(k, v);
      document.body.appendChild(x);
      const first = await x.ready;
      await first.pause();
      out.elementWorld = first.state().world;
      out.element = await pixels(first);
      x.setAttribute('glow', 'on');
      await new Promise((ok) => setTimeout(ok, 0));  // the MutationObserver's records
      const next = await x.ready;
      await next.pause();
      out.elementLive = next === first;
      out.elementOn = await pixels(next);
      x.setAttribute('glow', 'maybe');
      await x.ready;
      out.elementIgnored = x.ignored.map((i) => i.name);
      x.remove();
      return out;
    });
    const pair = (w) => w.find(([k]) => k === 'glow') ?? null;
    assert.equal(r.mode, 'main');
    assert.deepEqual(pair(r.offWorld), ['glow', 'off'], 'state().world has the row as the scene has it');
    assert.equal(r.setWorld, '', 'setWorld takes it live');
    assert.deepEqual(pair(r.onWorld), ['glow', 'on']);
    assert.notEqual(r.on, r.off, 'its effect is in the picture');
    assert.match(r.badSet, /^glow must be on or off/);
    assert.match(r.badMount, /^glow must be on or off/);
    assert.match(r.oldOption, /unknown option "life"/, 'the row it replaced is not the page\'s to know');
    assert.equal(new URL(r.link).searchParams.get('glow'), 'on', `the share link: ${r.link}`);
    assert.deepEqual(r.urlOptions, { time: 3, glow: false });
    assert.deepEqual(r.urlBad, ['glow']);
    assert.equal(r.fromUrl, r.off, 'from the URL: the same picture');
    assert.deepEqual(pair(r.elementWorld), ['glow', 'off'], 'the attribute');
    assert.equal(r.element, r.off);
    assert.equal(r.elementLive, true, 'a change of the attribute is applied live (handle.setWorld)');
    assert.equal(r.elementOn, r.on);
    assert.deepEqual(r.elementIgnored, ['glow']);
    assert.deepEqual(problems.filter((p) => !/<noisefield-landscape>: ignored glow/.test(p)), []);
  });
});
