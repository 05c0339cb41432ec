// The noise explorer (web/explorer.html) in headless Chromium, over HTTP: controls generated from
// the schema, live re-render, URL round trip, PNG export, lenient URLs, constraints, keyboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openPage, withPage, withPages, canvasStats, hashCanvas, installPixels, artifactsDir } from './helpers/browser.mjs';

const VIEWS = ['raw', 'land', 'bands', 'biomes', 'relief'];
let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const explorerUrl = (suffix = '') => `${env.url}web/explorer.html${suffix}`;

async function openExplorer(suffix = '', options = {}) {
  const o = await openPage(env.browser, null, options);
  await o.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url.replace(/\/$/, '') });
  await o.page.goto(explorerUrl(suffix));
  await o.page.waitForFunction(() => ['ready', 'error'].includes(document.documentElement.dataset.state), null, { timeout: 20000 });
  const err = await o.page.$eval('#load-error', (e) => (e.hidden ? '' : e.textContent));
  assert.equal(err, '', 'the explorer started');
  await idle(o.page);
  return o;
}

// withExplorer([suffix, [options,]] fn): fn({ page, context, problems }) on the started explorer,
// whose context is closed afterwards.
const withExplorer = (...args) => {
  const fn = args.pop();
  return withPages([() => openExplorer(...args)], fn);
};

const idle = (page) => page.evaluate(() => window.explorer.idle());
const sel = (view) => `.ex-view[data-view="${view}"] canvas`;

const hashAll = async (page) => Object.fromEntries(await Promise.all(VIEWS.map(async (v) => [v, await hashCanvas(page, sel(v))])));
const config = (page) => page.evaluate(() => window.explorer.config);
const pageState = (page) => page.evaluate(() => window.explorer.page);
const currentUrl = async (page) => { await page.evaluate(() => window.explorer.flushUrl()); return page.url(); };
const control = (key) => `#controls [data-key="${key}"]:is(input[type=range], select, input[type=checkbox], input[type=number]:only-of-type, .ex-ctl-head > input[type=number])`;
const primary = (key) => `#controls .ex-ctl[data-key="${key}"] [id^="ctl-${key}-"]`;

