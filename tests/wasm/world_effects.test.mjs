// A URL parameter that changes the picture is its row in NF_WORLD_PARAMS (cpp/scene/world_params.h)
// naming its effect, and the setter's code (README, "Adding a URL parameter"). The effects are
// expanded from the rows in cpp/scene/world_state.cpp, so a row whose effect is missing, or names a
// setter the scene does not have, must not build. Here rows are added to a scratch copy of the
// scene's sources and world_state.cpp is compiled (syntax only) with the machine's C++ compiler.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './helpers/load.mjs';

const CXX = process.env.CXX || 'c++';
const sceneDir = join(repoRoot, 'cpp', 'scene');

// A scratch copy of cpp/scene's headers and world_state.cpp, with edit(text) applied to one file.
function scratch(edits) {
  const dir = mkdtempSync(join(tmpdir(), 'nf-world-effects-'));
  const scene = join(dir, 'scene');
  mkdirSync(scene);
  for (const f of readdirSync(sceneDir)) if (f.endsWith('.h') || f === 'world_state.cpp') copyFileSync(join(sceneDir, f), join(scene, f));
  for (const [file, edit] of Object.entries(edits)) {
    const p = join(scene, file);
    const before = readFileSync(p, 'utf8');
    const after = edit(before);
    assert.notEqual(after, before, `the edit of ${file} applies`);
    writeFileSync(p, after);
  }
  return { dir, scene };
}
function compile(edits) {
  const { dir, scene } = scratch(edits);
  try {
    const r = spawnSync(CXX, ['-std=c++17', '-fsyntax-only', '-I', join(repoRoot, 'cpp'), join(scene, 'world_state.cpp')], { encoding: 'utf8' });
    assert.equal(r.error, undefined, `${CXX} runs`);
    return { ok: r.status === 0, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The row of docs/contributing.md's walk-through ("Adding a URL parameter"), as written there,
// put after the table's first row; effect(row) rewrites its effect column.
const doc = readFileSync(join(repoRoot, 'docs', 'contributing.md'), 'utf8');
const ROW = /## Adding a URL parameter[\s\S]*?```cpp\n([\s\S]*?)```/.exec(doc)[1].replace(/^ {3}/gm, '').trim();
const addRow = (effect = (r) => r) => (h) => h.replace(/\n(\s*)X\("day"/, (m, sp) => `\n${sp}${effect(ROW).split('\n').join(' \\\n')} \\\n${sp}X("day"`);

test('the sources as they are compile (the control: the compiler and the scratch copy work)', () => {
  const r = compile({});
  assert.ok(r.ok, r.stderr);
});

test('a row whose effect names a setter the scene lacks does not compile', () => {
  assert.match(ROW, /SCENE\(setMist\)/, 'the walk-through\'s row names its setter');
  const r = compile({ 'world_params.h': addRow() });
  assert.equal(r.ok, false, 'it must fail');
  assert.match(r.stderr, /setMist/);
});

test('a row without an effect does not compile', () => {
  const bare = (row) => row.replace(' SCENE(setMist),', '');
  assert.doesNotMatch(bare(ROW), /setMist/, 'the row without its effect column');
  const r = compile({ 'world_params.h': addRow(bare) });
  assert.equal(r.ok, false, 'it must fail');
});

test('a view row naming no WorldView field does not compile', () => {
  const r = compile({ 'world_params.h': addRow((row) => row.replace('SCENE(setMist)', 'VIEW(mist)')) });
  assert.equal(r.ok, false, 'it must fail');
  assert.match(r.stderr, /mist/);
});

test('the row with its setter declared compiles: the row and the setter are all it takes', () => {
  const r = compile({
    'world_params.h': addRow(),
    'landscape.h': (h) => h.replace('  void setScheme(Scheme s);\n', '  void setScheme(Scheme s);\n  void setMist(double mist);\n'),
  });
  assert.ok(r.ok, r.stderr);
});
