// dist/ (with --explorer, at a root and under /myproject/) and the npm package's files served by
// the servers people have: Debian's nginx and Apache 2.4 with their stock configuration and the
// README's snippets (helpers/servers.mjs runs each as a test process on a free port),
// `python3 -m http.server`, and a GitHub-Pages-like host. Each is opened in Chromium: the 404 page
// at a missing URL, world/, the explorer, and a page using the package's element, live in the
// worker or, where the server sends a module with a type browsers refuse, with a note naming the
// file and the type.
import { test } from 'node:test';
import { browserAndScratch } from '../browser/helpers/browser.mjs';
import { apache, nginx, pagesLike, pythonHttp, serverSnippet } from './helpers/servers.mjs';
import { buildSite, checkPackagePage, checkExplorer, checkServer, SUB } from './helpers/server-site.mjs';

const env = browserAndScratch('nf-servers-');
let site = null;
const theSite = async () => (site ??= await buildSite(env.scratch));

async function serving(start, fn) {
  const s = await start();
  try { await fn(s.url); } finally { await s.close(); }
}

test('nginx (Debian, stock config and mime.types): dist/ works; the package\'s .mjs, sent as application/octet-stream, gets a note naming it', async () => {
  const root = await theSite();
  await serving(() => nginx({ root, scratch: env.scratch, server: serverSnippet('nginx') }),
    (url) => checkServer(env.browser, url, { name: 'nginx', mjs: false }));
});

test('nginx with the README\'s mjs line: the package\'s element runs in the worker, the repo\'s explorer starts', async () => {
  const root = await theSite();
  await serving(() => nginx({ root, scratch: env.scratch, http: serverSnippet('nginx-mjs'), server: serverSnippet('nginx') }), async (url) => {
    await checkPackagePage(env.browser, `${url}pkg/`);
    await checkExplorer(env.browser, `${url}web/explorer.html`);
  });
});

test('Apache 2.4 (Debian, stock modules and /etc/mime.types): dist/ and the package work', async () => {
  const root = await theSite();
  await serving(() => apache({ root, scratch: env.scratch, site: serverSnippet('apache') }),
    (url) => checkServer(env.browser, url, { name: 'apache' }));
});

test('python3 -m http.server: dist/ (its 404.html opened as a page) and the package work', async () => {
  const root = await theSite();
  await serving(() => pythonHttp({ root }), (url) => checkServer(env.browser, url, { name: 'python', notFound: false }));
});

test('a GitHub-Pages-like host (gzip, caching headers, the site\'s 404.html for missing paths): dist/ and the package work', async () => {
  const root = await theSite();
  await serving(() => pagesLike({ root, projects: [SUB] }), (url) => checkServer(env.browser, url, { name: 'pages' }));
});
