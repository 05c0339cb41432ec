// The octave loop of every fractal (nf::fbm, the toolkit's fractals at a point, in row fills and
// in scattered lanes): the amplitude / frequency recurrences, the per-octave term of fbm, ridged
// and billow, and its accumulation, each written once over the lane type (lanes.h).
#pragma once
#include <cstdint>

#include "lanes.h"

namespace nf {
NF_ISA_BEGIN

// Octave i's amplitude 0.5 gain^i, frequency lacunarity^i and the running amplitude sum, by
// repeated multiplication (every path uses these very doubles).
struct OctaveSteps {
  double amp = 0.5, freq = 1, norm = 0;
  void next(double gain, double lacunarity) {
    norm += amp;
    amp *= gain;
    freq *= lacunarity;
  }
};

// The sums of a fractal: sum += amp * c, and with G the gradient sgx += amp * dc * gx * freq
// (left to right), where c is the octave's term of the kernel value v and dc its slope:
// fbm c = v; ridged c = 1 - |2v - 1|, dc = 2v - 1 > 0 ? -2 : 2; billow c = |2v - 1|, dc = -(that).
template <bool G, class D>
struct OctaveSum {
  D sum = D(0), sgx = D(0), sgy = D(0);

  // The sums kept in row arrays between octaves: lanes i.. of sum (and with G of sgx, sgy).
  static OctaveSum from(const double* s, const double* sx, const double* sy, int i) {
    using L = lanes::Lane<D>;
    OctaveSum a;
    a.sum = L::load(s + i);
    if constexpr (G) {
      a.sgx = L::load(sx + i);
      a.sgy = L::load(sy + i);
    }
    return a;
  }
  void to(double* s, double* sx, double* sy, int i) const {
    using L = lanes::Lane<D>;
    L::store(s + i, sum);
    if constexpr (G) {
      L::store(sx + i, sgx);
      L::store(sy + i, sgy);
    }
  }

  template <FractalKind FK>
  void add(double amp, double freq, D v, D gx, D gy) {
    D c = v, dc = D(1);
    if constexpr (FK == FractalKind::Ridged || FK == FractalKind::Billow) {
      const D s = 2 * v - 1;
      const bool ridged = FK == FractalKind::Ridged;
      c = ridged ? 1 - lanes::abs(s) : lanes::abs(s);
      dc = lanes::select(s > D(0), D(ridged ? -2 : 2), D(ridged ? 2 : -2));
    }
    sum = sum + amp * c;
    if constexpr (G) {
      sgx = sgx + amp * dc * gx * freq;
      sgy = sgy + amp * dc * gy * freq;
    }
  }
  void add(FractalKind fk, double amp, double freq, D v, D gx, D gy) {
    switch (fk) {
      case FractalKind::None:  // callers take a lone octave as it is; as fbm if not
      case FractalKind::Fbm: return add<FractalKind::Fbm>(amp, freq, v, gx, gy);
      case FractalKind::Ridged: return add<FractalKind::Ridged>(amp, freq, v, gx, gy);
      case FractalKind::Billow: return add<FractalKind::Billow>(amp, freq, v, gx, gy);
    }
  }
};

// The fractal of `octave` at (x, y, z): octave(i, x, y, z, &gx, &gy) gives kernel value i (and
// its gradient per lattice unit with G) at coordinates multiplied by lacunarity i times; None is
// octave 0 as it is. The result is sum / norm, the gradient sgx / norm.
template <bool G, class D, class Octave>
inline D fractalSum(FractalKind fk, int octaves, double gain, double lacunarity, bool is3D, D x, D y, double z,
                    Octave octave, D* gx, D* gy) {
  if (fk == FractalKind::None) return octave(0, x, y, z, gx, gy);
  OctaveSum<G, D> acc;
  OctaveSteps st;
  for (int i = 0; i < octaves; ++i) {
    D ogx = D(0), ogy = D(0);
    const D v = octave(i, x, y, z, &ogx, &ogy);
    acc.add(fk, st.amp, st.freq, v, ogx, ogy);
    st.next(gain, lacunarity);
    x = x * lacunarity;
    y = y * lacunarity;
    if (is3D) z *= lacunarity;
  }
  if constexpr (G) {
    *gx = acc.sgx / st.norm;
    *gy = acc.sgy / st.norm;
  }
  return acc.sum / st.norm;
}

NF_ISA_END
}  // namespace nf
