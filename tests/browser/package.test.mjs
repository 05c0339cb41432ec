// The npm package as a user gets it: `npm pack` (which builds the modules it ships), installed
// offline from the tarball into an empty project, imported from Node with a plain `import`, and
// bundled by Vite 8.3.8 into a page that Chromium shows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { launchChromium, artifactsDir, canvasStats, sceneThread, withPage } from './helpers/browser.mjs';
import { checkEmbedSnippet } from './helpers/embed-snippet.mjs';

const GOLDEN_FBM = 0.56386351984317051;   // docs/scene.md, "Golden values": fbm(1.3, 2.7, 211)
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

let scratch, app, tarball, browser;
before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'nf-pack-'));
  npm(['pack', '--pack-destination', scratch], repoRoot);
  tarball = join(scratch, readdirSync(scratch).find((f) => f.endsWith('.tgz')));
  app = join(scratch, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  npm(['install', '--offline', tarball], app);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the tarball holds what users need and nothing else', () => {
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').map((f) => f.replace(/^package\//, ''));
  for (const f of ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json', 'node/noisefield.mjs', 'types/noisefield.d.ts',
    'types/landscape.d.ts', 'web/noisefield.mjs', 'web/noisefield.wasm', 'web/noisefield-landscape.mjs',
    'web/noisefield-landscape.wasm.lzma', 'web/landscape.js', 'web/landscape-mount.js', 'web/landscape-core.js', 'web/landscape-worker.js',
    'web/landscape-element.js']) {
    assert.ok(files.includes(f), `${f} in the tarball`);
  }
  assert.ok(!files.some((f) => /^(cpp|tests|bench|tools)\//.test(f) || f.endsWith('.cpp')), files.join(' '));
  // The landscape's wasm ships packed only: nothing in the package loads the plain file.
  assert.ok(!files.includes('web/noisefield-landscape.wasm'), 'no plain landscape wasm');
  // The landscape embed is a score of small modules (web/landscape-*.js); nothing else may creep in.
  assert.ok(files.length < 40, `${files.length} files`);
});

test('Node: a plain import computes the golden value, and the landscape entry imports', () => {
  const script = `
    import createNoisefield from 'noisefield';
    import { mount, NoisefieldLandscape } from 'noisefield/landscape';
    const nf = await createNoisefield();
    const pkg = (await import('noisefield/package.json', { with: { type: 'json' } })).default;
    console.log(JSON.stringify({ fbm: nf.fbm(1.3, 2.7, 211), version: nf.version, pkg: pkg.version,
      mount: typeof mount, element: typeof NoisefieldLandscape, dirname: typeof __dirname }));`;
  writeFileSync(join(app, 'golden.mjs'), script);
  const r = JSON.parse(execFileSync(process.execPath, ['golden.mjs'], { cwd: app, encoding: 'utf8' }));
  assert.equal(r.fbm, GOLDEN_FBM);
  assert.equal(r.version, r.pkg);
  assert.equal(r.mount, 'function');
  assert.equal(r.element, 'function');
  assert.equal(r.dirname, 'undefined', 'no global left behind');
});

test('Vite 8.3.8 bundles a page with the module and <noisefield-landscape>; Chromium shows it', async () => {
  writeFileSync(join(app, 'index.html'), `<!doctype html>
<html><head><meta charset="utf-8"><title>vite + noisefield</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="./style.css"></head>
<body><noisefield-landscape seed="vite" t="3" day="0.8" season="none" home="/"></noisefield-landscape>
<script type="module" src="./main.js"></script></body></html>`);
  writeFileSync(join(app, 'style.css'), 'body { margin: 0 } noisefield-landscape { display: block; width: 800px; height: 400px; }');
  writeFileSync(join(app, 'main.js'), `import 'noisefield/landscape';
import createNoisefield from 'noisefield';
createNoisefield().then((nf) => { document.body.dataset.fbm = String(nf.fbm(1.3, 2.7, 211)); });
document.querySelector('noisefield-landscape').addEventListener('noisefield-ready', () => { document.body.dataset.ready = '1'; });
`);
  const { build } = await import('vite');
  await build({ root: app, logLevel: 'warn', build: { outDir: join(app, 'out'), emptyOutDir: true } });
  assert.ok(existsSync(join(app, 'out', 'index.html')));
  const assets = readdirSync(join(app, 'out', 'assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `a wasm asset was emitted: ${assets.join(' ')}`);
  assert.ok(assets.some((f) => /^noisefield-landscape\.wasm-.*\.lzma$/.test(f)), `the landscape's packed wasm was emitted: ${assets.join(' ')}`);

  const { server, url } = await startServer({ root: join(app, 'out') });
  try {
    await withPage(browser, url, async ({ page, problems }) => {
      await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.fbm, null, { timeout: 20000 });
      assert.equal(Number(await page.evaluate(() => document.body.dataset.fbm)), GOLDEN_FBM);
      assert.equal(await page.locator('noisefield-landscape canvas.nf-layer').count(), 8);
      assert.equal(await sceneThread(page, 'noisefield-landscape canvas.nf-layer'), 'worker', 'Vite emitted the worker');
      for (const layer of ['sky', 'gate', 'near']) {
        const s = await canvasStats(page, `noisefield-landscape canvas.nf-layer-${layer}`);
        assert.ok(s.opaque > 0 && s.colours > 1, `${layer} painted`);
      }
      await page.screenshot({ path: join(artifactsDir, 'package-vite.png') });
      assert.deepEqual(problems, []);
    });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});

// Without a bundler: the package's web/ copied to a site as the README's embed snippet names it
// (/assets/landscape/landscape.js defines the element and exports mount()).
test('without a bundler: the README\'s embed snippet over the package\'s web/ shows a live element under the README\'s CSP', async () => {
  await checkEmbedSnippet(browser, join(app, 'node_modules', 'noisefield', 'web'), join(scratch, 'site'), 'package-embed-snippet.png');
  const script = `import * as a from 'noisefield/landscape';
    const b = await import('./node_modules/noisefield/web/landscape-element.js');
    console.log(JSON.stringify({ same: Object.keys(a).sort().join() === Object.keys(b).sort().join() && a.mount === b.mount, mount: typeof a.mount }));`;
  writeFileSync(join(app, 'alias.mjs'), script);
  const r = JSON.parse(execFileSync(process.execPath, ['alias.mjs'], { cwd: app, encoding: 'utf8' }));
  assert.deepEqual(r, { same: true, mount: 'function' }, 'landscape-element.js is landscape.js under its former name');
});
