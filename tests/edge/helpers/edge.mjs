// The edge worker under the real runtime: edge/wrangler.toml bundled by wrangler exactly as
// `npx wrangler deploy` bundles it (--dry-run --outdir), then run by Miniflare (workerd) with the
// options wrangler derives from the same file (the assets directory, the rules), over a dist/
// written for the test. Both packages come from edge/package.json's lock file (./noisefield
// test edge installs them).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../wasm/helpers/load.mjs';

export const edgeDir = join(repoRoot, 'edge');
const requireEdge = createRequire(join(edgeDir, 'package.json'));
const load = async (name) => import(pathToFileURL(requireEdge.resolve(name)).href);
const quiet = { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG: 'warn', NO_COLOR: '1' };

// -> the directory holding the deployable bundle (worker.js and the wasm beside it).
export function bundleWorker(outDir, assetsDir) {
  execFileSync(join(edgeDir, 'node_modules', '.bin', 'wrangler'),
    ['deploy', '--dry-run', '--outdir', outDir, '--assets', assetsDir], { cwd: edgeDir, env: quiet, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!readdirSync(outDir).some((f) => f.endsWith('.wasm'))) throw new Error('edge: the bundle has no wasm module');
  return outDir;
}

// -> { url, mf, close() }: the worker listening on 127.0.0.1, an ephemeral port.
export async function startEdge(bundleDir, assetsDir) {
  process.env.WRANGLER_SEND_METRICS = 'false';
  const { unstable_getMiniflareWorkerOptions } = await load('wrangler');
  const { Miniflare } = await load('miniflare');
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(edgeDir, 'wrangler.toml'), undefined,
    { overrides: { assets: { directory: assetsDir } } });
  const mf = new Miniflare({
    ...workerOptions,
    modules: true,
    scriptPath: join(bundleDir, 'worker.js'),
    modulesRoot: bundleDir,
    host: '127.0.0.1',
    port: 0,
    cf: false,  // no request.cf object: Miniflare would fetch one from Cloudflare's network
  });
  const url = await mf.ready;
  return { url: url.href, mf, close: () => mf.dispose() };
}

// The workerd process's CPU time so far in ms (user + system, /proc/PID/stat): the runtime the
// worker runs in is Miniflare's child process, so a request's CPU is the difference across it.
export function workerdCpuMs() {
  const ticks = (pid) => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);  // utime, stime (fields 14, 15)
  };
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.split(') ')[1].split(' ')[1] === String(process.pid) && /workerd/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch { return false; }
  });
  if (pids.length !== 1) throw new Error(`edge: expected one workerd child process, found ${pids.length}`);
  return ticks(pids[0]) * 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
}

// One HTTP request on a connection of its own (no keep-alive: a test that blocks Node's event
// loop, running the CLI say, would otherwise reuse a connection workerd has closed meanwhile).
// follow: follow redirects as a crawler does. -> { status, url, headers: Headers, body: Buffer,
// text(), redirects }.
export async function request(url, { method = 'GET', body = null, follow = false } = {}) {
  const redirects = [];
  for (let hop = 0; ; hop++) {
    const res = await new Promise((resolve, reject) => {
      const req = http.request(url, { method, agent: false }, (r) => {
        const chunks = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () => resolve({ status: r.statusCode, raw: r.headers, body: Buffer.concat(chunks) }));
        r.on('error', reject);
      });
      req.on('error', reject);
      req.end(body ?? undefined);
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.raw)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    if (follow && res.status >= 300 && res.status < 400 && headers.has('location') && hop < 5) {
      redirects.push(url);
      url = new URL(headers.get('location'), url).href;
      continue;
    }
    return { status: res.status, url, headers, body: res.body, text: () => res.body.toString('utf8'), redirects };
  }
}
