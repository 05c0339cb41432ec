// The Field engine: compiling a FieldConfig, the one dispatch point (opsFor), the templated sample
// and fill routines, and the row sources the views read (field_rows.h). Inside a fill there is no
// per-sample dispatch: the kernel, its fade and its dimensionality are template parameters; fractal
// kind and terrain switches are predictable branches on constant data. The views and the analysis
// (colour fills, legends, summaries, band widths) are in field_views.cpp.
#include "field.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <type_traits>

#include "detail/samplers.h"
#include "exact_pow.h"
#include "field_rows.h"
#include "landscape_fill.h"
#include "terrain.h"
#include "value_noise.h"

namespace nf {

namespace {

template <class K, bool Is3D>
struct Impl {
  template <bool G>
  static double eval(const tk::Octave& o, double x, double y, double z, double* gx, double* gy) {
    if constexpr (Is3D) return K::template eval3<G>(o, x, y, z, gx, gy);
    else return K::template eval2<G>(o, x, y, gx, gy);
  }

  // The fractal over lattice coordinates at one sample or a lane of them (a lane takes the
  // kernel's lane form, Lanes<K>: value noise; other kernels are evaluated one sample at a time);
  // gradient (if G) per lattice unit.
  template <bool G, class D>
  static D at(const tk::Octave& o, D x, D y, double z, D* gx, D* gy) {
    if constexpr (std::is_same_v<D, double>) return eval<G>(o, x, y, z, gx, gy);
    else return K::template at<G, Is3D>(o, x, y, z, gx, gy);
  }
  template <bool G, class D = double>
  static D fractal(const FieldParams& p, uint32_t seed, D x, D y, double z, D* gx, D* gy) {
    tk::Octave o = p.base;
    auto octave = [&](int i, D ox, D oy, double oz, D* ogx, D* ogy) {
      p.setOctaveSeed(o, seed, i);
      const D v = at<G>(o, ox, oy, oz, ogx, ogy);
      o.periodX *= p.lacunarity;
      o.periodY *= p.lacunarity;
      return v;
    };
    return fractalSum<G>(p.fractal, p.octaves, p.gain, p.lacunarity, Is3D, x, y, z, octave, gx, gy);
  }

  // The first warp's Jacobian, per sample unit: d[a][b] = d q_a / d s_b (q_0 = qx, q_1 = qy).
  struct Jacobian {
    double d[2][2];
  };

  // The warped heights at N lattice points (x[l], y[l], z) given the first warp's fractals there
  // (qx, qy): one level displaces by warp * (q - c); two levels take r at the displaced point and
  // displace by warp2 * (r - c), with c = 0.5 (warpCentred: offsets centred on 0) or 0 (offsets in
  // [0, 1], the nebula's; q - 0 is q exactly, so that path is the nebula bit for bit). With G, the gradient per sample unit by the chain rule from dq (per
  // sample unit) and the fractals' analytic gradients (per lattice unit): with w = x + warp * q,
  //   dw/ds = I / scale + warp * dq,   dp/ds = dw/ds (one level) or I / scale + warp2 * dr/dw * dw/ds,
  //   dh/ds_b = sum_a dF/dp_a * dp_a/ds_b.
  // fr(seed, x, y, v, gx, gy) evaluates fractal<G> at the N points (one by one, or two at a time
  // in SIMD); the arithmetic around it is per lane, the same for every N, so every lane equals
  // the N = 1 result bit for bit.
  template <bool G, int N, class Fractals>
  static void warped(const FieldParams& p, const double* x, const double* y, const double* qx, const double* qy,
                     const Jacobian* dq, const Fractals& fr, double* h, double* hx, double* hy) {
    const double inv = 1 / p.scale;
    constexpr int NG = G ? N : 1;  // the derivative arrays only where used
    double wx[N], wy[N], dw[NG][2][2] = {};
    for (int l = 0; l < N; ++l) {
      wx[l] = x[l] + p.warp * (qx[l] - p.warpCentre);
      wy[l] = y[l] + p.warp * (qy[l] - p.warpCentre);
      if constexpr (G)
        for (int a = 0; a < 2; ++a)
          for (int b = 0; b < 2; ++b) dw[l][a][b] = (a == b ? inv : 0) + p.warp * dq[l].d[a][b];
    }
    double px[N], py[N], dp[NG][2][2] = {};
    if (p.warpLevels == 1) {
      for (int l = 0; l < N; ++l) {
        px[l] = wx[l];
        py[l] = wy[l];
      }
      if constexpr (G) std::memcpy(dp, dw, sizeof dp);
    } else {
      double rx[N], ry[N], rxx[NG] = {}, rxy[NG] = {}, ryx[NG] = {}, ryy[NG] = {};  // d r_a / d w_c, per lattice unit
      fr(p.warp2SeedX, wx, wy, rx, rxx, rxy);
      if (p.warp2SeedY == p.warp2SeedX) {
        for (int l = 0; l < N; ++l) {
          ry[l] = rx[l];
          if constexpr (G) {
            ryx[l] = rxx[l];
            ryy[l] = rxy[l];
          }
        }
      } else {
        fr(p.warp2SeedY, wx, wy, ry, ryx, ryy);
      }
      for (int l = 0; l < N; ++l) {
        px[l] = x[l] + p.warp2 * (rx[l] - p.warpCentre);
        py[l] = y[l] + p.warp2 * (ry[l] - p.warpCentre);
        if constexpr (G) {
          const double r[2][2] = {{rxx[l], rxy[l]}, {ryx[l], ryy[l]}};
          for (int a = 0; a < 2; ++a)
            for (int b = 0; b < 2; ++b)
              dp[l][a][b] = (a == b ? inv : 0) + p.warp2 * (r[a][0] * dw[l][0][b] + r[a][1] * dw[l][1][b]);
        }
      }
    }
    double fx[NG] = {}, fy[NG] = {};
    fr(p.seed, px, py, h, fx, fy);
    if constexpr (G)
      for (int l = 0; l < N; ++l) {
        hx[l] = fx[l] * dp[l][0][0] + fy[l] * dp[l][1][0];
        hy[l] = fx[l] * dp[l][0][1] + fy[l] * dp[l][1][1];
      }
  }

