// The element from a CDN: the package's files on a second origin (another port of 127.0.0.1),
// laid out as jsDelivr and unpkg serve an npm package (/npm/noisefield@VERSION/..., and
// /noisefield@VERSION/...) with Access-Control-Allow-Origin: *, and a page on the first origin
// with the README's <script> line (its host swapped for the local one). A module worker cannot
// start from another origin's URL: the scene still runs in a worker (through the same-origin
// blob: trampoline), under the README's CSP too, and on the main thread with a console note where
// a CSP refuses blob: workers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { userDocs } from '../wasm/helpers/user-docs.mjs';
import { browserAndScratch, sceneThread, withPage } from '../browser/helpers/browser.mjs';
import { pagesLike } from './helpers/servers.mjs';
import { copyPackage, elementFile, packagePage } from './helpers/server-site.mjs';

const version = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version;
const readme = userDocs();
const snippet = (name) => {
  const m = new RegExp(`<!-- cdn: ${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\``).exec(readme);
  assert.ok(m, `README.md has no snippet <!-- cdn: ${name} -->`);
  return m[1].trim();
};
const CDNS = { jsdelivr: 'https://cdn.jsdelivr.net', unpkg: 'https://unpkg.com' };

const env = browserAndScratch('nf-cdn-');
let cdn, files;
before(async () => {
  files = mkdtempSync(join(tmpdir(), 'nf-cdn-files-'));
  copyPackage(join(files, 'npm', `noisefield@${version}`));
  copyPackage(join(files, `noisefield@${version}`));
  cdn = await pagesLike({ root: files });
});
after(async () => {
  await cdn?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

// The README's line for `name`, pointed at the local CDN: -> the script's URL there.
function scriptFrom(name) {
  const line = snippet(name);
  const m = /^<script type="module" src="([^"]+)"><\/script>$/.exec(line);
  assert.ok(m, `the ${name} snippet is one module <script> line: ${line}`);
  const url = m[1];
  assert.ok(url.startsWith(CDNS[name] + '/'), url);
  assert.ok(url.includes(`noisefield@${version}/`), `${url} names this version (${version})`);
  assert.ok(url.endsWith(`/${elementFile}`), `${url} is the file that defines the element (${elementFile})`);
  return cdn.url + url.slice(CDNS[name].length + 1);
}

async function pageWith(name, src, headers = {}) {
  const dir = join(env.scratch, name);
  packagePage(dir, src);
  return startServer({ root: dir, headers });
}

async function check(name, { src, csp = null, mode, note = null }) {
  const site = await pageWith(name, src, csp ? { 'content-security-policy': csp } : {});
  try {
    assert.notEqual(new URL(site.url).origin, new URL(src).origin, 'two origins');
    await withPage(env.browser, site.url, async ({ page, problems }) => {
      await page.waitForFunction(() => document.getElementById('result').dataset.state);
      const r = await page.$eval('#result', (e) => ({ ...e.dataset, text: e.textContent }));
      assert.deepEqual(r, { state: 'ready', mode, text: '' }, problems.join('\n'));
      assert.equal(await sceneThread(page, 'noisefield-landscape canvas.nf-layer'), mode);
      if (!note) assert.deepEqual(problems, []);
      else {
        assert.ok(problems.some((p) => note.test(p)), `the console says why: ${problems.join('\n')}`);
        assert.deepEqual(problems.filter((p) => !note.test(p) && !/CSP violation|Content Security Policy/.test(p)), []);
      }
    });
  } finally {
    await new Promise((ok) => site.server.close(ok));
  }
}

test('the README\'s jsDelivr line on another origin: the element runs in a worker (blob: trampoline)', async () => {
  await check('jsdelivr', { src: scriptFrom('jsdelivr'), mode: 'worker' });
});

test('the README\'s unpkg line on another origin: the element runs in a worker', async () => {
  await check('unpkg', { src: scriptFrom('unpkg'), mode: 'worker' });
});

const readmeCsp = () => {
  const line = snippet('csp');
  assert.match(line, /^Content-Security-Policy: /);
  return line.slice('Content-Security-Policy: '.length).split(CDNS.jsdelivr).join(cdn.url.replace(/\/$/, ''));
};

test('under the README\'s CSP for a CDN: still in the worker', async () => {
  await check('jsdelivr-csp', { src: scriptFrom('jsdelivr'), csp: readmeCsp(), mode: 'worker' });
});

test('under a CSP that refuses blob: workers: on the main thread, and the console names the worker and the fix', async () => {
  const csp = readmeCsp().replace(/;\s*worker-src [^;]*/, '');
  assert.doesNotMatch(csp, /worker-src/);
  await check('jsdelivr-no-blob', { src: scriptFrom('jsdelivr'), csp, mode: 'main', note: /landscape-worker\.js.*worker-src blob:/ });
});
