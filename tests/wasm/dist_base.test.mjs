// `./noisefield dist --base`: a path with one leading "/" (a protocol-relative "//host/" or
// "/\host/" would send <base href>, and so every link and script of the page, to another host),
// escaped where it is written into <base href>. The CLI refuses a bad one before writing anything.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseTag, checkBase } from '../../tools/dist.mjs';
import { repoRoot } from './helpers/load.mjs';

test('--base: path-absolute paths pass and are escaped for the attribute', () => {
  assert.equal(baseTag('/'), '<base href="/">');
  assert.equal(baseTag('/myproject/'), '<base href="/myproject/">');
  assert.equal(baseTag('/docs/404/'), '<base href="/docs/404/">');
  assert.equal(baseTag("/a&b/it's/"), '<base href="/a&amp;b/it\'s/">');
  assert.equal(baseTag('/caf%C3%A9/'), '<base href="/caf%C3%A9/">');
});

test('--base: protocol-relative, relative, unterminated and attribute-breaking values are refused, naming the option', () => {
  for (const bad of ['//host/', '///host/', '/\\host/', 'host/', '', '/a', '/a//b/', '/../', '/./', '/a"><script>/', '/a b/', '/a%zz/', 'https://x/']) {
    assert.throws(() => checkBase(bad), /--base must be a path that starts and ends with one "\/"/, JSON.stringify(bad));
  }
});

test('./noisefield dist --base //host/ fails before writing anything', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-base-'));
  const out = join(dir, 'dist');
  try {
    let err = null;
    try {
      execFileSync(process.execPath, [join(repoRoot, 'tools/dist.mjs'), '--out', out, '--base', '//evil.example/'], { stdio: 'pipe' });
    } catch (e) { err = e; }
    assert.ok(err && err.status !== 0, 'exits non-zero');
    assert.match(String(err.stderr), /--base must be a path/);
    assert.equal(existsSync(out), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
