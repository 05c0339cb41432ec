// The pages' JavaScript and the module's JavaScript faces, checked: TypeScript's checker over their
// JSDoc and inferred types (checkJs; tsconfig.web.json for web/*.js, tsconfig.bindings.json for the
// --post-js files of cpp/bindings/, which share the Emscripten factory's scope), and ESLint with
// typescript-eslint's typed rules (a promise nobody awaits or catches is an error). The tools are
// pinned in this folder's package.json and lock (./noisefield installs them: need_types_packages).
// The consumer's side (a strict TypeScript file against the package under node16, nodenext and
// bundler resolution) is tests/ecosystem/bundlers.test.mjs; the declared members at run time,
// tests/wasm/types_members.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { pending } from './pending.mjs';

const here = import.meta.dirname;
const root = resolve(here, '..', '..');
const run = promisify(execFile);


// Runs a tool; its findings come on stdout whether it passes or not.
async function findings(cmd, args) {
  try {
    const { stdout } = await run(process.execPath, [cmd, ...args], { cwd: root, maxBuffer: 64 << 20 });
    return stdout;
  } catch (e) {
    if (typeof e.stdout !== 'string' || e.code === 'ENOENT') throw e;
    return e.stdout;
  }
}

function report(kind, all) {
  const held = all.filter((f) => pending(f.file));
  if (held.length) console.log(`${kind}: ${held.length} finding(s) in files under rewrite (PENDING), not failed:\n${held.map((f) => '  ' + f.text).join('\n')}`);
  const failing = all.filter((f) => !pending(f.file));
  assert.equal(failing.length, 0, `${kind}:\n${failing.map((f) => f.text).join('\n')}`);
}

const tsc = resolve(here, 'node_modules', 'typescript', 'bin', 'tsc');
async function typeCheck(project) {
  const out = await findings(tsc, ['-p', resolve(here, project), '--pretty', 'false']);
  // "path(line,col): error TSnnnn: message", paths relative to the working directory (the root).
  const errors = out.split('\n').filter((l) => /^\S.*\(\d+,\d+\): error TS\d+/.test(l));
  assert.ok(errors.length > 0 || !/error TS/.test(out), `tsc's output was read:\n${out}`);
  return errors.map((text) => ({ file: relative(root, resolve(root, text.replace(/\(\d+,\d+\).*$/, ''))), text }));
}

// The three run side by side (each is a process of its own), each test waiting on its own.
const eslint = resolve(here, 'node_modules', 'eslint', 'bin', 'eslint.js');
const runs = {
  web: typeCheck('tsconfig.web.json'),
  bindings: typeCheck('tsconfig.bindings.json'),
  lint: findings(eslint, ['-c', resolve(here, 'eslint.config.mjs'), '--format', 'json', 'web/*.js', 'cpp/bindings/*.js']),
};
for (const p of Object.values(runs)) p.catch(() => {});  // each test reports its own run's failure

test('tsc --noEmit with checkJs: web/*.js', async () => {
  report('tsc web', await runs.web);
});

test('tsc --noEmit with checkJs: cpp/bindings/*.js', async () => {
  report('tsc bindings', await runs.bindings);
});

test('eslint (recommended, no floating promises): web/*.js and cpp/bindings/*.js', async () => {
  const files = JSON.parse(await runs.lint);
  assert.ok(files.length >= 20, `eslint read the files (${files.length})`);
  const all = [];
  for (const f of files) {
    const file = relative(root, f.filePath);
    for (const m of f.messages) all.push({ file, text: `${file}:${m.line}:${m.column} ${m.ruleId ?? 'parse'}: ${m.message}` });
  }
  report('eslint', all);
});