  // fractal<G> at the N = width points of one lane: one sample (D = double) or, for kernels with
  // a lane form (value and 2-D gradient noise), lanes::Wide at once.
  template <bool G, class D>
  struct Fractals {
    const FieldParams& p;
    double z;
    void operator()(uint32_t seed, const double* x, const double* y, double* v, double* gx, double* gy) const {
      using L = lanes::Lane<D>;
      D dx = D(0), dy = D(0);
      L::store(v, fractal<G, D>(p, seed, L::load(x), L::load(y), z, &dx, &dy));
      if constexpr (G) {
        L::store(gx, dx);
        L::store(gy, dy);
      }
    }
  };
  static constexpr bool kLaneForm = tk::HasLanes<K, Is3D>::value && lanes::kWidthOf<lanes::Wide> > 1;

  // fractal<G> at N scattered points, octave by octave over all of them: each octave's seed,
  // periods, amplitude and frequency come from a plan made once per sampler (planOf), the kernel
  // runs a lane at a time (lanes::Wide where it has a lane form) and the sums stay in arrays
  // between octaves. Per point these are fractal<G>'s operations in its order (fractalSum,
  // OctaveSum::add), so every value equals it bit for bit. Value noise whose points all lie well
  // inside the exact lattice range (and untiled) takes the kernel's unchecked form, atNear: the
  // same indices, without a range test per octave and lane. Kernels with a lane form only; the
  // others warp one sample at a time (Fractals).
  template <bool G, int N>
  struct RowFractals {
    using D = lanes::Wide;
    using L = lanes::Lane<D>;
    static_assert(N % L::kWidth == 0, "whole lanes");
    static constexpr bool kNearForm = kLaneForm && tk::IsValueKernel<K>::value;
    const FieldParams& p;
    const rows::FractalPlan* const* plans;  // by seed: plans[0..3) for seeds[0..3)
    const uint32_t* seeds;
    bool untiled;
    double nearBound;  // every octave's lattice coordinates stay below kNearLattice from here

