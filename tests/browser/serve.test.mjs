// tools/serve.mjs, the server of `./noisefield serve`, the browser tests and the benchmarks: no
// request ends it, and it serves only what the site publishes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { join } from 'node:path';
import { repoRoot } from '../wasm/helpers/load.mjs';

// Raw paths: fetch() would normalise or refuse some of them before they reach the server.
function get(url, path) {
  const { hostname, port } = new URL(url);
  return new Promise((ok, fail) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (d) => { body += d; });
      res.on('end', () => ok({ status: res.statusCode, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('./noisefield serve survives broken escapes and publishes neither .git nor the sources', async () => {
  // The command's own process and arguments (see cmd_serve), on a free port.
  const child = spawn(process.execPath, [join(repoRoot, 'tools', 'serve.mjs'), '--port', '0', '--root', repoRoot,
    '--publish', 'index.html,web'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    child.stdout.setEncoding('utf8');
    while (!/serving on (http\S+)/.test(out)) {
      const [chunk] = await once(child.stdout, 'data');
      out += chunk;
    }
    const url = out.match(/serving on (http\S+)/)[1];
    for (const path of ['/%', '/%zz', '/%E0%A4%A', '/%C0%AF', '/web/%', '/%%%', '/web/explorer.html%']) {
      const r = await get(url, path);
      assert.equal(r.status, 400, path);
    }
    for (const path of ['/.git/config', '/.git/HEAD', '/web/../.git/config', '/%2e%2e/.git/config', '/%2egit/config',
      '/web/%2e%2e/.git/config', '/package.json', '/cpp/noise/hash.h', '/tests/wasm/helpers/load.mjs', '/.ci/run',
      '/node_modules/.package-lock.json', '/README.md', '/tools/serve.mjs']) {
      const r = await get(url, path);
      assert.ok(r.status === 404 || r.status === 403, `${path}: ${r.status}`);
      assert.doesNotMatch(r.body, /\[core\]|repositoryformatversion|#include|"name": "noisefield"|ref: refs/, path);
    }
    for (const path of ['/', '/index.html', '/web/explorer.html', '/web/noisefield.mjs', '/web/404.css']) {
      assert.equal((await get(url, path)).status, 200, path);
    }
    assert.equal((await get(url, '/no/such/page')).status, 404);
    assert.equal(child.exitCode, null, 'the server is still running');
  } finally {
    child.kill();
  }
});
