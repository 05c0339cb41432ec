// A small static file server for the repo root (or a built dist/): `./noisefield serve` and the
// browser tests use it.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.md': 'text/markdown; charset=utf-8',
};

// What the repo root publishes as a site: the 404 page and web/ (explorer, styles, modules). The
// rest of the repo (sources, tests, node_modules, .git) is not part of any site.
export const REPO_SITE = ['index.html', 'web'];

// Whether a decoded, normalised path (relative to the root, '/'-separated) is published: never a
// dot-segment (.git, .ci, .env), and with a `publish` list only under one of its top-level names.
function isPublished(rel, publish) {
  const parts = rel.split('/').filter(Boolean);
  if (parts.some((p) => p.startsWith('.'))) return false;
  return !publish || parts.length === 0 || publish.includes(parts[0]);
}

// Resolves with { server, url } once listening; port 0 picks a free port. Behaves like a static
// host: `base` is the sub-path the site is deployed under ('/myproject/'), `fallback` the file
// (relative to root) served with status 404 for any unknown path, and `headers` are added to every
// answer (a Content-Security-Policy, say). url includes the base. `publish` (e.g. REPO_SITE) limits
// what is served to those top-level entries; dot-files and dot-directories are never served.
export function startServer({ root, port = 0, host = '127.0.0.1', quiet = true, base = '/', fallback = 'index.html', headers = {},
  publish = null } = {}) {
  const dir = resolve(root);
  const prefix = base.endsWith('/') ? base : base + '/';
  const send = (res, status, type, body) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache', ...headers });
    res.end(body);
  };
  const notFound = async (res) => {
    try {
      send(res, 404, TYPES['.html'], await readFile(join(dir, fallback)));
    } catch {
      send(res, 404, 'text/plain; charset=utf-8', 'not found');
    }
  };
  const handle = async (req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      send(res, 400, 'text/plain; charset=utf-8', 'bad request');  // '/%' and other broken escapes
      return;
    }
    if (!(path + '/').startsWith(prefix)) {
      await notFound(res);
      return;
    }
    let file = normalize(join(dir, path.slice(prefix.length - 1)));
    if (file !== dir && !file.startsWith(dir + sep)) {
      send(res, 403, 'text/plain; charset=utf-8', 'forbidden');
      return;
    }
    if (!isPublished(file.slice(dir.length).split(sep).join('/'), publish)) {
      await notFound(res);  // as a host that simply does not have the file
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      send(res, 200, TYPES[extname(file)] || 'application/octet-stream', await readFile(file));
    } catch {
      await notFound(res);  // unknown paths get the 404 page itself, as a real site would serve it
    }
    if (!quiet) console.log(res.statusCode, req.method, req.url);
  };
  // No request may end the process: anything the handler did not answer becomes a 500.
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'server error');
      else res.destroy();
    });
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok({ server, url: `http://${host}:${server.address().port}${prefix}` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
  const { url } = await startServer({
    root: opt('--root', '.'), port: Number(opt('--port', 8000)), quiet: false,
    base: opt('--base', '/'), fallback: opt('--fallback', 'index.html'),
    publish: args.includes('--publish') ? opt('--publish', '').split(',').filter(Boolean) : null,
  });
  console.log(`noisefield: serving on ${url}`);
}