    const rows::FractalPlan& planFor(uint32_t seed) const {
      for (int k = 0;; ++k)
        if (seeds[k] == seed) return *plans[k];
    }
    void operator()(uint32_t seed, const double* x, const double* y, double* v, double* gx, double* gy) const {
      const rows::FractalPlan& plan = planFor(seed);
      if constexpr (kNearForm) {
        if (untiled) {
          auto ok = lanes::abs(L::load(x)) < D(nearBound);
          for (int i = 0; i < N; i += L::kWidth) {
            ok = lanes::both(ok, lanes::abs(L::load(x + i)) < D(nearBound));
            ok = lanes::both(ok, lanes::abs(L::load(y + i)) < D(nearBound));
          }
          if (lanes::all(ok)) return sum<true>(plan, x, y, v, gx, gy);
        }
      }
      sum<false>(plan, x, y, v, gx, gy);
    }
    template <bool Near>
    NF_HOT_INLINE static D kernel(const tk::Octave& o, D x, D y, double z, D* gx, D* gy) {
      if constexpr (Near) return K::template atNear<G, Is3D>(o, x, y, z, gx, gy);
      else return at<G, D>(o, x, y, z, gx, gy);
    }
    // The fractal kind is a branch per lane on constant data (one routine for all four kinds).
    template <bool Near>
    void sum(const rows::FractalPlan& plan, const double* x, const double* y, double* v, double* gx, double* gy) const {
      if (p.fractal == FractalKind::None) {  // octave 0 as it is
        NF_LANE_LOOP
        for (int i = 0; i < N; i += L::kWidth) {
          D dx = D(0), dy = D(0);
          L::store(v + i, kernel<Near>(plan.oct[0], L::load(x + i), L::load(y + i), p.z, &dx, &dy));
          if constexpr (G) {
            L::store(gx + i, dx);
            L::store(gy + i, dy);
          }
        }
        return;
      }
      double X[N], Y[N], sgx[G ? N : 1], sgy[G ? N : 1];
      for (int i = 0; i < N; ++i) {
        X[i] = x[i];
        Y[i] = y[i];
        v[i] = 0;
        if constexpr (G) sgx[i] = sgy[i] = 0;
      }
      double zo = p.z;
      const double lac = p.lacunarity;
      const FractalKind fk = p.fractal;
      for (int o = 0; o < plan.octaves; ++o) {
        const tk::Octave oc = plan.oct[o];  // a local: its seed term stays out of the loop
        const double amp = plan.amp[o], freq = plan.freq[o];
        NF_LANE_LOOP
        for (int i = 0; i < N; i += L::kWidth) {
          OctaveSum<G, D> acc = OctaveSum<G, D>::from(v, sgx, sgy, i);
          const D xi = L::load(X + i), yi = L::load(Y + i);
          D dx = D(0), dy = D(0);
          acc.add(fk, amp, freq, kernel<Near>(oc, xi, yi, zo, &dx, &dy), dx, dy);
          acc.to(v, sgx, sgy, i);
          L::store(X + i, xi * lac);
          L::store(Y + i, yi * lac);
        }
        if (Is3D) zo *= lac;
      }
      const D norm(plan.norm);
      for (int i = 0; i < N; i += L::kWidth) {
        L::store(v + i, L::load(v + i) / norm);
        if constexpr (G) {
          L::store(gx + i, L::load(sgx + i) / norm);
          L::store(gy + i, L::load(sgy + i) / norm);
        }
      }
    }
  };

  // The whole pipeline at sample coordinates; gradient (if G) per sample unit.
  template <bool G>
  static double full(const FieldParams& p, double sx, double sy, double z, double* gx, double* gy) {
    const double x = sx / p.scale, y = sy / p.scale;
    double h, hx = 0, hy = 0;
    if (p.warpLevels == 0) {
      h = fractal<G>(p, p.seed, x, y, z, &hx, &hy);
      if constexpr (G) {
        hx /= p.scale;
        hy /= p.scale;
      }
    } else {
      Jacobian dq{};
      const double qx = fractal<G>(p, p.warpSeedX, x, y, z, &dq.d[0][0], &dq.d[0][1]);
      double qy = qx;
      if (p.warpSeedY == p.warpSeedX) {
        dq.d[1][0] = dq.d[0][0];
        dq.d[1][1] = dq.d[0][1];
      } else {
        qy = fractal<G>(p, p.warpSeedY, x, y, z, &dq.d[1][0], &dq.d[1][1]);
      }
      if constexpr (G)  // per sample unit, as the hoisted gradient rows give it
        for (auto& row : dq.d)
          for (double& v : row) v /= p.scale;
      warped<G, 1>(p, &x, &y, &qx, &qy, &dq, Fractals<G, double>{p, z}, &h, &hx, &hy);
    }
    h = terrain<G>(p, sx, sy, h, &hx, &hy);
    if constexpr (G) {
      *gx = hx;
      *gy = hy;
    }
    return h;
  }

  static bool hasTerrain(const FieldParams& p) { return p.island || p.redistribution != 1 || p.terraces > 0; }

