// nf::exactPow (cpp/noise/exact_pow.h), the power of the redistribution step: its tables are what
// their generator writes, and its results are x^y correctly rounded, against a 50-digit reference
// (python3's decimal), at the exponents redistribution uses. (That native and wasm agree is
// consumer.test.mjs's: its fields with redistribution above and below 1.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../wasm/helpers/load.mjs';

const SAMPLES = 20000;
const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26, ...opts });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};

test('the tables in exact_pow.cpp are exact_pow_tables.py\'s output', () => {
  const src = readFileSync(join(repoRoot, 'cpp', 'noise', 'exact_pow.cpp'), 'utf8');
  const m = /\/\/ BEGIN TABLES\n([\s\S]*?)\/\/ END TABLES\n/.exec(src);
  assert.ok(m, 'BEGIN / END TABLES markers');
  assert.equal(m[1], run('python3', [join(repoRoot, 'cpp', 'noise', 'exact_pow_tables.py')]));
});

test(`exactPow is correctly rounded at ${SAMPLES} samples (-O3 -march=native)`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-pow-'));
  try {
    const exe = join(dir, 'pow_samples');
    run('g++', ['-std=c++17', '-O3', '-march=native', '-ffp-contract=off', '-fno-fast-math', '-I', join(repoRoot, 'cpp'),
      join(repoRoot, 'tests', 'consumer', 'pow_samples.cpp'), join(repoRoot, 'cpp', 'noise', 'exact_pow.cpp'), '-o', exe]);
    const lines = run(exe, [String(SAMPLES)]);
    const r = JSON.parse(run('python3', [join(repoRoot, 'tests', 'consumer', 'pow_reference.py')], { input: lines }));
    assert.ok(r.samples > SAMPLES && r.subnormal > 0, JSON.stringify(r));
    assert.equal(r.notCorrectlyRounded, 0, JSON.stringify(r));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
