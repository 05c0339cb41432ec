// The fill-exactness self-check (tests/selfcheck/fill_exactness.cpp) built to wasm with -msimd128
// by ./noisefield build: fill == sample in doubles through the SIMD row and scattered paths, which
// only the wasm build has. The module's own fills round to float, which would hide a 1-ulp slip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './helpers/load.mjs';

const program = join(repoRoot, 'build', 'wasm', 'noisefield_selfcheck.cjs');

test('wasm SIMD fills equal sample() and sampleGrad() in doubles, bit for bit (every path, odd widths, far coordinates)', () => {
  assert.ok(existsSync(program), `${program} is missing: ./noisefield build makes it`);
  const r = spawnSync(process.execPath, [program], { encoding: 'utf8', timeout: 120000 });
  const out = `${r.stdout}${r.stderr}`.trim();
  assert.equal(r.status, 0, out.slice(-2000));
  const m = /fill == sample, fillGrad == sampleGrad in doubles: (\d+) values over (\d+) configurations, 0 mismatches/.exec(out);
  assert.ok(m, out.slice(-2000));
  assert.ok(Number(m[1]) > 10000 && Number(m[2]) > 50, out);
});
