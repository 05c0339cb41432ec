// The package in the bundlers people bring: for each fixture (its own pinned package.json and
// lock file, tests/ecosystem/bundlers/NAME/), the README's page (index.html, main.js, style.css)
// built by the README's build line with the real bundler and no configuration of its own, served
// with the README's strict CSP and opened in Chromium: the landscape live in its worker, the module
// computing its golden value, nothing logged, and the worker and the packed wasm emitted once each.
// Also: both entries imported on a server (plain Node, and Vite's SSR build, as Astro and VitePress
// do) with no DOM, and the declarations under TypeScript's node16, nodenext and bundler resolution.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { artifactsDir, canvasStats, launchChromium, sceneThread, withPage } from '../browser/helpers/browser.mjs';
import { pageAround } from '../browser/helpers/readme.mjs';
import { filesUnder, install, pack, readmeCsp, recipe, run } from './bundlers/fixture.mjs';

const GOLDEN_FBM = 0.56386351984317051;   // docs/scene.md, "Golden values": fbm(1.3, 2.7, 211)
const shots = join(artifactsDir, 'ecosystem');
mkdirSync(shots, { recursive: true });

// The test's own probe, appended to the README's main.js: the toolkit module through the same
// bundler, and the element's ready event, as data attributes the test waits on.
const PROBE = `
import createNoisefield from 'noisefield';
createNoisefield().then((nf) => { document.body.dataset.fbm = String(nf.fbm(1.3, 2.7, 211)); });
document.querySelector('noisefield-landscape').addEventListener('noisefield-ready', () => { document.body.dataset.ready = '1'; });
document.querySelector('noisefield-landscape').addEventListener('noisefield-error', (e) => { document.body.dataset.error = String(e.detail.error); });
`;

