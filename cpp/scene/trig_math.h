// sin, cos, atan and hypot for the scene (the waves, the rift's arms, the trees' and hands' angles,
// the fireflies' headings, per pixel in places), from +, -, *, /, square root, floor and exact bit
// operations only (each correctly rounded by IEEE 754 on every platform): the same bits
// natively and in wasm (the library's targets carry -ffp-contract=off), where libm's sin and cos are
// different functions on each platform, and a few hundred bytes of wasm where musl's bring their
// argument reduction for any double (__rem_pio2 with its 2/pi table, which the build used to cut to
// the 66 entries doubles read: 1.8 KB of the 404 page's packed wasm with the kernels). Against
// glibc's (tests/native/scene_trig_math_test.cpp): within 2 ulp for |x| up to 1.6e6 (n pi/2 with
// |n| < 2^20, where n times each part of pi/2 below is exact); beyond, the reduction loses about
// |x| 2^-53 of absolute accuracy (3e-7 at the scene's largest clock, 1e9 s, times its fastest
// rate, 2.4), still the same bits everywhere. NaN for a NaN, an infinity or
// |x| >= 2^50.
#pragma once

#include <cmath>

namespace nf::scene {

// One copy each (trig_math.cpp), called from the scene's many sites: inlined, they would cost the
// page about as much as musl's.
double sceneSin(double x);
double sceneCos(double x);
// Both of one angle, for one reduction: the same bits as sceneSin(x) and sceneCos(x).
void sceneSinCos(double x, double& sin, double& cos);

// atan and atan2 (the ranges' and the island's slopes, the ring's hours, the rift's arms, the
// fireflies' headings), for the same reason: within 2 ulp of glibc's (tests/native/
// scene_trig_math_test.cpp), IEEE's results for zeros, infinities and NaN.
double sceneAtan(double x);
double sceneAtan2(double y, double x);

// The distance from the origin to (x, y), for the scene's coordinates (finite, far from overflow):
// one square root (IEEE, correctly rounded everywhere) of a sum rounded once more, so within 1 ulp
// of libm's hypot, which wasm's musl and glibc compute differently (and an infinity with a NaN gives
// NaN here, not infinity). Inline: f64.sqrt is one instruction.
inline double sceneHypot(double x, double y) { return std::sqrt(x * x + y * y); }

}  // namespace nf::scene