  // The terrain steps (island, redistribution, terraces) of a height h at sample coordinates,
  // carrying the gradient (*hx, *hy) along if G; shared by full() and the batch fill.
  template <bool G>
  static double terrain(const FieldParams& p, double sx, double sy, double h, double* hx, double* hy) {
    if (p.island) {
      double fx, fy;
      const double f = islandFalloff(p.islandSquare, sx - p.islandX, sy - p.islandY, p.islandRadius, &fx, &fy);
      if constexpr (G) {
        *hx = *hx * f + h * fx;
        *hy = *hy * f + h * fy;
      }
      h *= f;
    }
    if (p.redistribution != 1) {
      // The library's own power, not libm's: the same bits natively and in wasm (exact_pow.h).
      const double hp = exactPow(h, p.redistribution);
      if constexpr (G) {
        const double d = h > 0 ? p.redistribution * exactPow(h, p.redistribution - 1) : 0;
        *hx *= d;
        *hy *= d;
      }
      h = hp;
    }
    if (p.terraces > 0) {
      double d;
      h = terrace(h, p.terraces, p.terraceSmooth, &d);
      if constexpr (G) {
        *hx *= d;
        *hy *= d;
      }
    }
    return h;
  }

  static double sample(const FieldParams& p, double x, double y, double z) {
    return full<false>(p, x, y, z, nullptr, nullptr);
  }
  static double sampleGrad(const FieldParams& p, double x, double y, double z, double* gx, double* gy) {
    return full<true>(p, x, y, z, gx, gy);
  }
  // The terrain steps as the row samplers' `finish` (with or without the gradient).
  struct Terrain {
    FieldParams p;
    double operator()(double sx, double sy, double h) const { return terrain<false>(p, sx, sy, h, nullptr, nullptr); }
    double operator()(double sx, double sy, double h, double* hx, double* hy) const {
      return terrain<true>(p, sx, sy, h, hx, hy);
    }
  };

  // The rest of full() for a row of n samples (sx[i], sy) once the first warp's fractals qx, qy
  // there are known (and, for the gradient, their gradients per sample unit: dq = {d qx/dsx,
  // d qx/dsy, d qy/dsx, d qy/dsy}, four arrays). Untiled value noise runs two samples at a time.
  struct AfterFirstWarp {
    AfterFirstWarp(const FieldParams& params, const double* xs, int n)
        : p(params),
          lx(xs, xs + n),
          plans{rows::planOf(p, p.warp2SeedX), rows::planOf(p, p.warp2SeedY), rows::planOf(p, p.seed)},
          seeds{p.warp2SeedX, p.warp2SeedY, p.seed} {
      double lac = std::max(1.0, std::fabs(p.lacunarity));
      nearBound = lanes::kNearLattice / 2;  // half: room for the rounding of x *= lacunarity and floor
      for (int o = 1; o < p.octaves; ++o) nearBound /= lac;
      untiled = !(p.base.periodX > 0) && !(p.base.periodY > 0);
      for (double& x : lx) x /= p.scale;
    }
    FieldParams p;
    std::vector<double> lx;  // the columns' lattice x (sample x / scale)
    rows::FractalPlan plans[3];
    uint32_t seeds[3];
    double nearBound = 0;
    bool untiled = false;
    // Samples run in chunks of kChunk (the last one padded with copies of the row's last sample).
    static constexpr int kChunk = 32;

    template <bool G>
    void finish(const double* sx, double sy, const double* qx, const double* qy, const double* const* dq, int n,
                double* h, double* hx, double* hy) const {
      if constexpr (!kLaneForm) {
        return perSample<G>(sx, sy, qx, qy, dq, n, h, hx, hy);
      } else {
        chunked<G>(sx, sy, qx, qy, dq, n, h, hx, hy);
      }
    }
    template <bool G>
    void chunked(const double* sx, double sy, const double* qx, const double* qy, const double* const* dq, int n,
                 double* h, double* hx, double* hy) const {
      constexpr int N = kChunk;
      const rows::FractalPlan* planPtrs[3] = {&plans[0], &plans[1], &plans[2]};
      const RowFractals<G, N> fr{p, planPtrs, seeds, untiled, nearBound};
      const double y = sy / p.scale;
      constexpr int NG = G ? N : 1;
      double y2[N], pad[4][N], gx[NG] = {}, gy[NG] = {};
      Jacobian j[G ? N : 1];
      for (int l = 0; l < N; ++l) y2[l] = y;
      for (int i = 0; i < n; i += N) {
        // Whole chunks read the rows in place; the last is padded with copies of the row's end.
        const double *x = lx.data() + i, *qxs = qx + i, *qys = qy + i;
        double* hs = h + i;
        if (i + N > n) {
          for (int l = 0; l < N; ++l) {
            const int c = std::min(i + l, n - 1);
            pad[0][l] = lx[c];
            pad[1][l] = qx[c];
            pad[2][l] = qy[c];
          }
          x = pad[0], qxs = pad[1], qys = pad[2], hs = pad[3];
        }
        if constexpr (G)
          for (int l = 0; l < N; ++l) {
            const int c = std::min(i + l, n - 1);
            j[l] = Jacobian{{{dq[0][c], dq[1][c]}, {dq[2][c], dq[3][c]}}};
          }
        warped<G, N>(p, x, y2, qxs, qys, j, fr, hs, gx, gy);
        const int m = std::min(N, n - i);
        for (int l = 0; l < m; ++l) {
          double hv = hs[l], gxv = 0, gyv = 0;
          if constexpr (G) gxv = gx[l], gyv = gy[l];
          if (hasTerrain(p)) hv = terrain<G>(p, sx[i + l], sy, hv, &gxv, &gyv);
          h[i + l] = hv;
          if constexpr (G) {
            hx[i + l] = gxv;
            hy[i + l] = gyv;
          }
        }
      }
    }
    template <bool G>
    void perSample(const double* sx, double sy, const double* qx, const double* qy, const double* const* dq, int n,
                   double* h, double* hx, double* hy) const {
      const Fractals<G, double> one{p, p.z};
      const double y = sy / p.scale;
      for (int i = 0; i < n; ++i) {
        const double x = sx[i] / p.scale;
        Jacobian j{};
        if constexpr (G) j = Jacobian{{{dq[0][i], dq[1][i]}, {dq[2][i], dq[3][i]}}};
        double gx = 0, gy = 0;
        warped<G, 1>(p, &x, &y, qx + i, qy + i, &j, one, h + i, &gx, &gy);
        if (hasTerrain(p)) h[i] = terrain<G>(p, sx[i], sy, h[i], &gx, &gy);
        if constexpr (G) {
          hx[i] = gx;
          hy[i] = gy;
        }
      }
    }
  };