let work, tarball, browser, packed;
before(async () => {
  work = mkdtempSync(join(tmpdir(), 'nf-bundlers-'));
  tarball = pack(work);
  const unpacked = join(work, 'unpacked');
  mkdirSync(unpacked);
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
  packed = {
    wasm: readFileSync(join(unpacked, 'package', 'web', 'noisefield-landscape.wasm.lzma')),
  };
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

// The page's files from the README, in a fixture's folder.
function writePage(dir) {
  const page = recipe('bundler');
  writeFileSync(join(dir, 'index.html'), pageAround(page['index.html']));
  writeFileSync(join(dir, 'main.js'), page['main.js'] + PROBE);
  writeFileSync(join(dir, 'style.css'), page['style.css']);
}

// What the build wrote: how many files are the packed wasm, and how many the landscape's worker
// (its one message string, minified or not).
function emitted(out) {
  const files = filesUnder(out);
  const read = (f) => readFileSync(join(out, f));
  return {
    files,
    wasm: files.filter((f) => read(f).equals(packed.wasm)),
    worker: files.filter((f) => /\.m?js$/.test(f) && read(f).includes('landscape worker: unknown op')),
    // The module's face (its one refusal message): the page's copy and the worker's.
    face: files.filter((f) => /\.m?js$/.test(f) && read(f).includes('not WebAssembly, packed or plain')),
  };
}

async function checkPage(out, name) {
  writeFileSync(join(out, 'favicon.ico'), '');   // a site has one; its 404 would be logged
  const { server, url } = await startServer({ root: out, headers: { 'content-security-policy': readmeCsp() } });
  try {
    await withPage(browser, url, { testHooks: false }, async ({ page, problems }) => {
      await page.waitForFunction(() => (document.body.dataset.ready || document.body.dataset.error) && document.body.dataset.fbm, null, { timeout: 30000 });
      assert.equal(await page.evaluate(() => document.body.dataset.error ?? null), null, 'the element mounted');
      assert.equal(Number(await page.evaluate(() => document.body.dataset.fbm)), GOLDEN_FBM);
      const el = 'noisefield-landscape';
      const box = await page.$eval(el, (e) => { const r = e.getBoundingClientRect(); return { w: r.width, h: r.height }; });
      assert.equal(box.h, 300, 'the stylesheet gave the element its height');
      assert.ok(box.w > 0, 'the element has a width');
      assert.equal(await page.locator(`${el} canvas.nf-layer`).count(), 8);   // Landscape.LAYERS, fx among them
      assert.equal(await sceneThread(page, `${el} canvas.nf-layer`), 'worker', `${name}: the scene runs in the worker`);
      // Live: the worker's loop advances the clock the handle reports.
      const clock = () => page.$eval(el, (e) => e.handle.state().clock);
      const t0 = await clock();
      await page.waitForFunction((t) => document.querySelector('noisefield-landscape').handle.state().clock > t, t0, { timeout: 10000 });
      // framing="gate": the sky and the ring are in view in any banner.
      for (const layer of ['sky', 'gate']) {
        const s = await canvasStats(page, `${el} canvas.nf-layer-${layer}`);
        assert.ok(s.opaque > 0 && s.colours > 1, `${layer} painted`);
      }
      await page.screenshot({ path: join(shots, `bundler-${name}.png`) });
      assert.deepEqual(problems, []);
    });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
}

const BUNDLERS = [
  { fixture: 'vite5', build: 'vite' },
  { fixture: 'vite6', build: 'vite' },
  { fixture: 'vite7', build: 'vite' },
  { fixture: 'vite8', build: 'vite' },
  { fixture: 'webpack5', build: 'webpack' },
  { fixture: 'rollup4', build: 'rollup' },
  { fixture: 'esbuild', build: 'esbuild' },
];

// npm ci and a build each, on a busy machine.
const SLOW = { timeout: 240000 };

for (const { fixture, build } of BUNDLERS) {
  test(`${fixture}: the README's page builds as written, and runs in the worker under the README's CSP`, SLOW, async () => {
    const dir = install(fixture, work, tarball);
    writePage(dir);
    run(recipe(build)['build.sh'], dir);
    const out = join(dir, 'dist');
    const e = emitted(out);
    assert.equal(e.wasm.length, 1, `the packed wasm once: ${e.wasm.join(' ')} (of ${e.files.join(' ')})`);
    assert.equal(e.worker.length, 1, `the worker once: ${e.worker.join(' ')} (of ${e.files.join(' ')})`);
    assert.ok(e.face.length >= 1 && e.face.length <= 2, `the module's face in the page's and the worker's files only: ${e.face.join(' ')}`);
    await checkPage(out, fixture);
  });
}

test('on a server: both entries import in plain Node and in Vite\'s SSR build, touching no DOM global', SLOW, () => {
  const dir = install('vite8', work, tarball);
  // None of these exists in plain Node: an import that used one would throw, and it defines none.
  const script = `
    const DOM = ['window', 'document', 'customElements', 'HTMLElement', 'navigator', 'self'];
    for (const name of DOM) {
      if (name in globalThis && name !== 'navigator') throw new Error(name + ' exists before the import');
    }
    const { mount, NoisefieldLandscape, loadModule } = await import('noisefield/landscape');
    const { default: createNoisefield } = await import('noisefield');
    const nf = await createNoisefield();
    console.log(JSON.stringify({ mount: typeof mount, element: typeof NoisefieldLandscape, load: typeof loadModule,
      fbm: nf.fbm(1.3, 2.7, 211), defined: DOM.filter((n) => n !== 'navigator' && n in globalThis) }));
  `;
  writeFileSync(join(dir, 'ssr.mjs'), script);
  const node = JSON.parse(execFileSync(process.execPath, ['ssr.mjs'], { cwd: dir, encoding: 'utf8' }));
  assert.deepEqual(node, { mount: 'function', element: 'function', load: 'function', fbm: GOLDEN_FBM, defined: [] });
  // Vite's SSR build bundles the entries for Node, as a site generator's server render does.
  execFileSync('npx', ['vite', 'build', '--ssr', 'ssr.mjs', '--outDir', 'ssr-out', '--logLevel', 'warn'], { cwd: dir, stdio: 'pipe' });
  const built = filesUnder(join(dir, 'ssr-out')).find((f) => /^ssr\.m?js$/.test(f));
  assert.ok(built, 'Vite wrote the SSR bundle');
  const ssr = JSON.parse(execFileSync(process.execPath, [join('ssr-out', built)], { cwd: dir, encoding: 'utf8' }));
  assert.deepEqual(ssr, node);
});

test('TypeScript 5.9 finds the declarations of both entries under node16, nodenext, bundler and node10', SLOW, () => {
  const dir = install('typescript', work, tarball);
  writeFileSync(join(dir, 'use.ts'), `import createNoisefield, { type BandWidths, type FillResult } from 'noisefield';
import { mount, NoisefieldLandscape, type LandscapeHandle, type MountOptions } from 'noisefield/landscape';
const options: MountOptions = { seed: 'my-site', home: '/', framing: 'gate', portal: false };
export async function start(el: HTMLElement): Promise<LandscapeHandle> {
  const nf = await createNoisefield();
  const x: number = nf.fbm(1.3, 2.7, 211);
  const h = await mount(el, { ...options, day: x });
  return h;
}
export const Element: typeof HTMLElement = NoisefieldLandscape;
// The world as one object (issue 23): setWorld, the scene's world in state(), the placement's fields.
export async function world(h: LandscapeHandle): Promise<number> {
  await h.setWorld({ seed: 'meadow', day: 0.4, life: false, theme: 'dark', path: '/x' });
  await h.pause();
  const pairs: [string, string][] | null = h.state().world;
  const p = h.placement();
  return (pairs?.length ?? 0) + (p ? p.sceneWidth + p.sceneHeight : 0);
}
// The members the declarations once got wrong or left out (issue 23), used as a strict consumer would.
export async function members(): Promise<number> {
  const nf = await createNoisefield();
  const field = new nf.Field({});
  const p: FillResult = field.profile({ width: 8 });
  const v: Float32Array = field.fillColor('land', { width: 4, height: 4 }).view;
  const b: BandWidths = field.bandWidths({ width: 8, height: 8 });
  const [r, g, bl]: [number, number, number] = nf.views()[0].legend[0].color;
  const framings: string[] = nf.Landscape.FRAMINGS;
  const scene = new nf.Landscape(nf.kDefaultWorldSeed);
  scene.setViewport({ cssWidth: 320, cssHeight: 200, framing: 'gate' });
  scene.setViewport({ cssWidth: 320, cssHeight: 200, framing: { x: 800, y: 440 } });
  const pic = scene.picture(2, 'buffer');
  const row = nf.worldParams()[0];
  const parsed = nf.parseWorldParam(row.name, '1');
  // @ts-expect-error: the element watches its attributes with a MutationObserver, not observedAttributes
  void NoisefieldLandscape.observedAttributes;
  // moduleUrl as a URL object, which mount() takes as well as text.
  const other: MountOptions = { moduleUrl: new URL('https://cdn.example/noisefield/noisefield-landscape.mjs'), worker: false };
  return (other.worker ? 1 : 0) + p.view[0] + v[0] + b.counts[0] + b.sand + (b.analytic ? 1 : 0) + r + g + bl + framings.length + pic.pixels[0]
    + scene.renderCount + nf.Landscape.maxBufferPixels + nf.kMaxWorldSeed + nf.kDarkDayCap + nf.kMaxBufferPixels
    + nf.seedFromText('my-site') + ('value' in parsed ? 1 : 0);
}
`);
  // A wrong use must fail, or a missing declaration (any) would pass unseen.
  writeFileSync(join(dir, 'wrong.ts'), `import { mount } from 'noisefield/landscape';
export const bad = mount(document.body, { seed: 'x', framing: 'sideways' });
`);
  // Both files in one run per resolution: the wrong use must be the only error.
  // node10 (no exports) reads typesVersions.
  for (const [module, resolution] of [['node16', 'node16'], ['nodenext', 'nodenext'], ['esnext', 'bundler'], ['commonjs', 'node10']]) {
    let out = '';
    try {
      execFileSync('npx', ['tsc', '--noEmit', '--strict', '--lib', 'es2022,dom', '--target', 'es2022',
        '--module', module, '--moduleResolution', resolution, 'use.ts', 'wrong.ts'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      out = String(e.stdout) + String(e.stderr);
    }
    const errors = out.split('\n').filter((l) => /error TS/.test(l));
    assert.equal(errors.length, 1, `${resolution}: ${out}`);
    assert.match(errors[0], /^wrong\.ts.*sideways/, `${resolution}: a wrong framing is the one type error`);
  }
});
