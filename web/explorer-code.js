// The explorer's "Copy JS" and "Copy C++": code that reproduces the shown view exactly, the field
// from its query (Field.fromQuery / nf::fromQuery, the link's own serialisation) and the fill grid
// of the view. The view of res x res canvas pixels centred on (x, y) at zoom pixels per tile
// samples x0 + i / zoom, y0 + j / zoom with x0 = x - res / (2 zoom), y0 = y - res / (2 zoom)
// (viewGrid, the grid the page renders). Numbers are written as JavaScript prints them, the
// shortest text that reads back as the same double in JavaScript and in C++. Pure functions:
// the page and the tests run the same code.

// The grid of the shown view: what the page passes to field.fillColor.
export function viewGrid({ x, y, zoom, res }) {
  const step = 1 / zoom;
  return { width: res, height: res, x: x - (res / 2) * step, y: y - (res / 2) * step, step };
}

const num = (v) => String(v);
const quoteJs = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const quoteCpp = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const cppView = (view) => `nf::View::${view.charAt(0).toUpperCase()}${view.slice(1)}`;

// JavaScript for Node or a bundler (the package "noisefield").
export function jsSnippet({ query, grid, view }) {
  const g = grid;
  return [
    `import createNoisefield from 'noisefield';`,
    ``,
    `const nf = await createNoisefield();`,
    `const field = nf.Field.fromQuery(${quoteJs(query)});`,
    `const grid = { width: ${g.width}, height: ${g.height}, x: ${num(g.x)}, y: ${num(g.y)}, step: ${num(g.step)} };`,
    `const heights = field.fill(grid).view.slice();            // Float32Array, row by row`,
    `const pixels = field.fillColor(${quoteJs(view)}, grid).pixels.slice();  // RGBA: the explorer's picture`,
    `// use heights and pixels here`,
    ``,
  ].join('\n');
}

// C++17 against cpp/noise (compile with -ffp-contract=off for the same bits as the explorer).
export function cppSnippet({ query, grid, view }) {
  const g = grid;
  return [
    `#include <cstdint>`,
    `#include <string>`,
    `#include <vector>`,
    ``,
    `#include "noise/field.h"`,
    ``,
    `int main() {`,
    `  nf::FieldConfig config;`,
    `  const std::string error = nf::fromQuery(${quoteCpp(query)}, config);  // "" or the problem`,
    `  if (!error.empty()) return 1;`,
    `  const nf::Field field(config);`,
    `  nf::GridSpec grid;`,
    `  grid.width = ${g.width};`,
    `  grid.height = ${g.height};`,
    `  grid.originX = ${num(g.x)};`,
    `  grid.originY = ${num(g.y)};`,
    `  grid.stepX = grid.stepY = ${num(g.step)};`,
    `  std::vector<float> heights(grid.samples());            // row by row`,
    `  field.fill(grid, heights.data());`,
    `  std::vector<uint8_t> pixels(grid.samples() * 4);       // RGBA: the explorer's picture`,
    `  std::vector<float> scratch(grid.samples());`,
    `  field.fillColor(${cppView(view)}, grid, pixels.data(), scratch.data(), nullptr);`,
    `  // use heights and pixels here`,
    `  return 0;`,
    `}`,
    ``,
  ].join('\n');
}

// The grid of a heightmap export of `size` x `size` samples: the shown view's area (its origin,
// the step scaled by res / size), or one tile of a field tiled on both axes (origin 0, a period
// per side, so the file repeats edge to edge). null when the field has no tile.
export function exportGrid({ page, config, area, size }) {
  if (area === 'tile') {
    if (!(config.periodX > 0 && config.periodY > 0)) return null;
    return { width: size, height: size, x: 0, y: 0, step: (config.periodX * config.scale) / size,
      stepY: (config.periodY * config.scale) / size };
  }
  const g = viewGrid(page);
  return { width: size, height: size, x: g.x, y: g.y, step: (g.step * page.res) / size };
}
