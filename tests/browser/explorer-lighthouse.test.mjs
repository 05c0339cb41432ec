// Lighthouse (npm 12.2.3, pinned in tests/lighthouse/) on the explorer, offline against this
// machine's Chromium, desktop and mobile: the accessibility score is 100 and, on the desktop, the
// cumulative layout shift of the load is under 0.05. Lighthouse starts its own Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_SITE, startServer } from '../../tools/serve.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';

const run = promisify(execFile);
const bin = join(repoRoot, 'tests', 'lighthouse', 'node_modules', '.bin', 'lighthouse');
let site, scratch;
before(async () => {
  site = await startServer({ root: repoRoot, publish: REPO_SITE });
  scratch = await mkdtemp(join(tmpdir(), 'nf-lighthouse-'));
});
after(async () => {
  await new Promise((ok) => site?.server.close(ok));
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

for (const form of ['desktop', 'mobile']) {
  test(`Lighthouse ${form}: accessibility 100${form === 'desktop' ? ', no layout shift' : ''}`, async () => {
    const out = join(scratch, `${form}.json`);
    await run(process.execPath, [bin, `${site.url}web/explorer.html`, '--quiet', '--output=json', `--output-path=${out}`,
      `--only-categories=accessibility${form === 'desktop' ? ',performance' : ''}`, ...(form === 'desktop' ? ['--preset=desktop'] : []),
      '--chrome-flags=--headless --no-sandbox --disable-gpu'], { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM || '/usr/bin/chromium' }, timeout: 200000 });
    const report = JSON.parse(await readFile(out, 'utf8'));
    assert.equal(report.runtimeError, undefined, 'Lighthouse ran');
    const a11y = report.categories.accessibility;
    const failing = a11y.auditRefs.map((r) => report.audits[r.id]).filter((a) => a.score !== null && a.score < 1).map((a) => a.id);
    assert.deepEqual(failing, [], 'no failing accessibility audit');
    assert.equal(a11y.score, 1, 'accessibility 100');
    if (form === 'desktop') {
      const cls = report.audits['cumulative-layout-shift'].numericValue;
      assert.ok(cls < 0.05, `CLS ${cls}`);
    }
  });
}
