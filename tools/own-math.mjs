// The scene computes e^x, tanh, ln, x^y, sin, cos, atan and hypot itself (cpp/scene/exp_math.h, trig_math.h):
// the same bits natively, and none of musl's tables (exp's 2 KB; sin and cos's argument reduction,
// __rem_pio2, with its 2/pi table of 2.7 KB). A call of libm's that came back would bring them back:
// tools/landscape-module.mjs refuses a landscape link whose symbol map (--emit-symbol-map) names one,
// and tests/wasm/landscape_module.test.mjs checks the module.
import { readFileSync } from 'node:fs';

export const OWN_MATH = ['exp', 'expm1', 'tanh', 'log', 'pow', 'sin', 'cos', '__sin', '__cos', '__rem_pio2', '__rem_pio2_large', 'atan', 'atan2', 'hypot', 'hypotf'];

// The libm functions of OWN_MATH that an Emscripten symbol map ("index:name" lines) names.
export function libmCalls(symbolMap) {
  const names = readFileSync(symbolMap, 'utf8').split('\n').filter(Boolean).map((l) => l.slice(l.indexOf(':') + 1));
  if (!names.some((n) => n.startsWith('nf_'))) throw new Error(`own-math: ${symbolMap} names none of the scene's exports`);
  return OWN_MATH.filter((n) => names.includes(n));
}
