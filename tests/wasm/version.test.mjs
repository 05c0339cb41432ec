// One version: cpp/noise/version.h is its home; the module exports it, and package.json, the
// lock file, CHANGELOG.md (the newest release heading) and README.md must all say the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';

const read = (f) => readFileSync(join(repoRoot, f), 'utf8');

test('nf.version is a semantic version and every file that states it agrees', async () => {
  const nf = await loadNoisefield();
  assert.match(nf.version, /^\d+\.\d+\.\d+$/);
  assert.equal(JSON.parse(read('package.json')).version, nf.version, 'package.json');
  assert.equal(JSON.parse(read('package-lock.json')).version, nf.version, 'package-lock.json');
  const release = read('CHANGELOG.md').match(/^## \[(\d+\.\d+\.\d+)\]/m);
  assert.ok(release, 'CHANGELOG.md has a release heading');
  assert.equal(release[1], nf.version, 'the newest release in CHANGELOG.md');
  const readme = read('README.md').match(/^Version (\d+\.\d+\.\d+)\b/m);
  assert.ok(readme, 'README.md states the version on a line starting "Version "');
  assert.equal(readme[1], nf.version, 'README.md');
});

test('the header is the one place the version is written in the sources', () => {
  const header = read('cpp/noise/version.h').match(/kVersion = "(\d+\.\d+\.\d+)"/);
  assert.ok(header);
  assert.equal(header[1], JSON.parse(read('package.json')).version);
});
