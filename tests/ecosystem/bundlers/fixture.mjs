// Shared by the bundler tests: the package as `npm pack` makes it, a fixture project (its own
// package.json and lock file, pinned) installed with `npm ci` in a scratch folder with the
// package's tarball added, and README.md's snippets for it (tests/browser/helpers/readme.mjs).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../../wasm/helpers/load.mjs';

export const fixturesDir = join(repoRoot, 'tests', 'ecosystem', 'bundlers');
export { readmeCsp, recipe } from '../../browser/helpers/readme.mjs';

const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', stdio: 'pipe' });

// -> the path of the package's tarball, packed into `dir` (npm pack builds the modules first).
export function pack(dir) {
  const name = npm(['pack', '--pack-destination', dir], repoRoot).trim().split('\n').pop();
  return join(dir, name);
}

// A scratch copy of fixture NAME in work/NAME with its pinned tools (npm ci from its lock file)
// and the tarball installed as a user installs it, once per test file. -> the folder.
const installed = new Map();
export function install(name, work, tarball) {
  const dir = join(work, name);
  if (installed.get(dir) === tarball) return dir;
  mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) copyFileSync(join(fixturesDir, name, f), join(dir, f));
  npm(['ci', '--prefer-offline'], dir);
  npm(['install', '--no-save', '--offline', tarball], dir);
  installed.set(dir, tarball);
  return dir;
}

// Runs a recipe's shell lines in dir (npx there finds the fixture's own pinned tools).
export function run(sh, dir) {
  execFileSync('bash', ['-euo', 'pipefail', '-c', sh], { cwd: dir, stdio: 'pipe', encoding: 'utf8' });
}

// Every file under dir, '/'-separated and relative to it.
export function filesUnder(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p); else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}
