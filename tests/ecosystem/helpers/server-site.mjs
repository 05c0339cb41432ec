// The site the server tests serve, and what a visitor's Chromium checks of it. One folder:
//   /                  dist/ built with --explorer (a home page of its own beside it)
//   /myproject/        dist/ built with --explorer --base /myproject/ (and its home page)
//   /pkg/              a page using the npm package's files without a bundler (/pkg/noisefield/)
//   /web/              the repo's web/ (its explorer loads the module as noisefield.mjs)
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeDist } from '../../../tools/dist.mjs';
import { repoRoot } from '../../wasm/helpers/load.mjs';
import { artifactsDir, sceneThread, withPage } from '../../browser/helpers/browser.mjs';

export const SUB = '/myproject/';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
// The file that defines <noisefield-landscape>, as the package exports it.
export const elementFile = pkg.exports['./landscape'].default.replace(/^\.\//, '');

// The package's own files (package.json "files"), as npm installs them.
export function copyPackage(to) {
  mkdirSync(to, { recursive: true });
  for (const entry of pkg.files) {
    // "files" may hold one-folder globs ("web/landscape-*.js"), as npm takes them.
    const star = entry.lastIndexOf('*');
    const names = star < 0 ? [entry] : (() => {
      const dir = entry.slice(0, entry.lastIndexOf('/', star));
      const [head, tail] = entry.slice(dir.length + 1).split('*');
      return readdirSync(join(repoRoot, dir)).filter((n) => n.startsWith(head) && n.endsWith(tail)).map((n) => `${dir}/${n}`);
    })();
    for (const f of names) cpSync(join(repoRoot, f), join(to, f), { recursive: true });
  }
  writeFileSync(join(to, 'package.json'), JSON.stringify(pkg, null, 2));
}

// A page that shows the element from the package at `src` and reports how it went in #result.
export function packagePage(dir, src) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'page.css'), 'noisefield-landscape { display: block; height: 300px; }\n');
  cpSync(join(repoRoot, 'web', 'favicon.svg'), join(dir, 'favicon.svg'));
  writeFileSync(join(dir, 'page.js'), `// Records the element's outcome for the test (and shows a failure's message, as a site would).
const el = document.querySelector('noisefield-landscape');
const out = document.getElementById('result');
el.addEventListener('noisefield-ready', (e) => { out.dataset.state = 'ready'; out.dataset.mode = e.detail.handle.mode; });
el.addEventListener('noisefield-error', (e) => {
  out.dataset.state = 'error';
  out.dataset.reason = e.detail.error.reason;
  out.textContent = e.detail.error.message;
});
`);
  writeFileSync(join(dir, 'index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The package's element</title>
<link rel="stylesheet" href="page.css"><link rel="icon" href="favicon.svg">
<script type="module" src="page.js"></script>
<script type="module" src="${src}"></script>
</head><body>
<noisefield-landscape seed="servers" portal="false" framing="gate"></noisefield-landscape>
<p id="result"></p>
</body></html>
`);
}

const home = (dir) => writeFileSync(join(dir, 'index.html'), '<!doctype html><title>My site</title><h1 id="home">My site</h1>');

export async function buildSite(scratch) {
  const site = join(scratch, 'site');
  mkdirSync(site, { recursive: true });
  await writeDist({ out: site, base: '/', explorer: true, archive: false });
  home(site);
  await writeDist({ out: join(site, SUB), base: SUB, explorer: true, archive: false });
  home(join(site, SUB));
  copyPackage(join(site, 'pkg', 'noisefield'));
  packagePage(join(site, 'pkg'), `noisefield/${elementFile}`);
  cpSync(join(repoRoot, 'web'), join(site, 'web'), { recursive: true });
  return site;
}

// Chromium logs the document's own 404 status as a console error (that is a 404 page's point);
// `expected` are further messages a test expects (a refused module script, say).
const unexpected = (problems, expected = []) => problems.filter((p) => !/status of 404/.test(p) && !expected.some((re) => re.test(p)));

async function checkLive(browser, url, { status, shot }) {
  await withPage(browser, null, { reducedMotion: 'reduce' }, async ({ page, problems }) => {
    const res = await page.goto(url);
    assert.equal(res.status(), status, `${url}: HTTP ${status}`);
    await page.waitForFunction(() => /\bnf-(live|failed)\b/.test(document.documentElement.className));
    assert.equal(await page.evaluate(() => document.documentElement.className.includes('nf-failed') && document.querySelector('.nf-fail-why').textContent), false,
      `${url}: the landscape is live`);
    assert.equal(await sceneThread(page), 'worker', `${url}: in the worker`);
    assert.equal(await page.$eval('.nf-card', (e) => getComputedStyle(e).borderTopStyle), 'solid', `${url}: styled`);
    if (shot) await page.screenshot({ path: join(artifactsDir, shot) });
    assert.deepEqual(unexpected(problems), [], url);
  });
}

// The explorer at url: ready, or (note) its error note, matching every pattern of note.
export async function checkExplorer(browser, url, { note = null } = {}) {
  await withPage(browser, url, async ({ page, problems }) => {
    await page.waitForFunction(() => ['ready', 'error'].includes(document.documentElement.dataset.state));
    const state = await page.evaluate(() => document.documentElement.dataset.state);
    const text = await page.$eval('#load-error', (e) => (e.hidden ? '' : e.textContent));
    if (!note) {
      assert.equal(text, '', url);
      assert.equal(state, 'ready', url);
      assert.deepEqual(unexpected(problems), [], url);
      return;
    }
    assert.equal(state, 'error', url);
    for (const re of note) assert.match(text, re, `${url}: the note`);
    assert.deepEqual(unexpected(problems, [/module script|MIME type/i, /^requestfailed: .*\.mjs$/]), [], url);
  });
}

// The package's element at url: in the worker, or (note) the error naming file and type.
export async function checkPackagePage(browser, url, { note = null, shot = null } = {}) {
  await withPage(browser, url, async ({ page, problems }) => {
    await page.waitForFunction(() => document.getElementById('result').dataset.state);
    const r = await page.$eval('#result', (e) => ({ ...e.dataset, text: e.textContent }));
    if (shot) await page.screenshot({ path: join(artifactsDir, shot) });
    if (!note) {
      assert.deepEqual(r, { state: 'ready', mode: 'worker', text: '' }, url);
      assert.deepEqual(unexpected(problems), [], url);
      return;
    }
    assert.equal(r.state, 'error', url);
    assert.equal(r.reason, 'wrong-type', url);
    for (const re of note) assert.match(r.text, re, `${url}: the message`);
    assert.deepEqual(unexpected(problems, [/module script|MIME type/i, /^requestfailed: .*\.mjs$/]), [], url);
  });
}

// Everything a server must serve of the site at `url` (its root). notFound: whether it answers a
// missing path with the configured 404 page (python3 -m http.server has none: /404.html is
// opened as a file). mjs: whether it sends .mjs as JavaScript (stock nginx does not).
export async function checkServer(browser, url, { name, notFound = true, mjs = true }) {
  for (const base of ['/', SUB]) {
    const at = url + base.slice(1);
    const tag = base === '/' ? 'root' : 'sub';
    if (notFound) await checkLive(browser, `${at}no/such/page`, { status: 404, shot: `server-${name}-${tag}-404.png` });
    else await checkLive(browser, `${at}404.html`, { status: 200, shot: `server-${name}-${tag}-404.png` });
    await checkLive(browser, `${at}world/`, { status: 200 });
    await checkExplorer(browser, `${at}explorer/`);
  }
  const typeNote = (file) => [new RegExp(file.replace(/[.]/g, '\\.')), /application\/octet-stream/, /text\/javascript/];
  await checkPackagePage(browser, `${url}pkg/`, { note: mjs ? null : typeNote('noisefield-landscape.mjs'), shot: `server-${name}-package.png` });
  await checkExplorer(browser, `${url}web/explorer.html`, { note: mjs ? null : typeNote('noisefield.mjs') });
}
