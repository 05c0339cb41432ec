// ./noisefield bench: every benchmark in one run. Sections: fills (Node), types (Node, vs npm
// packages), landscape and explorer (headless Chromium). `./noisefield bench fills` runs one.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const quick = process.argv.includes('--quick');
const want = (name) => wanted.length === 0 || wanted.includes(name);
const opts = quick ? { rounds: 3, minMs: 20 } : {};

console.log(`noisefield bench — ${new Date().toISOString()} — node ${process.version}`);

if (want('native')) {
  const exe = join(root, 'build', 'native', 'noisefield_bench');
  if (existsSync(exe)) {
    console.log('\nNative (Google Benchmark, g++ -O3, same sources as the wasm build)');
    spawnSync(exe, [`--benchmark_min_time=${quick ? 0.05 : 0.2}`], { stdio: 'inherit' });
  }
}
if (want('fills')) await (await import('./fills.mjs')).benchFills(opts);
if (want('types') && existsSync(join(here, 'types.mjs'))) await (await import('./types.mjs')).benchTypes(opts);

const browserBenches = [['landscape', 'benchLandscape'], ['explorer', 'benchExplorer']].filter(
  ([name]) => want(name) && existsSync(join(here, `${name}.mjs`)));
if (browserBenches.length) {
  const { startBrowser } = await import('../tests/browser/helpers/browser.mjs');
  const b = await startBrowser();
  try {
    for (const [name, fn] of browserBenches) {
      await (await import(`./${name}.mjs`))[fn]({ browser: b.browser, url: b.url, log: console.log, quick });
    }
  } finally {
    await b.close();
  }
}
