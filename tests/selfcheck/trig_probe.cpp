// musl's sin, cos, sinf and cosf as plain wasm exports, linked as the 404 page's module is (-Oz, the
// same libc): tests/wasm/landscape_module.test.mjs runs it with its 2/pi table whole and cut as
// tools/two-over-pi.mjs cuts the module's, and compares the results bit for bit over every exponent.
#include <cmath>

#include <emscripten/emscripten.h>

extern "C" {
EMSCRIPTEN_KEEPALIVE double probe_sin(double x) { return std::sin(x); }
EMSCRIPTEN_KEEPALIVE double probe_cos(double x) { return std::cos(x); }
EMSCRIPTEN_KEEPALIVE float probe_sinf(float x) { return std::sin(x); }
EMSCRIPTEN_KEEPALIVE float probe_cosf(float x) { return std::cos(x); }
}
