// e^x, tanh(x), ln x and x^y for the scene (decays per tick, the hour mark's ring, the spurs' lean,
// the sky's glow and the water's sun path per pixel, the ridges' and bumps' shapes, easings), from
// +, -, *, /, floor, fabs, copysign and exact bit operations only: the same bits natively and in
// wasm (the library's targets carry -ffp-contract=off), where libm's are different functions on
// each platform, and a few hundred bytes of wasm where musl's exp brings a 2 KB table, tanh its
// expm1 and pow 2 KB of code (2.7 KB of the 404 page's packed wasm together). Against glibc's
// (tests/native/scene_exp_math_test.cpp): e^x within 1 ulp for -707 <= x <= 709 (below, 0), tanh
// within 3 ulp, ln within 2 ulp, x^y within 4 + 2 |y ln x| ulp (x^y = e^(y ln x), without the
// extra precision libm's pow carries: about 1e-14 of the value at worst on the scene's ranges).
#pragma once

namespace nf::scene {

// One copy each (exp_math.cpp), called from the scene's many sites: inlined, they would cost the
// page about as much as musl's.
double sceneExp(double x);
double sceneTanh(double x);
double sceneLogNormal(double x);  // ln x for finite x >= 2^-1022
double scenePow(double x, double y);

}  // namespace nf::scene
