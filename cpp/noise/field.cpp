// Field: compiling a FieldConfig, the one dispatch point (makeOps), and the templated sample and
// fill routines. Inside a fill there is no per-sample dispatch: the kernel, its fade and its
// dimensionality are template parameters; fractal kind and terrain switches are predictable
// branches on constant data.
#include "field.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>

#include "detail/samplers.h"
#ifdef __wasm_simd128__
#include "color_fill_simd.h"
#endif
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
  template <bool G, class D = double>
  static D fractal(const FieldParams& p, uint32_t seed, D x, D y, double z, D* gx, D* gy) {
    tk::Octave o = p.base;
    auto octave = [&](int i, D ox, D oy, double oz, D* ogx, D* ogy) {
      o.seed = seed + p.seedStep * static_cast<uint32_t>(i);
      D v;
      if constexpr (std::is_same_v<D, double>) v = eval<G>(o, ox, oy, oz, ogx, ogy);
      else v = K::template at<G, Is3D>(o, ox, oy, oz, ogx, ogy);
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
    double wx[N], wy[N], dw[N][2][2] = {};
    for (int l = 0; l < N; ++l) {
      wx[l] = x[l] + p.warp * (qx[l] - p.warpCentre);
      wy[l] = y[l] + p.warp * (qy[l] - p.warpCentre);
      if constexpr (G)
        for (int a = 0; a < 2; ++a)
          for (int b = 0; b < 2; ++b) dw[l][a][b] = (a == b ? inv : 0) + p.warp * dq[l].d[a][b];
    }
    double px[N], py[N], dp[N][2][2] = {};
    if (p.warpLevels == 1) {
      for (int l = 0; l < N; ++l) {
        px[l] = wx[l];
        py[l] = wy[l];
      }
      if constexpr (G) std::memcpy(dp, dw, sizeof dp);
    } else {
      double rx[N], ry[N], rxx[N] = {}, rxy[N] = {}, ryx[N] = {}, ryy[N] = {};  // d r_a / d w_c, per lattice unit
      fr(p.warp2SeedX, wx, wy, rx, rxx, rxy);
      if (p.warp2SeedY == p.warp2SeedX) {
        for (int l = 0; l < N; ++l) {
          ry[l] = rx[l];
          ryx[l] = rxx[l];
          ryy[l] = rxy[l];
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
    double fx[N] = {}, fy[N] = {};
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
      const double hp = std::pow(h, p.redistribution);
      if constexpr (G) {
        const double d = h > 0 ? p.redistribution * std::pow(h, p.redistribution - 1) : 0;
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
    FieldParams p;

    template <bool G>
    void finish(const double* sx, double sy, const double* qx, const double* qy, const double* const* dq, int n,
                double* h, double* hx, double* hy) const {
      const double y = sy / p.scale;
      auto jacobian = [&](int i) {
        Jacobian j{};
        if constexpr (G) j = Jacobian{{{dq[0][i], dq[1][i]}, {dq[2][i], dq[3][i]}}};
        return j;
      };
      int i = 0;
      if constexpr (kLaneForm) {
        constexpr int N = lanes::kWidthOf<lanes::Wide>;
        const Fractals<G, lanes::Wide> fr{p, p.z};
        for (; i + N <= n; i += N) {
          double x[N], y2[N], gx[N] = {}, gy[N] = {};
          Jacobian j[N];
          for (int l = 0; l < N; ++l) {
            x[l] = sx[i + l] / p.scale;
            y2[l] = y;
            j[l] = jacobian(i + l);
          }
          warped<G, N>(p, x, y2, qx + i, qy + i, j, fr, h + i, gx, gy);
          if constexpr (G)
            for (int l = 0; l < N; ++l) {
              hx[i + l] = gx[l];
              hy[i + l] = gy[l];
            }
        }
      }
      const Fractals<G, double> one{p, p.z};
      for (; i < n; ++i) {
        const double x = sx[i] / p.scale;
        const Jacobian j = jacobian(i);
        double gx = 0, gy = 0;
        warped<G, 1>(p, &x, &y, qx + i, qy + i, &j, one, h + i, &gx, &gy);
        if constexpr (G) {
          hx[i] = gx;
          hy[i] = gy;
        }
      }
      for (int k = 0; k < n; ++k) {
        double gx = 0, gy = 0;
        if constexpr (G) {
          gx = hx[k];
          gy = hy[k];
        }
        h[k] = terrain<G>(p, sx[k], sy, h[k], &gx, &gy);
        if constexpr (G) {
          hx[k] = gx;
          hy[k] = gy;
        }
      }
    }
  };

  // The row sampler of a field at columns xs: without warp the hoisted row fill (field_fill.h);
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
        xs, n, plain(p.warpSeedX), p.warpSeedY == p.warpSeedX ? nullptr : plain(p.warpSeedY), AfterFirstWarp{p});
  }
};

template <class K, bool Is3D, bool Analytic>
const FieldOps* opsOf() {
  using I = Impl<K, Is3D>;
  if constexpr (Analytic) {
    static const FieldOps ops{&I::sample, &I::sampleGrad, &I::template rowSource<false>, &I::template rowSource<true>};
    return &ops;
  } else {  // no GradRows instantiation for kernels without analytic gradients
    static const FieldOps ops{&I::sample, nullptr, &I::template rowSource<false>, nullptr};
    return &ops;
  }
}

// The lattice kernels (value, gradient) take the fade as a template argument; nullptr for an
// out-of-range fade, which opsFor turns into its fallback.
template <template <FadeKind> class K, bool Is3D, bool Analytic>
const FieldOps* latticeOps(FadeKind fade) {
  switch (fade) {
    case FadeKind::Linear: return opsOf<K<FadeKind::Linear>, Is3D, Analytic>();
    case FadeKind::Cubic: return opsOf<K<FadeKind::Cubic>, Is3D, Analytic>();
    case FadeKind::Quintic: return opsOf<K<FadeKind::Quintic>, Is3D, Analytic>();
  }
  return nullptr;
}

// The capability table (schema.h) decides at compile time which variant each type gets: a 3-D
// routine only where dims3, analytic gradients only where analyticGradient. A table entry that a
// kernel cannot honour fails to compile.
template <NoiseType T, bool Is3D>
constexpr bool k3D = Is3D && typeCaps(T).dims3;
template <NoiseType T>
constexpr bool kAnalytic = typeCaps(T).analyticGradient;
template <NoiseType T>
constexpr bool kAnalyticTiled = typeCaps(T).analyticGradient && typeCaps(T).analyticWhenTiled;

template <bool Is3D>
const FieldOps* opsFor(const FieldConfig& c) {
  // THE dispatch point: noise type x fade x dimensionality -> one instantiated routine set.
  using NT = NoiseType;
  switch (c.type) {
    case NT::Value:
      if (const FieldOps* ops = latticeOps<tk::ValueKernel, k3D<NT::Value, Is3D>, kAnalytic<NT::Value>>(c.fade))
        return ops;
      break;
    case NT::Gradient:
      if (const FieldOps* ops =
              latticeOps<tk::GradientKernel, k3D<NT::Gradient, Is3D>, kAnalytic<NT::Gradient>>(c.fade))
        return ops;
      break;
    case NT::Simplex:
      if (c.periodX > 0 || c.periodY > 0)
        return opsOf<tk::SimplexKernel, k3D<NT::Simplex, Is3D>, kAnalyticTiled<NT::Simplex>>();
      return opsOf<tk::SimplexKernel, k3D<NT::Simplex, Is3D>, kAnalytic<NT::Simplex>>();
    case NT::OpenSimplex2:
      return opsOf<tk::OpenSimplex2Kernel, k3D<NT::OpenSimplex2, Is3D>, kAnalytic<NT::OpenSimplex2>>();
    case NT::Cellular: {
      constexpr bool d3 = k3D<NT::Cellular, Is3D>, an = kAnalytic<NT::Cellular>;
      switch (c.cellDistance) {
        case CellDistance::Euclidean: return opsOf<tk::CellularKernel<CellDistance::Euclidean>, d3, an>();
        case CellDistance::Manhattan: return opsOf<tk::CellularKernel<CellDistance::Manhattan>, d3, an>();
        case CellDistance::Chebyshev: return opsOf<tk::CellularKernel<CellDistance::Chebyshev>, d3, an>();
      }
      break;
    }
  }
  return opsOf<tk::ValueKernel<FadeKind::Cubic>, Is3D, true>();
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

template <class T>
FillStats statsOf(const T* v, int64_t n) {
  StatsAccumulator s;
  for (int64_t i = 0; i < n; ++i) s.add(v[i]);
  return s.result();
}

struct Rgb {
  uint8_t r, g, b;
};
constexpr Rgb kWater{48, 96, 168}, kLand{96, 150, 72};
constexpr Rgb kBandColors[4] = {{48, 96, 168}, {222, 204, 140}, {96, 160, 72}, {128, 120, 112}};
constexpr Rgb kBiomeColors[9] = {{230, 210, 150}, {150, 190, 90},  {78, 110, 82},    // desert grassland swamp
                                 {182, 172, 112}, {52, 120, 62},   {28, 90, 52},     // scrub forest rainforest
                                 {132, 126, 120}, {192, 192, 172}, {246, 246, 250}};  // bare rock tundra snow

#ifndef __wasm_simd128__  // wasm: putShaded (color_fill_simd.h)
// The relief view's shaded pixel.
inline void put(uint8_t* px, Rgb c, double shade) {
  auto ch = [shade](uint8_t v) {
    const double s = v * shade;
    return static_cast<uint8_t>(s <= 0 ? 0 : (s >= 255 ? 255 : s + 0.5));
  };
  px[0] = ch(c.r);
  px[1] = ch(c.g);
  px[2] = ch(c.b);
  px[3] = 255;
}
#endif

}  // namespace

const char* viewName(View v) {
  static const char* const kNames[] = {"raw", "land", "bands", "biomes", "relief"};
  return kNames[static_cast<int>(v)];
}
bool parseView(std::string_view name, View* out) {
  for (int i = 0; i < 5; ++i)
    if (name == viewName(static_cast<View>(i))) {
      *out = static_cast<View>(i);
      return true;
    }
  return false;
}

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

namespace {

// ys(j): the (tiled) y of row j.
template <class T, class Ys>
void fillGrid(const FieldOps& ops, const FieldParams& p, const std::vector<double>& xs, const GridSpec& g,
              const Ys& ys, T* out) {
  const auto src = ops.rows(p, xs.data(), g.width);
  std::vector<double> row(rows::paddedSize(g.width));
  for (int j = 0; j < g.height; ++j) {
    src->row(ys(j), row.data());
    defineRow(row.data(), g.width);
    T* o = out + static_cast<size_t>(j) * g.width;
    for (int i = 0; i < g.width; ++i) o[i] = static_cast<T>(row[i]);
  }
}

// One RGBA pixel (alpha 255), written with one 4-byte store.
struct Pixel {
  uint8_t rgba[4];
};
constexpr Pixel pixelOf(Rgb c) { return Pixel{{c.r, c.g, c.b, 255}}; }
inline void store(uint8_t* px, const Pixel& p) { std::memcpy(px, p.rgba, 4); }

// Field::sampleGrad over rows: the analytic row sampler where sampleGrad is analytic, else its
// central differences (step e) from row samplers at the same offset coordinates.
class GradientRows {
 public:
  GradientRows(const FieldOps& ops, const FieldParams& p, bool analytic, const std::vector<double>& xs)
      : n_(static_cast<int>(xs.size())), e_(1e-3 * p.scale) {
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
    a_.resize(rows::paddedSize(n_));
    b_.resize(rows::paddedSize(n_));
  }
  // Each array holds paddedSize(n) doubles.
  void row(double y, double* h, double* gx, double* gy) {
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

 private:
  int n_;
  double e_;  // sampleGrad's step
  std::unique_ptr<rows::GradRowSampler> grad_;
  std::unique_ptr<rows::RowSampler> mid_, right_, left_;
  std::vector<double> a_, b_;
};

}  // namespace

double Field::tileX(double x) const { return params_.tileX > 0 ? tk::wrapIndex(x, params_.tileX) : x; }
double Field::tileY(double y) const { return params_.tileY > 0 ? tk::wrapIndex(y, params_.tileY) : y; }
std::vector<double> Field::columnsOf(const GridSpec& g) const {
  std::vector<double> xs(static_cast<size_t>(g.width));
  for (int i = 0; i < g.width; ++i) xs[static_cast<size_t>(i)] = tileX(g.sampleX(i));
  return xs;
}

FillStats Field::fill(const GridSpec& g, float* out) const {
  fillGrid(*ops_, params_, columnsOf(g), g, [&](int j) { return rowOf(g, j); }, out);
  return statsOf(out, g.samples());
}
FillStats Field::fill(const GridSpec& g, double* out) const {
  fillGrid(*ops_, params_, columnsOf(g), g, [&](int j) { return rowOf(g, j); }, out);
  return statsOf(out, g.samples());
}
FillStats Field::fillMoisture(const GridSpec& g, float* out) const {
  fillGrid(*ops_, moistureParams_, columnsOf(g), g, [&](int j) { return rowOf(g, j); }, out);
  return statsOf(out, g.samples());
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
  const size_t m = rows::paddedSize(n);
  std::vector<double> rh(m), rx(m), ry(m);
  GradientRows grad(*ops_, params_, hasAnalyticGradient(), columnsOf(g));
  for (int j = 0; j < g.height; ++j) {
    grad.row(rowOf(g, j), rh.data(), rx.data(), ry.data());
    const size_t o = static_cast<size_t>(j) * n;
    std::copy(rh.begin(), rh.begin() + n, h + o);
    std::copy(rx.begin(), rx.begin() + n, gx + o);
    std::copy(ry.begin(), ry.begin() + n, gy + o);
  }
}

// Every view reads its heights (and the biome view its moisture, the relief view its gradient)
// through row samplers, row by row, and paints each row as it comes: one pass, no per-sample
// dispatch. The pixels are those of the per-sample definitions (sample, moisture, sampleGrad).
void Field::fillColor(View view, const GridSpec& g, uint8_t* rgba, float* scratch, FillStats* stats) const {
  const FieldConfig& c = config_;
  const int n = g.width;
  const size_t m = rows::paddedSize(n);
  const std::vector<double> xs = columnsOf(g);
  std::vector<double> h(m);
  StatsAccumulator acc;
  auto rowOut = [&](int j, float** f, uint8_t** px) {
    *f = scratch + static_cast<size_t>(j) * n;
    *px = rgba + static_cast<size_t>(j) * n * 4;
  };
  float* f;
  uint8_t* px;
  switch (view) {
    case View::Raw:
    case View::Land:
    case View::Bands: {
      const auto src = ops_->rows(params_, xs.data(), n);
      const Pixel water = pixelOf(kWater), land = pixelOf(kLand);
      const Pixel bands[4] = {pixelOf(kBandColors[0]), pixelOf(kBandColors[1]), pixelOf(kBandColors[2]),
                              pixelOf(kBandColors[3])};
      for (int j = 0; j < g.height; ++j) {
        src->row(rowOf(g, j), h.data());
        defineRow(h.data(), n);
        rowOut(j, &f, &px);
        acc.storeRow(h.data(), n, f);
        if (view == View::Raw) {
          for (int i = 0; i < n; ++i) {
            const double v = f[i];
            const uint8_t q = static_cast<uint8_t>(v <= 0 ? 0 : (v >= 1 ? 255 : v * 255 + 0.5));
            store(px + 4 * i, Pixel{{q, q, q, 255}});
          }
        } else if (view == View::Land) {
          for (int i = 0; i < n; ++i) store(px + 4 * i, f[i] < c.t1 ? water : land);
        } else {
          for (int i = 0; i < n; ++i) store(px + 4 * i, bands[static_cast<int>(bandOf(f[i], c.t1, c.t2, c.t3))]);
        }
      }
      break;
    }
    case View::Biomes: {
      // Moisture is a second field config (moistureParams_), filled by its own row sampler.
      const auto src = ops_->rows(params_, xs.data(), n);
      const auto moist = ops_->rows(moistureParams_, xs.data(), n);
      std::vector<double> mo(m);
      Pixel biomes[9];
      for (int b = 0; b < 9; ++b) biomes[b] = pixelOf(kBiomeColors[b]);
      const Pixel water = pixelOf(kWater);
      for (int j = 0; j < g.height; ++j) {
        const double y = rowOf(g, j);
        src->row(y, h.data());
        moist->row(y, mo.data());
        defineRow(h.data(), n);
        defineRow(mo.data(), n);
        rowOut(j, &f, &px);
        acc.storeRow(h.data(), n, f);
        for (int i = 0; i < n; ++i) {
          const double hk = f[i];
          store(px + 4 * i, hk < c.t1 ? water : biomes[static_cast<int>(biomeOf(hk, mo[i], c.t2, c.t3, c.m1, c.m2))]);
        }
      }
      break;
    }
    case View::Relief: {
      // Lambert shading of the height surface, light from the upper left; slopes are taken per
      // lattice unit so the look does not depend on the scale. Water is drawn flat. The gradient
      // is sampleGrad's (GradientRows).
      const double lx = -0.5, ly = -0.5, lz = 0.70710678118654752, scale = params_.scale;
      std::vector<double> gx(m), gy(m), shade(m);
      GradientRows grad(*ops_, params_, hasAnalyticGradient(), xs);
      const Pixel water = pixelOf(kBandColors[0]);
#ifdef __wasm_simd128__
      ShadedColor shaded[4];
      for (int b = 0; b < 4; ++b) shaded[b] = shadedColorOf(kBandColors[b].r, kBandColors[b].g, kBandColors[b].b);
#endif
      for (int j = 0; j < g.height; ++j) {
        grad.row(rowOf(g, j), h.data(), gx.data(), gy.data());
        rowOut(j, &f, &px);
        acc.storeRow(h.data(), n, f);
        // Shading of every sample, water too: branch-free, so the compiler vectorises it.
        for (int i = 0; i < n; ++i) {
          const double nx = -2 * gx[i] * scale, ny = -2 * gy[i] * scale;
          const double dot = (nx * lx + ny * ly + lz) / std::sqrt(nx * nx + ny * ny + 1);
          shade[i] = 0.45 + 0.75 * (dot > 0 ? dot : 0);
        }
        for (int i = 0; i < n; ++i) {
          const Band band = bandOf(f[i], c.t1, c.t2, c.t3);
          if (band == Band::Water) store(px + 4 * i, water);
#ifdef __wasm_simd128__
          else putShaded(px + 4 * i, shaded[static_cast<int>(band)], shade[i]);
#else
          else put(px + 4 * i, kBandColors[static_cast<int>(band)], shade[i]);
#endif
        }
      }
      break;
    }
  }
  if (stats) *stats = acc.result();
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

std::vector<uint32_t> histogram(const float* values, size_t n, int bins, double lo, double hi) {
  std::vector<uint32_t> h(static_cast<size_t>(bins > 0 ? bins : 0), 0);
  if (bins <= 0 || !(hi > lo)) return h;
  const double k = bins / (hi - lo);
  for (size_t i = 0; i < n; ++i) {
    const double b = (values[i] - lo) * k;
    // Compared before the conversion: a huge b (a tiny hi - lo) must not reach the int cast.
    const int bi = !(b >= 0) ? 0 : (b >= bins ? bins - 1 : static_cast<int>(b));  // NaN: bin 0
    ++h[static_cast<size_t>(bi)];
  }
  return h;
}

// ---- legends, colour-fill summaries, band widths (read the colour tables above) ----------------

namespace {
Rgb8 rgb8(Rgb c) { return Rgb8{c.r, c.g, c.b}; }
bool sameRgb(const uint8_t* px, Rgb c) { return px[0] == c.r && px[1] == c.g && px[2] == c.b; }
}  // namespace

const std::vector<ViewInfo>& viewInfos() {
  static const std::vector<ViewInfo> kViews = [] {
    std::vector<LegendEntry> bands, biomes{{bandName(Band::Water), rgb8(kWater)}};
    for (int b = 0; b < 4; ++b) bands.push_back({bandName(static_cast<Band>(b)), rgb8(kBandColors[b])});
    for (int b = 0; b < 9; ++b) biomes.push_back({biomeName(static_cast<Biome>(b)), rgb8(kBiomeColors[b])});
    return std::vector<ViewInfo>{
        {View::Raw, viewName(View::Raw), "Raw field", {{"0", Rgb8{0, 0, 0}}, {"1", Rgb8{255, 255, 255}}}},
        {View::Land, viewName(View::Land), "Land vs water", {{"water", rgb8(kWater)}, {"land", rgb8(kLand)}}},
        {View::Bands, viewName(View::Bands), "Four bands", bands},
        {View::Biomes, viewName(View::Biomes), "Biomes", biomes},
        {View::Relief, viewName(View::Relief), "Shaded relief", bands},
    };
  }();
  return kViews;
}

namespace {

// The biome of a pixel the biome view painted, found by its red channel (the nine biome colours
// have distinct reds, checked below) and confirmed on green and blue.
struct BiomeByRed {
  int8_t biome[256];
};
constexpr BiomeByRed biomeByRed() {
  BiomeByRed t{};
  for (int r = 0; r < 256; ++r) t.biome[r] = -1;
  for (int b = 0; b < 9; ++b) t.biome[kBiomeColors[b].r] = static_cast<int8_t>(b);
  return t;
}
constexpr BiomeByRed kBiomeByRed = biomeByRed();
constexpr bool biomeRedsDistinct() {
  for (int b = 0; b < 9; ++b)
    if (kBiomeByRed.biome[kBiomeColors[b].r] != b) return false;
  return true;
}
static_assert(biomeRedsDistinct(), "biome colours must have distinct red channels (colorSummary's lookup)");

// 0: water or no biome colour, else 1 + the biome.
inline int biomeIndexOf(const uint8_t* px) {
  const int b = kBiomeByRed.biome[px[0]];
  return b >= 0 && sameRgb(px, kBiomeColors[b]) ? b + 1 : 0;
}

// Histogram and band counts of heights [begin, end) (the scalar loop; wasm SIMD takes most of
// the grid in color_summary_simd.h). Histogram bins go to four interleaved copies (sample k into
// copy k & 3), so that runs of one bin in a smooth field do not chain every increment on the
// previous one; bands are counted branch-free with bandOf's tests (NaN is rock).
template <bool Hist>
void countHeights(const float* heights, int64_t begin, int64_t end, const FieldConfig& c, int bins, uint32_t* hist4,
                  int64_t counts[3]) {
  const double nb = bins, t1 = c.t1, t2 = c.t2, t3 = c.t3;
  int64_t water = 0, sand = 0, grass = 0;
  for (int64_t k = begin; k < end; ++k) {
    const double v = heights[k];
    if constexpr (Hist) {
      double b = v * nb;
      if (!(b >= 0)) b = 0;  // also NaN
      ++hist4[static_cast<size_t>(k & 3) * static_cast<size_t>(bins) +
              static_cast<size_t>(b >= nb ? bins - 1 : static_cast<int>(b))];
    }
    const bool lt1 = v < t1, lt2 = v < t2, lt3 = v < t3;  // bandOf: water, sand, grass, else rock
    water += lt1;
    sand += !lt1 & lt2;
    grass += !lt1 & !lt2 & lt3;
  }
  counts[0] += water;
  counts[1] += sand;
  counts[2] += grass;
}

}  // namespace

ColorFillSummary Field::colorSummary(View view, const GridSpec& g, const float* heights, const uint8_t* rgba,
                                     int bins) const {
  ColorFillSummary s;
  const int64_t n = g.samples();
  if (bins > kMaxHistogramBins) bins = kMaxHistogramBins;
  if (bins > 0) s.histogram.assign(static_cast<size_t>(bins), 0);
  int64_t bandCount[4] = {0, 0, 0, 0};
  std::vector<uint32_t> hist4(static_cast<size_t>(bins > 0 ? 4 * bins : 0), 0);
  uint32_t* h4 = bins > 0 ? hist4.data() : nullptr;
  int64_t done = 0;
#ifdef __wasm_simd128__
  done = summariseSimd(heights, n, config_.t1, config_.t2, config_.t3, bins, h4, bandCount);
#endif
  if (bins > 0) countHeights<true>(heights, done, n, config_, bins, h4, bandCount);
  else countHeights<false>(heights, done, n, config_, bins, h4, bandCount);
  bandCount[3] = n - bandCount[0] - bandCount[1] - bandCount[2];
  const size_t nbins = s.histogram.size();
  for (size_t b = 0; b < nbins; ++b)
    s.histogram[b] = hist4[b] + hist4[b + nbins] + hist4[b + 2 * nbins] + hist4[b + 3 * nbins];
  // Biomes: read back from the pixels of land samples (four interleaved counter sets, as above).
  const bool biomes = view == View::Biomes && rgba != nullptr;
  int64_t biome4[4][10] = {}, biomeCount[10] = {};
  if (biomes)
    for (int64_t k = 0; k < n; ++k) ++biome4[k & 3][heights[k] < config_.t1 ? 0 : biomeIndexOf(rgba + 4 * k)];
  for (int b = 0; b < 10; ++b) biomeCount[b] = biome4[0][b] + biome4[1][b] + biome4[2][b] + biome4[3][b];
  const double total = n > 0 ? static_cast<double>(n) : 1;
  for (int b = 0; b < 4; ++b) s.bands[b] = static_cast<double>(bandCount[b]) / total;
  s.hasBiomes = biomes;
  if (biomes)
    for (int b = 0; b < 10; ++b) s.biomes[b] = static_cast<double>(biomeCount[b]) / total;
  return s;
}

double BandWidths::sandEstimate(int64_t minSamples) const {
  if (counts[1] >= minSamples && counts[1] > 0) return median[1];
  if (counts[0] > 0 && counts[2] + counts[3] > 0) return 0;
  return std::numeric_limits<double>::quiet_NaN();
}

BandWidths Field::bandWidths(const GridSpec& g) const {
  BandWidths r;
  r.analytic = hasAnalyticGradient();
  const FieldConfig& c = config_;
  const double cuts[5] = {0, c.t1, c.t2, c.t3, 1};
  std::vector<double> widths[4];
  const size_t m = rows::paddedSize(g.width);
  std::vector<double> hs(m), gxs(m), gys(m);
  GradientRows grad(*ops_, params_, hasAnalyticGradient(), columnsOf(g));  // sampleGrad, by rows
  for (int j = 0; j < g.height; ++j) {
    grad.row(rowOf(g, j), hs.data(), gxs.data(), gys.data());
    for (int i = 0; i < g.width; ++i) {
      const double h = hs[i], gx = gxs[i], gy = gys[i];
      const int b = static_cast<int>(bandOf(h, c.t1, c.t2, c.t3));
      ++r.counts[b];
      if (b == 1 || b == 2) {
        const double slope = std::sqrt(gx * gx + gy * gy);
        widths[b].push_back(slope > 0 ? (cuts[b + 1] - cuts[b]) / slope : std::numeric_limits<double>::infinity());
      }
    }
  }
  for (int b = 1; b <= 2; ++b) {
    std::vector<double>& w = widths[b];
    if (w.empty()) continue;
    const size_t mid = w.size() / 2;
    std::nth_element(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(mid), w.end());
    double m = w[mid];
    if (w.size() % 2 == 0)  // even count: mean of the two middle values (+inf stays +inf)
      m = 0.5 * (*std::max_element(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(mid)) + m);
    r.median[b] = m;
  }
  return r;
}

}  // namespace nf
