// Numbers as text for messages and parameter parsing. The native library and the full wasm
// module use the C library (number_text.cpp); the 404 page's module links
// cpp/bindings/number_text_js.cpp instead, which asks JavaScript (whose Number() and String() are
// exact too), so that it carries no printf and no strtod.
#pragma once
#include <string>
#include <string_view>

namespace nf {

// Shortest %.{1..17}g text that parses back to exactly v; integers below 1e15 without an exponent;
// NaN, Infinity and -Infinity as JavaScript prints them (messages reach JS users).
std::string formatNumber(double v);
// The same text written at out (room for kNumberTextMax bytes, no NUL): its length. The 404 page's
// module writes its messages' numbers this way, so its code builds no std::string for them.
constexpr size_t kNumberTextMax = 40;
size_t formatNumber(double v, char* out);

// The double nearest to a decimal literal ([0-9]+(.[0-9]*)? | .[0-9]+, then an optional exponent;
// callers check the syntax first), correctly rounded.
double decimalValue(std::string_view literal);

}  // namespace nf
