// WebKit for the browser tests: Debian's WebKitGTK MiniBrowser, driven through its WebKitWebDriver
// (package webkit2gtk-driver) by plain W3C WebDriver over HTTP, on an Xvfb display of its own.
// WebKitGTK has no headless mode, and playwright's WebKit is a patched build that is not in Debian:
// this is the WebKit a fresh machine can install.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { existsSync, writeFileSync } from 'node:fs';

const MINIBROWSER = process.env.MINIBROWSER || ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0']
  .map((d) => `/usr/lib/x86_64-linux-gnu/${d}/MiniBrowser`).find(existsSync);

const freePort = () => new Promise((ok, fail) => {
  const s = createServer();
  s.once('error', fail);
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
});

const bounded = (promise, ms, what) => {
  let timer;
  return Promise.race([promise, new Promise((_, fail) => { timer = setTimeout(() => fail(new Error(`webkit: ${what} took over ${ms} ms`)), ms); })])
    .finally(() => clearTimeout(timer));
};

// An Xvfb on a display it picks itself (-displayfd), so parallel runs never collide.
async function startXvfb() {
  const x = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let out = '';
  x.stdio[3].setEncoding('utf8');
  const display = await bounded(new Promise((ok, fail) => {
    x.once('exit', (code) => fail(new Error(`Xvfb exited (${code})`)));
    x.stdio[3].on('data', (d) => { out += d; if (out.includes('\n')) ok(`:${out.trim()}`); });
  }), 20000, 'starting Xvfb');
  return { display, process: x };
}

async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const exited = once(child, 'exit');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

// -> a session: { browserVersion, goto(url), url(), evaluate(fn, ...args), waitFor(fn, options),
// screenshot(path), viewport(), close() }. fn runs in the page (its source is sent); it may return a Promise, and
// what it resolves to must be JSON. The window is `width` x `height` outside; viewport() gives
// the inner size, which the other engines are given to compare pixels with this one.
export async function launchWebKit({ width = 1280, height = 800 } = {}) {
  if (!MINIBROWSER) throw new Error('webkit: no MiniBrowser (apt install webkit2gtk-driver)');
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn(process.env.WEBKITWEBDRIVER || 'WebKitWebDriver', [`--port=${port}`, '--host=local'],
    { env: { ...process.env, DISPLAY: xvfb.display }, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  driver.stderr.setEncoding('utf8');
  driver.stderr.on('data', (d) => { log = (log + d).slice(-4000); });
  const base = `http://127.0.0.1:${port}`;
  const send = async (method, path, body, ms = 60000) => {
    const res = await bounded(fetch(base + path, {
      method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    }), ms, `${method} ${path}`);
    const json = await res.json();
    if (json.value && json.value.error) throw new Error(`webkit: ${method} ${path}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  };
  // A test process that ends without close() (a failed before(), process.exit) takes them along.
  const orphans = () => { for (const c of [driver, xvfb.process]) if (c.exitCode === null) c.kill('SIGKILL'); };
  process.once('exit', orphans);
  let id = null, version = null;
  try {
    for (let i = 0; ; i++) {
      try { await send('GET', '/status', undefined, 2000); break; } catch (e) {
        if (i > 100 || driver.exitCode !== null) throw new Error(`webkit: WebKitWebDriver did not start: ${e.message}\n${log}`);
        await new Promise((ok) => setTimeout(ok, 100));
      }
    }
    const caps = await send('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
    });
    id = caps.sessionId;
    version = caps.capabilities.browserVersion;
    await send('POST', `/session/${id}/timeouts`, { script: 45000, pageLoad: 60000 });
    await send('POST', `/session/${id}/window/rect`, { width, height });
  } catch (e) {
    process.off('exit', orphans);
    await stop(driver);
    await stop(xvfb.process);
    throw e;
  }
  const s = `/session/${id}`;
  // Every script is async: it resolves or rejects in the page, and the answer says which.
  const run = async (fn, args) => {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${fn})(...Array.prototype.slice.call(arguments, 0, -1)))
        .then((v) => done({ ok: v === undefined ? null : v }), (e) => done({ error: String(e && e.message ? e.message : e) }));`;
    const r = await send('POST', `${s}/execute/async`, { script, args });
    if (r && 'error' in r) throw new Error(`webkit: in the page: ${r.error}`);
    return r.ok;
  };
  const session = {
    browserVersion: version,
    goto: (url) => send('POST', `${s}/url`, { url }),
    url: () => send('GET', `${s}/url`),
    evaluate: (fn, ...args) => run(fn, args),
    // Polls fn in the page (every 50 ms, up to timeoutMs) until it returns something truthy.
    waitFor: (fn, { timeoutMs = 30000, args = [] } = {}) => run(`async (...a) => {
        const t0 = performance.now();
        for (;;) {
          const v = await (${fn})(...a);
          if (v) return v;
          if (performance.now() - t0 > ${timeoutMs}) throw new Error('waitFor timed out: ' + ${JSON.stringify(String(fn))});
          await new Promise((ok) => setTimeout(ok, 50));
        }
      }`, args),
    async screenshot(path) {
      writeFileSync(path, Buffer.from(await send('GET', `${s}/screenshot`), 'base64'));
    },
    viewport: () => run('() => ({ width: innerWidth, height: innerHeight, dpr: devicePixelRatio })', []),
    async close() {
      process.off('exit', orphans);
      try { await send('DELETE', s, undefined, 15000); } catch { /* the driver goes anyway */ }
      await stop(driver);
      await stop(xvfb.process);
    },
  };
  return session;
}