  // The row sampler of a field at columns xs: without warp the hoisted row fill (detail/samplers.h);
  // warped, the first warp's fractals are taken at the grid's own points, so they are hoisted row
  // fills too (qx; qy unless it shares qx's seed), and what they displace is sampled point by
  // point (AfterFirstWarp).
  template <bool G>
  static std::unique_ptr<rows::RowSource<G>> rowSource(const FieldParams& p, const double* xs, int n) {
    using Plain = rows::HeightRows<K, Is3D, G, Terrain>;
    if (p.warpLevels == 0) return std::make_unique<Plain>(p, xs, n, hasTerrain(p), Terrain{p});
    auto plain = [&](uint32_t seed) {
      FieldParams q = p;
      q.warpLevels = 0;
      q.seed = seed;
      return std::make_unique<Plain>(q, xs, n, false, Terrain{q});
    };
    return std::make_unique<rows::WarpedRows<G, AfterFirstWarp>>(
        xs, n, plain(p.warpSeedX), p.warpSeedY == p.warpSeedX ? nullptr : plain(p.warpSeedY), AfterFirstWarp{p, xs, n});
  }
};

template <class K, bool Is3D, bool Analytic>
const FieldOps* opsOf() {
  using I = Impl<K, Is3D>;
  if constexpr (Analytic) {
    static const FieldOps ops{&I::sample, &I::sampleGrad, &I::template rowSource<false>, &I::template rowSource<true>};
    return &ops;
  } else {  // no gradient rows instantiated for kernels without analytic gradients
    static const FieldOps ops{&I::sample, nullptr, &I::template rowSource<false>, nullptr};
    return &ops;
  }
}

// How a row of NF_NOISE_TYPES (noise_types.h) names its kernel: pick(c, f) returns f(KernelTag<K>)
// for the kernel the config selects, one instantiation per selectable value, or nullptr for an
// out-of-range value (opsFor's fallback).
template <class K>
struct KernelTag {
  using type = K;
};
template <class K>
struct OneKernel {
  template <class F>
  static const FieldOps* pick(const FieldConfig&, F&& f) {
    return f(KernelTag<K>{});
  }
};
// A kernel template over a config enum (member M): K<v> for the config's value v, one
// instantiation per listed value.
template <class E, E FieldConfig::*M, E... Vs>
struct KernelOver {
  template <template <E> class K>
  struct By {
    template <class F>
    static const FieldOps* pick(const FieldConfig& c, F&& f) {
      const FieldOps* ops = nullptr;
      (void)((c.*M == Vs && (ops = f(KernelTag<K<Vs>>{}))) || ...);
      return ops;
    }
  };
};
template <template <FadeKind> class K>
using ByFade = typename KernelOver<FadeKind, &FieldConfig::fade, FadeKind::Linear, FadeKind::Cubic,
                                   FadeKind::Quintic>::template By<K>;
template <template <CellDistance> class K>
using ByCellDistance = typename KernelOver<CellDistance, &FieldConfig::cellDistance, CellDistance::Euclidean,
                                           CellDistance::Manhattan, CellDistance::Chebyshev>::template By<K>;

// One type's routines. Its capability row decides at compile time which variants exist: a 3-D
// routine only where dims3, analytic gradients only where analyticGradient, and central
// differences for tiled fields only where a tileable type's gradient is not analytic when tiled.
// A row that a kernel cannot honour fails to compile.
template <NoiseType T, class Pick, bool Is3D>
const FieldOps* typeOps(const FieldConfig& c) {
  const bool tiled = c.periodX > 0 || c.periodY > 0;
  return Pick::pick(c, [&](auto kernel) -> const FieldOps* {
    using K = typename decltype(kernel)::type;
    constexpr TypeCaps caps = typeCaps(T);
    constexpr bool d3 = Is3D && caps.dims3;
    if constexpr (caps.tileable && caps.analyticGradient && !caps.analyticWhenTiled)
      if (tiled) return opsOf<K, d3, false>();
    return opsOf<K, d3, caps.analyticGradient>();
  });
}

// THE dispatch point: noise type x its kernel's variant x dimensionality -> one instantiated
// routine set, chosen once per Field. One case per row of NF_NOISE_TYPES.
template <bool Is3D>
const FieldOps* opsFor(const FieldConfig& c) {
  const FieldOps* ops = nullptr;
  switch (c.type) {
#define NF_OPS_CASE(Id, name, Kernel, ...) \
  case NoiseType::Id: ops = typeOps<NoiseType::Id, Kernel, Is3D>(c); break;
    NF_NOISE_TYPES(NF_OPS_CASE)
#undef NF_OPS_CASE
  }
  return ops ? ops : opsOf<tk::ValueKernel<FadeKind::Cubic>, Is3D, true>();
}

FieldParams compile(const FieldConfig& c) {
  FieldParams p;
  p.base.seedMul = c.hash == HashKind::Tutorial ? kTutorialSeedMul : kLandscapeSeedMul;
  p.base.periodX = c.periodX;
  p.base.periodY = c.periodY;
  p.base.jitter = c.jitter;
  p.base.cellDistance = c.cellDistance;
  p.base.cellReturn = c.cellReturn;
  p.fractal = c.fractal;
  p.octaves = clampOctaves(c.octaves);  // the row samplers plan at most kMaxOctaves octaves
  const bool tiled = c.periodX > 0 || c.periodY > 0;
  p.lacunarity = tiled ? std::max(1.0, std::round(c.lacunarity)) : c.lacunarity;
  p.gain = c.gain;
  p.seed = c.seed;
  p.seedStep = c.seedStep;
  p.scale = c.scale;
  p.tileX = c.periodX * c.scale;
  p.tileY = c.periodY * c.scale;
  p.z = c.dimensions == 3 ? c.z : 0;
  p.warpLevels = c.warpLevels;
  p.warp = c.warp;
  p.warpCentre = c.warpCentred ? 0.5 : 0;
  p.warp2 = c.warp2;
  p.warpSeedX = c.warpSeedX;
  p.warpSeedY = c.warpSeedY;
  p.warp2SeedX = c.warp2SeedX;
  p.warp2SeedY = c.warp2SeedY;
  p.island = c.island;
  p.islandSquare = c.islandShape == IslandShape::Square;
  p.islandX = c.islandX;
  p.islandY = c.islandY;
  p.islandRadius = c.islandRadius;
  p.redistribution = c.redistribution;
  p.terraces = c.terraces;
  p.terraceSmooth = c.terraceSmooth;
  return p;
}

inline bool finite3(double x, double y, double z) { return std::isfinite(x) && std::isfinite(y) && std::isfinite(z); }

// definedResult over a row of samples (the fills' side of Field::sample's rule).
inline void defineRow(double* v, int n) {
  for (int i = 0; i < n; ++i) v[i] = definedResult(v[i]);
}
// A sample whose value overflowed has no slope either; an overflowed slope alone is flat.
inline void defineGradient(double* h, double* gx, double* gy) {
  if (!std::isfinite(*h)) *h = kNonFiniteResult, *gx = 0, *gy = 0;
  if (!std::isfinite(*gx)) *gx = 0;
  if (!std::isfinite(*gy)) *gy = 0;
}

}  // namespace

Field::Field() : Field(FieldConfig()) {}

Field::Field(const FieldConfig& c) : config_(c) {
  params_ = compile(c);
  moistureParams_ = params_;
  moistureParams_.seed = c.moistureSeed;
  moistureParams_.island = false;
  moistureParams_.redistribution = 1;
  moistureParams_.terraces = 0;
  ops_ = c.dimensions == 3 ? opsFor<true>(c) : opsFor<false>(c);
  ops3_ = opsFor<true>(c);
}

std::string Field::create(const FieldConfig& c, Field* out) {
  std::string err = c.validate();
  if (!err.empty()) return err;
  // Re-check every value against the table (a hand-built struct may hold anything).
  FieldConfig probe;
  for (const ParamSpec& p : fieldSchema()) {
    err = probe.set(p.key, p.get(c));
    if (!err.empty()) return err;
  }
  *out = Field(c);
  return "";
}

double Field::sample(double x, double y) const {
  return finite3(x, y, 0) ? definedResult(ops_->sample(params_, tileX(x), tileY(y), params_.z)) : kNonFiniteResult;
}
double Field::sample(double x, double y, double z) const {
  return finite3(x, y, z) ? definedResult(ops3_->sample(params_, tileX(x), tileY(y), z)) : kNonFiniteResult;
}
double Field::moisture(double x, double y) const {
  return finite3(x, y, 0) ? definedResult(ops_->sample(moistureParams_, tileX(x), tileY(y), params_.z)) : kNonFiniteResult;
}
bool Field::hasAnalyticGradient() const { return ops_->sampleGrad != nullptr; }

double Field::sampleGrad(double x, double y, double* gx, double* gy) const {
  if (!finite3(x, y, 0)) {
    *gx = *gy = 0;
    return kNonFiniteResult;
  }
  x = tileX(x);
  y = tileY(y);
  double h;
  if (hasAnalyticGradient()) {
    h = ops_->sampleGrad(params_, x, y, params_.z, gx, gy);
  } else {
    const double e = 1e-3 * params_.scale;  // a thousandth of a lattice cell
    *gx = (ops_->sample(params_, x + e, y, params_.z) - ops_->sample(params_, x - e, y, params_.z)) / (2 * e);
    *gy = (ops_->sample(params_, x, y + e, params_.z) - ops_->sample(params_, x, y - e, params_.z)) / (2 * e);
    h = ops_->sample(params_, x, y, params_.z);
  }
  defineGradient(&h, gx, gy);
  return h;
}

SampleRows::SampleRows(const FieldOps& ops, const FieldParams& p, const std::vector<double>& xs)
    : SampleRows(ops.rows(p, xs.data(), static_cast<int>(xs.size())), static_cast<int>(xs.size())) {}
SampleRows::SampleRows(std::unique_ptr<rows::RowSampler> src, int n)
    : n_(n), src_(std::move(src)), out_(rows::paddedSize(n_)) {}
SampleRows::~SampleRows() = default;

const double* SampleRows::row(double y) { return rowInto(y, out_.data()); }
double* SampleRows::rowInto(double y, double* out) {
  src_->row(y, out);
  defineRow(out, n_);
  return out;
}

GradientRows::GradientRows(const FieldOps& ops, const FieldParams& p, bool analytic, const std::vector<double>& xs)
    : n_(static_cast<int>(xs.size())), e_(1e-3 * p.scale) {
  const size_t m = rows::paddedSize(n_);
  h_.resize(m);
  gx_.resize(m);
  gy_.resize(m);
  if (analytic) {
    grad_ = ops.gradRows(p, xs.data(), n_);
    return;
  }
  std::vector<double> xr(xs), xl(xs);
  for (size_t i = 0; i < xs.size(); ++i) {
    xr[i] = xs[i] + e_;
    xl[i] = xs[i] - e_;
  }
  mid_ = ops.rows(p, xs.data(), n_);
  right_ = ops.rows(p, xr.data(), n_);
  left_ = ops.rows(p, xl.data(), n_);
  a_.resize(m);
  b_.resize(m);
}
GradientRows::~GradientRows() = default;

void GradientRows::row(double y) {
  double *h = h_.data(), *gx = gx_.data(), *gy = gy_.data();
  if (grad_) {
    grad_->row(y, h, gx, gy);
  } else {
    const double e = e_;
    mid_->row(y, h);
    right_->row(y, a_.data());
    left_->row(y, b_.data());
    for (int i = 0; i < n_; ++i) gx[i] = (a_[i] - b_[i]) / (2 * e);
    mid_->row(y + e, a_.data());
    mid_->row(y - e, b_.data());
    for (int i = 0; i < n_; ++i) gy[i] = (a_[i] - b_[i]) / (2 * e);
  }
  for (int i = 0; i < n_; ++i) defineGradient(h + i, gx + i, gy + i);
}

namespace {

// ys(j): the (tiled) y of row j. The statistics are taken row by row while the row is in cache,
// with the same additions in the same order as over the whole grid afterwards.
template <class T, class Ys>
FillStats fillGrid(SampleRows& src, const GridSpec& g, const Ys& ys, T* out) {
  StatsAccumulator stats;
  for (int j = 0; j < g.height; ++j) {
    const double* row = src.row(ys(j));
    T* o = out + static_cast<size_t>(j) * g.width;
    for (int i = 0; i < g.width; ++i) o[i] = static_cast<T>(row[i]);
    if constexpr (std::is_same_v<T, float>) {
      stats.addRow(o, g.width);
    } else {
      for (int i = 0; i < g.width; ++i) stats.add(o[i]);
    }
  }
  return stats.result();
}

}  // namespace

double Field::tileX(double x) const { return params_.tileX > 0 ? tk::wrapIndex(x, params_.tileX) : x; }
double Field::tileY(double y) const { return params_.tileY > 0 ? tk::wrapIndex(y, params_.tileY) : y; }
std::vector<double> Field::columnsOf(const GridSpec& g) const {
  std::vector<double> xs(static_cast<size_t>(g.width));
  for (int i = 0; i < g.width; ++i) xs[static_cast<size_t>(i)] = tileX(g.sampleX(i));
  return xs;
}

FillStats Field::fill(const GridSpec& g, float* out) const {
  SampleRows src(*ops_, params_, columnsOf(g));
  return fillGrid(src, g, [&](int j) { return rowOf(g, j); }, out);
}
FillStats Field::fill(const GridSpec& g, double* out) const {
  SampleRows src(*ops_, params_, columnsOf(g));
  return fillGrid(src, g, [&](int j) { return rowOf(g, j); }, out);
}
FillStats Field::fillMoisture(const GridSpec& g, float* out) const {
  SampleRows src(*ops_, moistureParams_, columnsOf(g));
  return fillGrid(src, g, [&](int j) { return rowOf(g, j); }, out);
}
FillStats Field::fillProfile(double x0, double step, double y0, int n, float* out) const {
  GridSpec g;
  g.width = n;
  g.height = 1;
  g.originX = x0;
  g.originY = y0;
  g.stepX = step;
  return fill(g, out);
}

void Field::fillGrad(const GridSpec& g, double* h, double* gx, double* gy) const {
  const int n = g.width;
  GradientRows grad(*ops_, params_, hasAnalyticGradient(), columnsOf(g));
  for (int j = 0; j < g.height; ++j) {
    grad.row(rowOf(g, j));
    const size_t o = static_cast<size_t>(j) * n;
    std::copy(grad.h(), grad.h() + n, h + o);
    std::copy(grad.gx(), grad.gx() + n, gx + o);
    std::copy(grad.gy(), grad.gy() + n, gy + o);
  }
}

FieldConfig nebulaConfig() {
  FieldConfig c;  // value, cubic, landscape hash, fbm 3 octaves, 2.03, 0.5, step 17, scale 1
  c.seed = 227;
  c.warpLevels = 2;
  c.warp = 4;
  c.warpCentred = false;  // the nebula displaces by q in [0, 1]
  c.warp2 = 3.5;
  c.warpSeedX = c.warpSeedY = 211;
  c.warp2SeedX = c.warp2SeedY = 223;
  return c;
}

// The landscape's functions are Field configurations: value noise is the default field without a
// fractal, fbm the default field, the nebula nebulaConfig(); with the landscape's seeds they equal
// nf::valueNoise, nf::fbm and nf::nebula for every seed. The kernel's row sampler is named here,
// not looked up (opsFor), so a module that only fills these links no other kernel or routine.
FillStats fillLandscape(LandscapeKind kind, const GridSpec& g, uint32_t seed, int octaves, float* out) {
  FieldConfig c = kind == LandscapeKind::Nebula ? nebulaConfig() : FieldConfig();
  if (kind != LandscapeKind::Nebula) {
    c.seed = seed;
    c.octaves = clampOctaves(octaves);
    if (kind == LandscapeKind::Value) c.fractal = FractalKind::None;
  }
  FieldParams p = compile(c);
  p.landscapeSeeds = true;
  std::vector<double> xs(static_cast<size_t>(g.width));
  for (int i = 0; i < g.width; ++i) xs[static_cast<size_t>(i)] = g.sampleX(i);
  using Rows = Impl<tk::ValueKernel<FadeKind::Cubic>, false>;
  SampleRows src(Rows::rowSource<false>(p, xs.data(), g.width), g.width);
  return fillGrid(src, g, [&](int j) { return g.sampleY(j); }, out);
}

}  // namespace nf
