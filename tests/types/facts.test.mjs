// Scene facts live once, in C++ (issue 23): no web/*.js file writes a layer's name or index, the
// layer list, a depth, a portal mode's name or number, or the viewport's size limit. They are read
// from the module (M.Landscape.LAYERS, LAYER_DEPTHS, SWAY, INPUT_LAYERS, PORTAL_MODES,
// MAX_VIEWPORT_CSS). The facts this test looks for are read from the C++ headers too, so a new
// layer or mode is looked for without a change here. Read with TypeScript's parser, so comments
// (which may name a layer) do not count, and literals do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..', '..');
const header = (f) => readFileSync(join(root, 'cpp', 'scene', f), 'utf8');
const fact = (text, name) => {
  const m = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|[0-9.e]+)`).exec(text);
  assert.ok(m, `${name} is in the header`);
  return m[2] ?? m[1];
};
const landscapeH = header('landscape.h');
const LAYER_NAMES = fact(landscapeH, 'kLayerNames').split(',');
const MODE_NAMES = fact(landscapeH, 'kPortalModeNames').split(',');
const DEPTHS = fact(landscapeH, 'kLayerDepths').split(',').map(Number);
const MAX_CSS = Number(fact(header('world_params.h'), 'kMaxViewportCss'));

// Names that read as a layer's index or depth: POINTER_LAYER, waterLayer, DEPTH, DEPTHS.
const LAYERISH = /layer|depth/i;

/** -> what a file writes that is the module's to say, as "file:line what". */
export function survey(file, text) {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const out = [];
  const at = (node, what) => out.push(`${file}:${src.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
  const isNumber = (n) => n && (ts.isNumericLiteral(n) || (ts.isPrefixUnaryExpression(n) && ts.isNumericLiteral(n.operand)));
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (LAYER_NAMES.includes(node.text)) at(node, `the layer name '${node.text}'`);
      if (MODE_NAMES.includes(node.text)) at(node, `the portal mode '${node.text}'`);
    }
    if (ts.isNumericLiteral(node) && Number(node.text) === MAX_CSS) at(node, `the viewport limit ${node.text}`);
    // const WATER_LAYER = 5; const DEPTH = [...]
    if (ts.isVariableDeclaration(node) && LAYERISH.test(node.name.getText()) && node.initializer
      && (isNumber(node.initializer) || ts.isArrayLiteralExpression(node.initializer))) at(node, `${node.name.getText()} written out`);
    // canvases[5], layers[2], depths[0]
    if (ts.isElementAccessExpression(node) && isNumber(node.argumentExpression) && /canvas|layer|depth/i.test(node.expression.getText())) {
      at(node, `a layer by its index: ${node.getText()}`);
    }
    // { idle: 0, hot: 1, enter: 2 }
    if (ts.isPropertyAssignment(node) && MODE_NAMES.includes(node.name.getText()) && isNumber(node.initializer)) at(node, `the portal mode ${node.name.getText()}'s number`);
    // [0.1, 0.18, ...]: the depths, in order
    if (ts.isArrayLiteralExpression(node) && node.elements.length === DEPTHS.length
      && node.elements.every((e, i) => isNumber(e) && Number(e.getText()) === DEPTHS[i])) at(node, 'the layers\' depths');
    ts.forEachChild(node, visit);
  };
  visit(src);
  return out;
}

test('no web/*.js file writes a scene fact the module exports', () => {
  const files = readdirSync(join(root, 'web')).filter((f) => f.endsWith('.js'));
  assert.ok(files.length >= 20, 'the files were found');
  const found = files.flatMap((f) => survey(`web/${f}`, readFileSync(join(root, 'web', f), 'utf8')));
  assert.deepEqual(found, []);
});

// The survey sees what it looks for, in code and not in comments.
test('the survey finds written-out layers, modes, depths and limits', () => {
  const [a, b] = LAYER_NAMES, [m0, m1] = MODE_NAMES;
  const text = [
    `// '${a}' in a comment is fine`,
    `export const LAYERS = ['${a}', '${b}'];`,
    `const POINTER_LAYER = 0, waterLayer = 5;`,
    `const MODE = { ${m0}: 0, ${m1}: 1 };`,
    `const w = Math.min(${MAX_CSS}, width);`,
    `const d = [${DEPTHS.join(', ')}];`,
    `x(canvases[2]);`,
    `const ok = M.Landscape.INPUT_LAYERS.water, n = layers.length;`,
  ].join('\n');
  const found = survey('t.js', text).map((f) => f.replace(/^t\.js:(\d+) .*/, '$1'));
  assert.deepEqual(found, ['2', '2', '2', '3', '3', '4', '4', '5', '6', '7']);
});
