// x^y with the same bits on every platform: the redistribution step's power. libm's pow is not the
// same function everywhere (with std::pow, 5-52 of 65,536 doubles of a field with redistribution
// differed by an ulp between glibc and Emscripten's musl), and the fields promise the wasm's bits
// natively too.
#pragma once

namespace nf {

// x^y for x >= 0 (NaN for x < 0 or a NaN argument), from +, -, *, floor and exact bit operations
// only, so every IEEE-754 double platform that does not contract a * b + c into an FMA gives the
// same bits (the library's targets carry -ffp-contract=off). exp(y ln x) is evaluated in
// double-double arithmetic with a relative error below about 2^-72 before the final rounding, so
// the result is the correctly rounded x^y except where x^y lies within that distance of a rounding
// boundary (none among 200,000 samples checked against a 50-digit reference, nor among the 20,000
// of tests/consumer/exact_pow.test.mjs), and for subnormal results, which are rounded twice.
// Exact where x^y is representable (0.25^0.5 = 0.5, 0.5^2 = 0.25).
double exactPow(double x, double y);

}  // namespace nf
