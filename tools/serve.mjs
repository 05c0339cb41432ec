// A small static file server for the repo root: `./noisefield serve` and the browser tests use it.
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

// Resolves with { server, url } once listening; port 0 picks a free port.
export function startServer({ root, port = 0, host = '127.0.0.1', quiet = true } = {}) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    } catch {
      // Unknown paths get the 404 page itself, as a real site would serve it.
      try {
        const body = await readFile(join(base, 'index.html'));
        res.writeHead(404, { 'content-type': TYPES['.html'] }).end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    }
    if (!quiet) console.log(res.statusCode, req.method, req.url);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok({ server, url: `http://${host}:${server.address().port}/` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
  const { url } = await startServer({ root: opt('--root', '.'), port: Number(opt('--port', 8000)), quiet: false });
  console.log(`noisefield: serving on ${url}`);
}