test('loads with no console errors; every view, the profile and the histogram are drawn', async () => {
  await withExplorer('', { viewport: { width: 1440, height: 1000 } }, async ({ page, problems }) => {
    for (const v of VIEWS) {
      const s = await canvasStats(page, sel(v));
      assert.equal(s.width, 512, `${v} is 512 wide`);
      assert.equal(s.opaque, s.width * s.height, `${v} is fully painted`);
      assert.ok(s.colours > 1, `${v} is not a flat colour (${s.colours})`);
    }
    for (const c of ['#profile', '#histogram']) {
      const s = await canvasStats(page, c);
      assert.ok(s.opaque > 100 && s.colours > 2, `${c} is drawn`);
    }
    // Wide screen: the five views side by side, none hidden.
    const boxes = await Promise.all(VIEWS.map((v) => page.locator(sel(v)).boundingBox()));
    assert.ok(boxes.every((b) => b && b.width > 150), 'every view is shown on a wide screen');
    assert.ok(new Set(boxes.map((b) => Math.round(b.y))).size < VIEWS.length, 'views share rows');
    // Stats bar, CSP, the way home, and the first-visit URL.
    assert.match(await page.textContent('#stat-ms'), /\d+(\.\d+)? ms/);
    assert.match(await page.textContent('#stat-mean'), /^0\.\d{3}$/);
    assert.equal(await page.getAttribute('a.ex-back', 'href'), '../index.html');
    assert.match(await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content'), /script-src 'self' 'wasm-unsafe-eval'; style-src 'self'/);
    assert.match(await currentUrl(page), /explorer\.html\?sc=16#view=bands&x=0&y=0&zoom=1$/);
    assert.equal(await page.locator('#warnings li').count(), 0, 'no warnings for the starter field');
    await page.screenshot({ path: join(artifactsDir, 'explorer-wide.png'), fullPage: true });
    assert.deepEqual(problems, []);
  });
});

test('controls come from nf.schema(): one per parameter, labelled, with the value shown', async () => {
  await withExplorer(async ({ page, problems }) => {
    const info = await page.evaluate(() => {
      const schema = window.explorer.nf.schema();
      return schema.map((p) => {
        const box = document.querySelector(`#controls .ex-ctl[data-key="${p.key}"]`);
        const main = box && box.querySelector(`[id^="ctl-${p.key}-"]`);
        const label = main && document.querySelector(`label[for="${main.id}"]`);
        const num = box && box.querySelector('input[type=number]');
        return { key: p.key, type: p.type, found: !!main, label: label?.textContent ?? '', num: num?.value ?? null, sel: main?.tagName };
      });
    });
    assert.ok(info.length >= 20, 'the schema has many parameters');
    const cfg = await config(page);
    for (const c of info) {
      assert.ok(c.found, `${c.key} has a control`);
      assert.ok(c.label.length > 0, `${c.key} has a label`);
      if (c.type === 'int' || c.type === 'float') assert.equal(Number(c.num), cfg[c.key], `${c.key} shows its value`);
      if (c.type === 'enum') assert.equal(c.sel, 'SELECT');
    }
    assert.deepEqual(problems, []);
  });
});

test('moving a slider through its input element re-renders live and updates the URL', async () => {
  await withExplorer(async ({ page, problems }) => {
    const before = await hashAll(page);
    const rendersBefore = await page.evaluate(() => window.explorer.perf.renders + window.explorer.perf.previews);
    // Keyboard: focus the octaves slider and press ArrowRight.
    await page.focus(primary('octaves'));
    await page.keyboard.press('ArrowRight');
    await idle(page);
    assert.equal((await config(page)).octaves, 4);
    assert.equal(await page.$eval('#controls .ex-ctl[data-key="octaves"] input[type=number]', (e) => e.value), '4');
    const after = await hashAll(page);
    for (const v of VIEWS) assert.notEqual(after[v], before[v], `${v} changed`);
    assert.match(await currentUrl(page), /[?&]o=4(&|#)/);
    // A drag: a run of input events (as a dragged thumb fires) renders while it moves.
    await page.$eval(primary('gain'), async (el) => {
      for (let i = 0; i < 12; i++) {
        el.value = String(0.5 + i * 0.02);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
      }
    });
    await idle(page);
    const rendersAfter = await page.evaluate(() => window.explorer.perf.renders + window.explorer.perf.previews);
    assert.ok(rendersAfter - rendersBefore >= 12, `renders while dragging (${rendersAfter - rendersBefore})`);
    assert.equal((await config(page)).gain, 0.72);
    assert.match(await currentUrl(page), /[?&]g=0\.72(&|#)/);
    assert.deepEqual(problems, []);
  });
});

test('a saved URL restores the controls, the view, pan and zoom, and identical pixels', async () => {
  const { saved, hashes, cfg, state } = await withExplorer('', { viewport: { width: 1400, height: 900 } }, async (a) => {
    await a.page.selectOption(primary('type'), 'gradient');
    await a.page.focus(primary('octaves'));
    await a.page.keyboard.press('ArrowRight');
    await a.page.keyboard.press('ArrowRight');
    await a.page.fill('#controls .ex-ctl[data-key="seed"] input[type=number]', '1234');
    await a.page.press('#controls .ex-ctl[data-key="seed"] input[type=number]', 'Enter');
    await a.page.click('label[for="view-biomes"]');
    // Pan by dragging the map, zoom with the wheel.
    const box = await a.page.locator(sel('bands')).boundingBox();
    await a.page.mouse.move(box.x + 100, box.y + 100);
    await a.page.mouse.down();
    await a.page.mouse.move(box.x + 160, box.y + 130, { steps: 5 });
    await a.page.mouse.up();
    await a.page.mouse.move(box.x + 90, box.y + 120);
    await a.page.mouse.wheel(0, -240);
    await idle(a.page);
    const state = await pageState(a.page);
    assert.equal(state.view, 'biomes');
    assert.ok(state.x !== 0 && state.y !== 0, 'panned');
    assert.ok(state.zoom > 1, 'zoomed in');
    const saved = await currentUrl(a.page);
    const hashes = await hashAll(a.page);
    const cfg = await config(a.page);
    assert.deepEqual(a.problems, []);
    return { saved, hashes, cfg, state };
  });
  assert.match(saved, /[?&]t=gradient/);
  assert.match(saved, /[?&]s=1234/);
  assert.match(saved, /#view=biomes&x=[-0-9.e]+&y=[-0-9.e]+&zoom=[0-9.e]+/);
  await withPage(env.browser, saved, { viewport: { width: 900, height: 700 } }, async (b) => {
    await b.page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
    await b.page.setViewportSize({ width: 1400, height: 900 });
    await idle(b.page);
    assert.deepEqual(await config(b.page), cfg);
    assert.deepEqual(await pageState(b.page), state);
    assert.equal(await b.page.$eval(primary('type'), (e) => e.value), 'gradient');
    assert.equal(await b.page.$eval(primary('octaves'), (e) => e.value), String(cfg.octaves));
    assert.equal(await b.page.$eval('#controls .ex-ctl[data-key="seed"] input[type=number]', (e) => e.value), '1234');
    assert.equal(await b.page.isChecked('#view-biomes'), true);
    assert.deepEqual(await hashAll(b.page), hashes, 'identical pixels in every view');
    assert.equal(await b.page.url(), saved, 'the URL is unchanged by loading it');
    assert.equal(await b.page.isHidden('#url-note'), true);
    assert.deepEqual(b.problems, []);
  });
});

// Width, height and the pixels of a PNG file (decoded by the browser, colour conversion off).
function pngSize(buf) {
  assert.equal(buf.subarray(1, 4).toString('latin1'), 'PNG');
  assert.equal(buf.subarray(12, 16).toString('latin1'), 'IHDR');
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

test('Download PNG saves the current view at its size with its pixels', async () => {
  await withExplorer('?sc=12&o=4#view=relief&x=10&y=-20&zoom=1&res=384', async ({ page, problems }) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#download-png')]);
    assert.equal(dl.suggestedFilename(), 'noisefield-relief-384.png');
    const buf = await readFile(await dl.path());
    assert.deepEqual(pngSize(buf), [384, 384]);
    await installPixels(page);
    const decoded = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
      const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
      const c = document.createElement('canvas');
      c.width = bmp.width;
      c.height = bmp.height;
      c.getContext('2d').drawImage(bmp, 0, 0);
      return window.__nfPixels.hash(c);
    }, buf.toString('base64'));
    assert.equal(decoded, await hashCanvas(page, sel('relief')));
    assert.deepEqual(problems, []);
  });
});

test('Copy config gives JSON that new nf.Field(config) accepts as is; Copy link gives the URL', async () => {
  await withExplorer('?t=simplex&o=5&fr=ridged&sc=20#view=raw&x=3&y=4&zoom=2', async ({ page, problems }) => {
    await page.click('#copy-config');
    await page.waitForFunction(() => window.explorer.lastCopied.startsWith('{'));
    const r = await page.evaluate(() => {
      const text = window.explorer.lastCopied;
      const f = new window.explorer.nf.Field(JSON.parse(text));
      const out = { query: f.toQuery(), same: f.toQuery() === window.explorer.field.toQuery(), text };
      f.delete();
      return out;
    });
    assert.ok(r.same, `config round trip (${r.query})`);
    assert.equal(JSON.parse(r.text).type, 'simplex');
    await page.click('#copy-link');
    await page.waitForFunction(() => window.explorer.lastCopied.startsWith('http'));
    const link = await page.evaluate(() => window.explorer.lastCopied);
    assert.equal(link, page.url());
    assert.match(link, /#view=raw&x=3&y=4&zoom=2$/);
    assert.deepEqual(problems, []);
  });
});

test('bad URL values fall back to defaults with a visible note and never break the page', async () => {
  await withExplorer('?o=99&t=plasma&sc=abc&t1=0.9&zz=1#view=nope&zoom=-3&x=abc&res=7', async ({ page, problems }) => {
    assert.equal(await page.isVisible('#url-note'), true);
    const note = await page.textContent('#url-note-text');
    for (const k of ['o', 'plasma', 'sc', 'zz', 'view', 'zoom', 'x=abc', 'res']) assert.ok(note.includes(k), `note mentions ${k}: ${note}`);
    const cfg = await config(page);
    const defaults = await page.evaluate(() => Object.fromEntries(window.explorer.nf.schema().map((p) => [p.key, p.default])));
    for (const k of ['octaves', 'type', 'scale', 't1']) assert.equal(cfg[k], defaults[k], `${k} fell back`);
    const st = await pageState(page);
    assert.deepEqual([st.view, st.zoom, st.x, st.res], ['bands', 1, 0, 512]);
    for (const v of VIEWS) assert.ok((await canvasStats(page, sel(v))).colours > 1, `${v} still renders`);
    // The URL is rewritten to what is shown.
    assert.match(await currentUrl(page), /explorer\.html#view=bands&x=0&y=0&zoom=1$/);
    await page.screenshot({ path: join(artifactsDir, 'explorer-bad-url.png') });
    await page.click('#url-note-dismiss');
    assert.equal(await page.isHidden('#url-note'), true);
    assert.deepEqual(problems, []);
  });
});

test('t1 cannot be set above t2 (keyboard, dragged value, typed value); t2 cannot pass t3', async () => {
  await withExplorer(async ({ page, problems }) => {
    await page.focus(primary('t1'));
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    await idle(page);
    let c = await config(page);
    assert.ok(c.t1 < c.t2, `t1 ${c.t1} < t2 ${c.t2}`);
    assert.equal(c.t1, 0.44, 'stops one step below t2');
    assert.equal(await page.$eval(primary('t1'), (e) => e.value), '0.44', 'the slider shows the limit');
    assert.equal(await page.isVisible('#controls .ex-ctl[data-key="t1"] .ex-hint'), true, 'a hint says why');
    // A dragged thumb jumping far past t2 stops at the limit too.
    await page.$eval(primary('t1'), (el) => { el.value = '0.2'; el.dispatchEvent(new Event('input', { bubbles: true })); });
    await page.$eval(primary('t1'), (el) => { el.value = '0.9'; el.dispatchEvent(new Event('input', { bubbles: true })); });
    c = await config(page);
    assert.equal(c.t1, 0.44);
    // A typed value above t2.
    await page.fill('#controls .ex-ctl[data-key="t1"] input[type=number]', '0.8');
    await page.press('#controls .ex-ctl[data-key="t1"] input[type=number]', 'Enter');
    c = await config(page);
    assert.ok(c.t1 < c.t2);
    assert.equal(await page.$eval('#controls .ex-ctl[data-key="t1"] input[type=number]', (e) => Number(e.value)), c.t1);
    // t2 is held between t1 and t3.
    await page.$eval(primary('t2'), (el) => { el.value = '0.95'; el.dispatchEvent(new Event('input', { bubbles: true })); });
    c = await config(page);
    assert.ok(c.t1 < c.t2 && c.t2 < c.t3, `t1 ${c.t1} < t2 ${c.t2} < t3 ${c.t3}`);
    assert.deepEqual(problems, []);
  });
});

// Puts the explorer into a configuration where `key` takes effect, through its controls and the
// schema's rule (applies: types, requires), enabling the required parameter first.
async function enableControl(page, key) {
  const rule = await page.evaluate((k) => window.explorer.nf.schema().find((p) => p.key === k).applies, key);
  if (!rule) return;
  const cfg = await config(page);
  if (!rule.types.includes(cfg.type)) await page.selectOption(primary('type'), rule.types[0]);
  const r = rule.requires;
  if (r) {
    await enableControl(page, r.key);
    const v = (await config(page))[r.key];
    if ('equals' in r && v !== r.equals) {
      if (typeof r.equals === 'boolean') await page.setChecked(primary(r.key), r.equals);
      else await setNumber(page, r.key, r.equals);
    }
    if ('min' in r && !(v >= r.min)) await setNumber(page, r.key, r.min);
    if ('notEquals' in r && v === r.notEquals) {
      const values = await page.evaluate((k) => window.explorer.nf.schema().find((p) => p.key === k).values, r.key);
      await page.selectOption(primary(r.key), values.find((x) => x !== r.notEquals));
    }
  }
  await idle(page);
}
async function setNumber(page, key, v) {
  const num = `#controls .ex-ctl[data-key="${key}"] input[type=number]`;
  await page.fill(num, String(v));
  await page.press(num, 'Enter');
}

test('the keyboard reaches (Tab) and changes every control', async () => {
  // One view at 256 x 256: the sweep enables costly configurations (cellular under a two-level
  // warp), and what is tested here is the keyboard, not the renderer. scale=16: the starter field
  // that Reset all returns to.
  await withExplorer('?scale=16#res=256&layout=focus', { viewport: { width: 1280, height: 900 } }, async ({ page, problems }) => {
    const keys = await page.evaluate(() => window.explorer.nf.schema().map((p) => p.key));
    const ids = await page.$$eval('#controls input, #controls select', (els) => els.map((e) => e.id || e.dataset.key));
    // Tab from the top of the page through everything; record what gets focus. Controls that do
    // not apply are disabled and skipped, so sweep in configurations that between them enable
    // every control: all but cellular's (3-D, warp level 2, island, terraces), then cellular (2-D).
    const start = await config(page);
    const covered = new Set();
    const TOOLBAR = ['copy-link', 'copy-config', 'copy-js', 'copy-cpp', 'download-png', 'view-bands', 'time', 'play', 'res-select'];
    const sweep = async () => {
      await page.focus('a.ex-back');
      const reached = new Set();
      // Round the page once: until focus is back on the first link (at most 400 steps).
      for (let i = 0; i < 400; i++) {
        await page.keyboard.press('Tab');
        const [id, home] = await page.evaluate(() => {
          const e = document.activeElement;
          return [e?.id || e?.dataset?.key || e?.tagName, e === document.querySelector('a.ex-back')];
        });
        if (home) break;
        reached.add(id);
      }
      const state = await page.$$eval('#controls input, #controls select', (els) => els.map((e) => [e.id || e.dataset.key, e.disabled]));
      for (const [id, disabled] of state) {
        if (disabled) assert.ok(!reached.has(id), `Tab skips the disabled ${id}`);
        else { assert.ok(reached.has(id), `Tab reaches ${id}`); covered.add(id); }
      }
      for (const id of TOOLBAR) {
        if (await page.$eval(`#${id}`, (e) => e.disabled)) continue;   // time and play: 3-D types only
        assert.ok(reached.has(id), `Tab reaches ${id}`);
        covered.add(id);
      }
    };
    for (const key of ['z', 'warp2', 'islandRadius', 'terraceSmooth']) await enableControl(page, key);
    await sweep();
    // Back to 2-D first: cellular is 3-D too now, and exact 3-D cellular under a two-level warp
    // is far costlier to render than this keyboard test needs (z was covered above).
    await setNumber(page, 'dimensions', 2);
    await enableControl(page, 'jitter');
    await sweep();
    for (const id of [...ids, ...TOOLBAR]) assert.ok(covered.has(id), `Tab reaches ${id} in some configuration`);
    await page.click('#reset-all');   // back to the defaults the loop below starts from
    await idle(page);
    assert.deepEqual(await config(page), start);

    // Change each control with the keyboard alone (first enabling a configuration where it applies).
    for (const key of keys) {
      await enableControl(page, key);
      assert.equal(await page.$eval(primary(key), (e) => e.disabled), false, `${key} is enabled`);
      const before = (await config(page))[key];
      const kind = await page.$eval(primary(key), (e) => (e.tagName === 'SELECT' ? 'select' : e.type));
      await page.focus(primary(key));
      const press = { range: 'ArrowRight', number: 'ArrowUp', select: 'ArrowDown', checkbox: 'Space' }[kind];
      await page.keyboard.press(press);
      if (kind === 'number') await page.keyboard.press('Enter');
      let after = (await config(page))[key];
      if (after === before && kind === 'range') { await page.keyboard.press('ArrowLeft'); await page.keyboard.press('ArrowLeft'); after = (await config(page))[key]; }
      assert.notEqual(after, before, `${key} (${kind}) changes with ${press}`);
      // Its reset button is now reachable with Tab and puts the default back.
      const reset = `#controls .ex-ctl[data-key="${key}"] .ex-reset`;
      assert.equal(await page.$eval(reset, (b) => b.tabIndex), 0, `${key} reset is focusable`);
    }
    await page.screenshot({ path: join(artifactsDir, 'explorer-changed.png'), fullPage: true });
    await page.focus('#controls .ex-ctl[data-key="octaves"] .ex-reset');
    await page.keyboard.press('Enter');
    assert.equal((await config(page)).octaves, await page.evaluate(() => window.explorer.nf.schema().find((p) => p.key === 'octaves').default));
    assert.deepEqual(problems, []);
  });
});

test('controls that do not apply are dimmed and disabled with the reason; values stay in the config', async () => {
  await withExplorer('?fd=quintic', { viewport: { width: 1280, height: 1400 } }, async ({ page, problems }) => {
    const state = (keys) => page.evaluate((ks) => Object.fromEntries(ks.map((k) => {
      const box = document.querySelector(`#controls .ex-ctl[data-key="${k}"]`);
      const main = box.querySelector(`[id^="ctl-${k}-"]`);
      return [k, { disabled: main.disabled, dimmed: box.classList.contains('ex-inactive'), why: box.querySelector('.ex-why').hidden ? '' : box.querySelector('.ex-why').textContent }];
    })), keys);
    const cellKeys = ['cellDistance', 'cellReturn', 'jitter'];
    let s = await state(['fade', ...cellKeys, 'warp', 'islandX', 'terraceSmooth', 'octaves', 'seed']);
    assert.deepEqual(s.fade, { disabled: false, dimmed: false, why: '' });
    for (const k of cellKeys) assert.deepEqual(s[k], { disabled: true, dimmed: true, why: 'cellular only' }, k);
    assert.equal(s.warp.why, 'needs Warp levels ≥ 1');
    assert.equal(s.islandX.why, 'needs Island on');
    assert.equal(s.terraceSmooth.why, 'needs Terraces ≥ 1');
    assert.deepEqual(s.octaves, { disabled: false, dimmed: false, why: '' });
    assert.deepEqual(s.seed, { disabled: false, dimmed: false, why: '' });

    await page.selectOption(primary('type'), 'cellular');
    await idle(page);
    s = await state(['fade', ...cellKeys, 'dimensions', 'z']);
    for (const k of cellKeys) assert.deepEqual(s[k], { disabled: false, dimmed: false, why: '' }, k);
    assert.deepEqual(s.fade, { disabled: true, dimmed: true, why: 'value and gradient only' });
    assert.equal(s.dimensions.why, '');  // every type has a 3-D variant now
    // Disabling changes nothing: fade keeps its value, in the config and the URL.
    assert.equal((await config(page)).fade, 'quintic');
    assert.match(await currentUrl(page), /fd=quintic/);
    await page.screenshot({ path: join(artifactsDir, 'explorer-cellular.png'), fullPage: true });

    // fractal none disables the octave parameters; a rule on a rule follows the chain.
    await page.selectOption(primary('fractal'), 'none');
    await idle(page);
    s = await state(['octaves', 'gain']);
    assert.equal(s.octaves.why, 'needs Fractal ≠ none');
    assert.equal(s.gain.disabled, true);
    assert.deepEqual(problems, []);
  });
});

test('narrow screens show one view at a time, switched by the view tabs', async () => {
  await withExplorer('', { viewport: { width: 420, height: 900 } }, async ({ page, problems }) => {
    const visible = async () => (await Promise.all(VIEWS.map(async (v) => [v, await page.isVisible(sel(v))]))).filter(([, s]) => s).map(([v]) => v);
    assert.deepEqual(await visible(), ['bands']);
    await page.click('label[for="view-biomes"]');
    await idle(page);
    assert.deepEqual(await visible(), ['biomes']);
    assert.ok((await canvasStats(page, sel('biomes'))).colours > 2);
    assert.match(await currentUrl(page), /#view=biomes/);
    await page.screenshot({ path: join(artifactsDir, 'explorer-narrow.png') });
    assert.deepEqual(problems, []);
  });
});

test('pinch zooms about the fingers; the focus layout shows one large view and is in the URL', async () => {
  await withExplorer('', { viewport: { width: 1280, height: 900 } }, async ({ page, problems }) => {
    // Two touch pointers moving apart over the bands view.
    await page.$eval(sel('bands'), async (c) => {
      const r = c.getBoundingClientRect();
      const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      const ev = (type, id, x) => c.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x, clientY: cy, bubbles: true }));
      ev('pointerdown', 1, cx - 20);
      ev('pointerdown', 2, cx + 20);
      for (let k = 1; k <= 8; k++) {
        ev('pointermove', 1, cx - 20 - k * 5);
        ev('pointermove', 2, cx + 20 + k * 5);
      }
      ev('pointerup', 1, cx - 60);
      ev('pointerup', 2, cx + 60);
    });
    await idle(page);
    const st = await pageState(page);
    assert.ok(st.zoom > 2.5 && st.zoom < 3.5, `pinch zoomed x3 (${st.zoom})`);
    assert.ok(Math.abs(st.x) < 1e-6 && Math.abs(st.y) < 1e-6, `about the centre between the fingers (${st.x}, ${st.y})`);
    await page.click('#layout-toggle');
    await idle(page);
    assert.match(await currentUrl(page), /&layout=focus$/);
    const shown = await Promise.all(VIEWS.map((v) => page.isVisible(sel(v))));
    assert.deepEqual(shown, VIEWS.map((v) => v === 'bands'));
    const box = await page.locator(sel('bands')).boundingBox();
    assert.ok(box.width > 500, `the focused view is large (${box.width})`);
    await page.screenshot({ path: join(artifactsDir, 'explorer-focus.png') });
    assert.deepEqual(problems, []);
  });
});

test('warnings: shared seeds, one tile per lattice cell, a sand band too thin', async () => {
  // withWarnings(suffix, fn): fn({ page, problems, ids }) with the ids of the warnings shown.
  const withWarnings = (suffix, fn) => withExplorer(suffix, async (o) => {
    await idle(o.page);
    const ids = await o.page.$$eval('#warnings li', (ls) => ls.map((l) => l.dataset.warning));
    return fn({ ...o, ids });
  });
  await withWarnings('?sc=16&ms=42', async ({ page, problems, ids }) => {
    assert.deepEqual(ids, ['seeds']);
    await page.click('#warnings li[data-warning="seeds"] button');
    await idle(page);
    assert.notEqual((await config(page)).moistureSeed, 42);
    assert.equal(await page.locator('#warnings li').count(), 0);
    assert.deepEqual(problems, []);
  });
  await withWarnings('?sc=1', async ({ ids }) => { assert.ok(ids.includes('scale'), ids.join()); });
  await withWarnings('?sc=16&t2=0.36', async ({ page, ids }) => {
    assert.ok(ids.includes('sand'), ids.join());
    await page.screenshot({ path: join(artifactsDir, 'explorer-warnings.png') });
  });
});

test('the time slider and play button animate 3-D noise', async () => {
  await withExplorer(async ({ page, problems }) => {
    const h0 = await hashCanvas(page, sel('raw'));
    await page.click('#play');
    await page.waitForFunction(() => window.explorer.config.z > 0.05, null, { timeout: 30000 });
    await page.click('#play');
    await idle(page);
    const c = await config(page);
    assert.equal(c.dimensions, 3);
    assert.ok(c.z > 0.05, `time advanced (${c.z})`);
    assert.notEqual(await hashCanvas(page, sel('raw')), h0);
    await page.focus('#time');
    await page.keyboard.press('ArrowRight');
    await idle(page);
    assert.ok((await config(page)).z !== c.z);
    assert.match(await currentUrl(page), /[?&]z=/);
    assert.deepEqual(problems, []);
  });
});

test('dark colour scheme renders cleanly', async () => {
  await withExplorer('?sc=24&o=5&t=gradient#view=relief&x=0&y=0&zoom=1', { colorScheme: 'dark', viewport: { width: 1440, height: 1000 } }, async ({ page, problems }) => {
    await page.screenshot({ path: join(artifactsDir, 'explorer-dark.png'), fullPage: true });
    assert.deepEqual(problems, []);
  });
});

test('OpenSimplex2 and 3-D cellular are explorer types like the others (issue 10)', async () => {
  for (const [query, shot] of [['?t=opensimplex2&sc=24&o=5', 'explorer-opensimplex2.png'],
    ['?t=cellular&d=3&z=0.5&sc=16&cr=f2-f1&fr=none', 'explorer-cellular-3d.png']]) {
    await withExplorer(query + '#view=raw', { viewport: { width: 1280, height: 1000 } }, async ({ page, problems }) => {
      await idle(page);
      for (const v of VIEWS) assert.ok((await canvasStats(page, sel(v))).colours >= 2, `${query}: ${v} is drawn`);
      const cfg = await config(page);
      assert.equal(cfg.type, query.includes('opensimplex2') ? 'opensimplex2' : 'cellular');
      const dims = await page.evaluate(() => {
        const box = document.querySelector('#controls .ex-ctl[data-key="dimensions"]');
        return box.classList.contains('ex-inactive');
      });
      assert.equal(dims, false, 'dimensions applies to every type');
      await page.screenshot({ path: join(artifactsDir, shot) });
      assert.deepEqual(problems, []);
    });
  }
});

// Layout reads (the getters and methods that force a synchronous layout when the document has
// changed), counted on the page from before its scripts run.
async function countLayoutReads(page) {
  await page.addInitScript(() => {
    window.__layoutReads = 0;
    const wrap = (proto, name, kind) => {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      if (kind === 'get') Object.defineProperty(proto, name, { ...d, get() { window.__layoutReads++; return d.get.call(this); } });
      else Object.defineProperty(proto, name, { ...d, value(...a) { window.__layoutReads++; return d.value.apply(this, a); } });
    };
    for (const n of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight']) wrap(n.startsWith('client') ? Element.prototype : HTMLElement.prototype, n, 'get');
    for (const n of ['getClientRects', 'getBoundingClientRect']) wrap(Element.prototype, n, 'value');
  });
}

test('a slider drag previews, then ends with the full picture of a fresh load of its URL; no layout read per frame', async () => {
  const suffix = '?t=simplex&sc=16&o=4&wl=1#view=bands&x=3&y=-2&zoom=1';
  const viewport = { width: 1500, height: 1000 };
  const dragged = await withPages([async () => {
    const o = await openPage(env.browser, null, { viewport });
    await countLayoutReads(o.page);
    await o.page.goto(explorerUrl(suffix));
    await o.page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
    return o;
  }], async ({ page, problems }) => {
    await idle(page);
    // Every view previews while the input moves (whatever this machine's speed).
    await page.evaluate(() => window.explorer.setPreviewAfter(0));
    const r = await page.$eval(primary('gain'), async (el) => {
      const ex = window.explorer;
      const frame = () => new Promise((ok) => requestAnimationFrame(ok));
      const r0 = ex.perf.renders, p0 = ex.perf.previews, f0 = ex.perf.frames, l0 = window.__layoutReads;
      for (let i = 0; i < 16; i++) {
        // Two events in one frame, as a fast pointer fires them: one Field, one render.
        el.value = String(0.4 + i * 0.01);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        el.value = String(0.405 + i * 0.01);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        await frame();
      }
      const during = { renders: ex.perf.renders - r0, previews: ex.perf.previews - p0, frames: ex.perf.frames - f0, reads: window.__layoutReads - l0 };
      el.value = '0.61';
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      await ex.idle();
      return { ...during, after: ex.perf.renders - r0 };
    });
    assert.ok(r.previews >= 10, `views previewed while the slider moved (${r.previews})`);
    assert.ok(r.frames >= 16, `a frame per input (${r.frames})`);
    assert.ok(r.previews <= 5 * r.frames, `at most one preview per view per frame (${r.previews} in ${r.frames} frames)`);
    // Before: fit() read clientWidth and clientHeight for both charts and every view's visibility
    // was read from layout, every frame.
    assert.ok(r.reads <= 2, `layout reads while dragging: ${r.reads} in ${r.frames} frames`);
    assert.ok(r.after - r.renders >= VIEWS.length, 'the full pictures follow the previews');
    assert.equal((await config(page)).gain, 0.61);
    const url = await currentUrl(page);
    assert.match(url, /[?&]g=0\.61(&|#)/);
    await page.screenshot({ path: join(artifactsDir, 'explorer-after-drag.png') });
    assert.deepEqual(problems, []);
    return { url, hashes: await hashAll(page) };
  });
  await withPage(env.browser, dragged.url, { viewport }, async ({ page, problems }) => {
    await page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
    await idle(page);
    assert.deepEqual(await hashAll(page), dragged.hashes, 'every view equals a fresh render of the final URL');
    assert.deepEqual(problems, []);
  });
});

// A drag's inputs arrive between frames (after one frame's layout, before the next frame's
// callbacks), so the page's frame starts with the moved thumb's style and layout invalid: any
// layout the frame needs then is forced. Before: the charts' fillText on the document's canvases
// resolved the font against their style, a forced layout in every frame that drew a chart.
test('a slider drag forces no synchronous layout (a trace shows no Layout with a page-script stack)', async () => {
  // t2 starts two steps above t1: the drag also meets the ordering's hold and its hint.
  await withExplorer('?sc=16&o=4&t2=0.37#view=bands&x=0&y=0&zoom=1&layout=focus', { viewport: { width: 1400, height: 1000 } }, async ({ page, problems }) => {
    const cdp = await page.context().newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline.stack', transferMode: 'ReportEvents' });
    const { renders, held } = await page.evaluate(async () => {
      const ex = window.explorer;
      ex.setAdaptive(false);
      const frame = () => new Promise((ok) => requestAnimationFrame(ok));
      const task = () => new Promise((ok) => setTimeout(ok, 0));
      const r0 = ex.perf.renders;
      let held = false;
      for (const key of ['t2', 'gain']) {
        const el = document.querySelector(`#controls .ex-ctl[data-key="${key}"] input[type=range]`);
        const start = Number(el.value), step = Number(el.step);
        for (let i = 0; i < 12; i++) {
          el.value = String(start + ((i % 8) - 4) * step);
          el.dispatchEvent(new Event('input', { bubbles: true }));
          await frame();
          await task();
        }
        // Read at once: the hint goes away after a few seconds, which a loaded machine can take.
        if (key === 't2') held = !document.querySelector('#controls .ex-ctl[data-key="t2"] .ex-hint').hidden;
      }
      await ex.idle();
      return { renders: ex.perf.renders - r0, held };
    });
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    const stackOf = (e) => e.args?.beginData?.stackTrace ?? [];
    const forced = events.filter((e) => e.name === 'Layout' && stackOf(e).some((f) => /\/web\/[^/]+\.m?js/.test(f.url ?? '')));
    const where = forced.map((e) => stackOf(e).slice(0, 3).map((f) => `${f.functionName} ${f.url.split('/').pop()}:${f.lineNumber + 1}`).join(' < '));
    assert.ok(renders >= 12, `the drag rendered (${renders} renders)`);
    assert.ok(events.some((e) => e.name === 'Layout'), 'the trace holds layouts');
    assert.deepEqual(where, [], 'no forced layout');
    for (const c of ['#profile', '#histogram']) {
      const s = await canvasStats(page, c);
      assert.ok(s.opaque > 100 && s.colours > 2, `${c} is drawn`);
    }
    assert.ok(held, 't2 met t1 and said so');
    await page.screenshot({ path: join(artifactsDir, 'explorer-after-trace-drag.png') });
    assert.deepEqual(problems, []);
  });
});

// While input moves the page counts the histogram only for a render the charts will show (at most
// every 100 ms); the charts owed once the input is quiet come from a repaint with it. They must end
// as those of a fresh load of the final URL.
test('after a drag the histogram, the shares and the profile are those of a fresh load of its URL', async () => {
  const viewport = { width: 1400, height: 1000 };
  const charts = async (page) => ({
    histogram: await hashCanvas(page, '#histogram'),
    profile: await hashCanvas(page, '#profile'),
    shares: await page.$eval('#shares', (e) => e.textContent),
  });
  const dragged = await withExplorer('?sc=16&o=4#view=biomes&x=0&y=0&zoom=1&layout=focus', { viewport }, async ({ page, problems }) => {
    const before = await charts(page);
    const r = await page.$eval(primary('gain'), async (el) => {
      const ex = window.explorer;
      ex.setAdaptive(false);
      const frame = () => new Promise((ok) => requestAnimationFrame(ok));
      const r0 = ex.perf.renders;
      for (let i = 0; i < 24; i++) {
        el.value = String(0.3 + i * 0.01);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        await frame();
      }
      el.dispatchEvent(new Event('change', { bubbles: true }));
      await ex.idle();
      return { renders: ex.perf.renders - r0, gain: ex.config.gain };
    });
    assert.ok(r.renders >= 24, `a full render per input (${r.renders})`);
    assert.equal(r.gain, 0.53);
    const after = await charts(page);
    assert.notDeepEqual(after, before, 'the charts follow the drag');
    assert.deepEqual(problems, []);
    return { url: await currentUrl(page), after };
  });
  await withPage(env.browser, dragged.url, { viewport }, async ({ page, problems }) => {
    await page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
    await idle(page);
    assert.deepEqual(await charts(page), dragged.after, 'the charts equal those of a fresh load of the final URL');
    assert.deepEqual(problems, []);
  });
});
