// The share flow ends in the right preview: "Share this view" on a live page (Chromium), then the
// shared URL fetched as a link-preview crawler fetches it (no JavaScript: the HTML, its og:image,
// the image), and the picture compared with the native CLI's render of the shared world. On the
// edge (workerd serving dist/ and the worker) every world previews itself; on a static host
// (dist --worlds) a listed world links to its pre-rendered page, any other to world/ and the
// default preview.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDist } from '../../tools/dist.mjs';
import { startServer } from '../../tools/serve.mjs';
import { launchChromium, withPage } from '../browser/helpers/browser.mjs';
import { bundleWorker, request, startEdge } from './helpers/edge.mjs';
import { cliRender, metaText } from './helpers/world.mjs';
import { decodePng } from '../wasm/helpers/png.mjs';

let scratch, site, edge, server, staticUrl, browser;
before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'nf-edge-share-'));
  site = join(scratch, 'site');
  await writeDist({ out: site, archive: false, worlds: 'bob:day=0.2:season=none:t=6,alice' });
  edge = await startEdge(bundleWorker(join(scratch, 'bundle'), site), site);
  ({ server, url: staticUrl } = await startServer({ root: site, fallback: '404.html' }));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await edge?.close();
  if (server) await new Promise((ok) => server.close(ok));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// Opens url, waits for the live landscape, clicks "Share this view"; -> the link it offers.
async function share(url) {
  return withPage(browser, url, { testHooks: false }, async ({ page, problems }) => {
    await page.waitForSelector('html.nf-live', { timeout: 30000 });
    await page.locator('.nf-share').click();
    await page.waitForFunction(() => document.querySelector('.nf-share').dataset.link);
    const link = await page.$eval('.nf-share', (b) => b.dataset.link);
    assert.deepEqual(problems.filter((m) => !m.includes('status of 404')), []);
    return new URL(link);
  });
}

// A crawler: GET the page (following redirects, no script), read og:image, GET it.
async function crawl(link) {
  const res = await request(link.href, { follow: true });
  assert.equal(res.status, 200, `${link} answers 200`);
  const html = res.text();
  const image = new URL(metaText(html, 'og:image'), res.url);
  const png = await request(image.href, { follow: true });
  assert.equal(png.status, 200, image.href);
  assert.equal(png.headers.get('content-type'), 'image/png');
  return { url: res.url, html, image, picture: decodePng(png.body) };
}

const samePixels = (a, b) => a.width === b.width && a.height === b.height && Buffer.from(a.data).equals(Buffer.from(b.data));
const render = (params) => decodePng(cliRender(params, join(scratch, 'cli.png')));

// The view's world as the CLI takes it: the link's parameters that decide the picture.
function viewWorld(link, names) {
  const p = new URLSearchParams();
  for (const n of names) if (link.searchParams.has(n)) p.set(n, link.searchParams.get(n));
  return p;
}
// (at: the clock's time of day; path: the tablet's text; life: the walker.)
const PICTURE = ['seed', 'day', 'dusk', 'season', 't', 'at', 'path', 'life', 'theme'];

test('on the edge: the shared link is the edge world page, and its og:image is that view drawn by the worker, the CLI\'s pixels', async () => {
  const link = await share(edge.url + 'world/?seed=alice&day=0.7&season=30&t=7.5&theme=dark&motion=off');
  assert.equal(link.origin + link.pathname, edge.url + 'world/');
  assert.equal(link.searchParams.get('seed'), 'alice');
  assert.equal(link.searchParams.get('t'), '7.5');
  // Canonical already: a crawler gets the page itself, not a redirect.
  assert.equal((await request(link.href)).status, 200, 'the link is canonical');
  const { image, picture } = await crawl(link);
  assert.equal(image.pathname, '/world/preview.png');
  assert.ok(samePixels(picture, render(image.searchParams)), 'og:image is the CLI render of its query');
  assert.ok(samePixels(picture, render(viewWorld(link, PICTURE))), 'and that is the shared view\'s world');
});

test('on the edge: a missing path\'s 404 page shares too; a listed world\'s page redirects to the edge page, whose preview is the view', async () => {
  // dist's 404 page lists the pre-rendered worlds (alice is one), so it links to world/alice/;
  // the worker sends a query there on to the one page per world.
  const link = await share(edge.url + 'gone/away?seed=alice&day=0.4&dusk=0.5&season=none&t=2&theme=light&motion=off');
  assert.equal(link.pathname, '/world/alice/');
  const { url, picture } = await crawl(link);
  assert.equal(new URL(url).pathname, '/world/', 'redirected to the edge page');
  assert.ok(samePixels(picture, render(viewWorld(link, PICTURE))));
});

test('on a static host: a view of a listed world links to its pre-rendered page, whose preview is that view', async () => {
  const link = await share(staticUrl + 'no/such/page?seed=bob&day=0.2&season=none&t=6&theme=light&motion=off');
  assert.equal(link.pathname, '/world/bob/', 'the pre-rendered page');
  assert.equal(link.searchParams.get('t'), '6', 'with the view\'s query, so the page rebuilds it exactly');
  const { image, picture } = await crawl(link);
  assert.equal(image.pathname, '/world/bob/preview.png');
  // A pre-rendered picture is drawn once, at dist time: it shows the listed world, not each
  // sharer's tablet text (path) and clock time (at), which README says.
  const listed = PICTURE.filter((n) => n !== 'at' && n !== 'path');
  assert.ok(samePixels(picture, render(viewWorld(link, listed))), 'the pre-rendered preview is the shared view\'s world');
});

test('on a static host: any other world links to world/ with the default preview; a listed page without a query shows its world', async () => {
  const link = await share(staticUrl + 'no/such/page?seed=carol&day=0.5&motion=off');
  assert.equal(link.pathname, '/world/');
  const { image, picture } = await crawl(link);
  assert.equal(image.pathname, '/preview.png', 'the default world\'s picture: the only one a static host has');
  assert.deepEqual(picture.data.length, 1200 * 630 * 4);
  // world/bob/ with no query is world bob as listed (its noisefield:world tag).
  const bob = await share(staticUrl + 'world/bob/');
  assert.equal(bob.pathname, '/world/bob/');
  for (const [k, v] of [['seed', 'bob'], ['day', '0.2'], ['season', 'none'], ['t', '6']]) assert.equal(bob.searchParams.get(k), v, k);
  const html = readFileSync(join(site, 'world', 'bob', 'index.html'), 'utf8');
  assert.equal(metaText(html, 'noisefield:world'), 'seed=bob&day=0.2&season=none&t=6');
});
