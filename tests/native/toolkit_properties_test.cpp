// Properties of the toolkit that point checks miss (issue 10): continuity across every kind of cell
// and simplex face, cellular noise against a brute-force search, a full 32-bit seed space, and
// exact periodicity of tiled fields, warped ones included.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "noise/field.h"
#include "noise/kernels.h"
#include "noise/schema.h"
#include "toolkit_support.h"

namespace {

using nftest::cfg;
using nftest::sameBits;

// ---- continuity ---------------------------------------------------------------------------------
//
// A walk along a random line in steps of 0.01 lattice units; wherever the "cell id" (which lattice
// cell, simplex or search window the kernel uses) changes between two steps, bisection narrows the
// crossing to a pair of points 1e-9 apart that straddle it, and the field may change there by at
// most L * distance (+ 1e-12 for rounding), L a Lipschitz bound of the kernel per lattice unit:
//   value       fade'max (1, 1.5, 1.875 for linear, cubic, quintic): the bilinear blend of values
//               in [0, 1] has |d/dx| <= fade'(t) * |(b - a) + k3 v| <= fade'max.
//   gradient    0.5 * (2 / sqrt N) * (1 + 2 * fade'max * sqrt N): each corner term g . d has unit
//               slope and |g . d| <= sqrt N; <= 8 in 2-D and 3-D.
//   simplex     0.5 * scale * corners * max |grad(t^4 g . d)|, t <= 0.5, |d|^2 <= 0.5, |g| <= sqrt 3:
//               t^4 |g| + 8 t^3 |g| |d|^2 <= 0.5625 sqrt 3, so <= 0.5 * 108 * 5 * 0.975 < 270.
//   cellular    F1 and F2 move by at most the step along one axis in every metric: 1 / norm for
//               F1 and F2, 2 / norm for F2 - F1 (norm >= 1.2): < 2.
// A seam (the defects: 0.005 in 3-D simplex, up to 0.39 in cellular F2) exceeds these by 10^4.
using CellId = std::vector<double>;

// Which simplex of the skewed lattice holds p (dims 2, 3 or 4): the skewed floors and the rank of
// the offsets.
CellId simplexId(const double* p, int dims) {
  const double F = dims == 2 ? nf::tk::kSimplexF2 : dims == 3 ? 1.0 / 3 : nf::tk::kSimplexF4;
  const double G = dims == 2 ? nf::tk::kSimplexG2 : dims == 3 ? 1.0 / 6 : nf::tk::kSimplexG4;
  double s = 0;
  for (int a = 0; a < dims; ++a) s += p[a];
  s *= F;
  CellId id;
  double fl[4], sum = 0;
  for (int a = 0; a < dims; ++a) {
    fl[a] = std::floor(p[a] + s);
    sum += fl[a];
    id.push_back(fl[a]);
  }
  const double t = sum * G;
  double d[4];
  for (int a = 0; a < dims; ++a) d[a] = p[a] - (fl[a] - t);
  for (int a = 0; a < dims; ++a)
    for (int b = a + 1; b < dims; ++b) id.push_back(d[a] > d[b] ? 1 : 0);
  return id;
}

struct Continuity {
  std::string name;
  nf::FieldConfig c;
  double lipschitz;
  // The cell id at lattice point (x, y, z); scale is 1 throughout, so sample = lattice units.
  std::function<CellId(double, double, double)> id;
};

CellId squareId(double x, double y, double z) { return {std::floor(x), std::floor(y), std::floor(z)}; }

// The simplex id of a (possibly tiled) simplex field: the point the kernel samples (kernels.h).
CellId simplexFieldId(const nf::FieldConfig& c, double x, double y, double z) {
  double p[4];
  const bool tx = c.periodX > 0, ty = c.periodY > 0, d3 = c.dimensions == 3;
  if (!tx && !ty) {
    p[0] = x, p[1] = y, p[2] = z;
    return simplexId(p, d3 ? 3 : 2);
  }
  double ax = x, ay = 0, bx = y, by = 0;
  if (tx) nf::tk::circlePoint(x, c.periodX, &ax, &ay);
  if (ty) nf::tk::circlePoint(y, c.periodY, &bx, &by);
  if (tx && ty) {
    p[0] = ax, p[1] = ay, p[2] = bx, p[3] = by;
    if (d3)
      for (int a = 0; a < 4; ++a) p[a] += z * nf::tk::kTorusDrift[a];
    return simplexId(p, 4);
  }
  if (tx) p[0] = ax, p[1] = ay, p[2] = bx;
  else p[0] = ax, p[1] = bx, p[2] = by;
  if (!d3) return simplexId(p, 3);
  p[3] = z;
  return simplexId(p, 4);
}

// OpenSimplex2: 2-D is the simplex lattice; 3-D the two cubic lattices of the reflected point,
// each with its nearest point and the axis of its largest offset (kernels.h).
CellId openSimplex2Id(const nf::FieldConfig& c, double x, double y, double z) {
  double p[3] = {x, y, z};
  if (c.dimensions == 2) return simplexId(p, 2);
  const double r = (x + y + z) * (2.0 / 3.0);
  const double q[3] = {r - x, r - y, r - z};
  CellId id;
  for (double shift : {0.0, 0.5}) {
    int m = 0;
    double d[3];
    for (int a = 0; a < 3; ++a) {
      const double cc = std::floor(q[a] - shift + 0.5);
      d[a] = q[a] - (cc + shift);
      id.push_back(cc);
      if (std::fabs(d[a]) > std::fabs(d[m])) m = a;
    }
    id.push_back(m);
    id.push_back(d[m] < 0);
  }
  return id;
}

std::vector<Continuity> continuityCases() {
  std::vector<Continuity> r;
  const char* fades[] = {"linear", "cubic", "quintic"};
  const double fadeMax[] = {1, 1.5, 1.875};
  for (const char* dims : {"2", "3"})
    for (const char* tile : {"0", "8"}) {
      for (int f = 0; f < 3; ++f) {
        r.push_back({std::string("value ") + fades[f] + " d" + dims + " p" + tile,
                     cfg({{"type", "value"}, {"fade", fades[f]}, {"fractal", "none"}, {"dimensions", dims},
                          {"periodX", tile}, {"periodY", tile}}),
                     fadeMax[f], squareId});
        r.push_back({std::string("gradient ") + fades[f] + " d" + dims + " p" + tile,
                     cfg({{"type", "gradient"}, {"fade", fades[f]}, {"fractal", "none"}, {"dimensions", dims},
                          {"periodX", tile}, {"periodY", tile}}),
                     8, squareId});
      }
      for (const char* ty : {"0", "5"}) {
        nf::FieldConfig c = cfg({{"type", "simplex"}, {"fractal", "none"}, {"dimensions", dims}, {"periodX", tile},
                                 {"periodY", ty}});
        r.push_back({std::string("simplex d") + dims + " p" + tile + "," + ty, c, 270,
                     [c](double x, double y, double z) { return simplexFieldId(c, x, y, z); }});
      }
      if (std::string(tile) == "0") {  // OpenSimplex2: not tileable
        nf::FieldConfig c = cfg({{"type", "opensimplex2"}, {"fractal", "none"}, {"dimensions", dims}});
        r.push_back({std::string("opensimplex2 d") + dims, c, 270,
                     [c](double x, double y, double z) { return openSimplex2Id(c, x, y, z); }});
      }
      for (const char* metric : {"euclidean", "manhattan", "chebyshev"})
        for (const char* ret : {"f1", "f2", "f2-f1"})
          for (const char* jitter : {"1", "0.7"})
            r.push_back({std::string("cellular ") + metric + " " + ret + " j" + jitter + " d" + dims + " p" + tile,
                         cfg({{"type", "cellular"}, {"fractal", "none"}, {"dimensions", dims}, {"cellDistance", metric},
                              {"cellReturn", ret}, {"jitter", jitter}, {"periodX", tile}, {"periodY", tile}}),
                         2, squareId});
    }
  return r;
}

TEST(ToolkitProperties, ContinuousAcrossEveryCellAndSimplexFace) {
  std::mt19937_64 rng(10);
  std::uniform_real_distribution<double> U(-300, 300);
  constexpr double kEps = 1e-9;
  for (const Continuity& t : continuityCases()) {
    const nf::Field f(t.c);
    const bool d3 = t.c.dimensions == 3;
    int crossings = 0;
    double worst = 0;
    for (int line = 0; line < 12 && !HasFailure(); ++line) {
      // A random line through a random point; z moves too in 3-D (the z faces).
      double p[3] = {U(rng), U(rng), d3 ? U(rng) * 0.1 : 0};
      double dir[3] = {U(rng), U(rng), d3 ? U(rng) : 0};
      const double len = std::sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
      for (double& d : dir) d /= len;
      auto at = [&](double s, double* q) {
        for (int a = 0; a < 3; ++a) q[a] = p[a] + s * dir[a];
      };
      auto value = [&](double s) {
        double q[3];
        at(s, q);
        return d3 ? f.sample(q[0], q[1], q[2]) : f.sample(q[0], q[1]);
      };
      auto idAt = [&](double s) {
        double q[3];
        at(s, q);
        return t.id(q[0], q[1], q[2]);
      };
      CellId prev = idAt(0);
      for (int k = 1; k <= 400; ++k) {
        const double s1 = k * 0.01;
        CellId cur = idAt(s1);
        if (cur != prev) {
          double lo = s1 - 0.01, hi = s1;
          const CellId idLo = prev;
          while (hi - lo > kEps) {
            const double mid = 0.5 * (lo + hi);
            (idAt(mid) == idLo ? lo : hi) = mid;
          }
          const double jump = std::fabs(value(hi) - value(lo));
          const double bound = t.lipschitz * (hi - lo) + 1e-12;
          worst = std::max(worst, jump / (hi - lo));
          ++crossings;
          ASSERT_LE(jump, bound) << t.name << ": a jump of " << jump << " over " << (hi - lo) << " at s = " << lo
                                 << " on the line from (" << p[0] << ", " << p[1] << ", " << p[2] << ")";
        }
        prev = cur;
      }
    }
    EXPECT_GT(crossings, 30) << t.name;  // the walk did cross faces
  }
}

// ---- cellular against brute force ---------------------------------------------------------------

// Every feature point of a (2R+1)^d window, rebuilt from the hash as kernels.h defines them.
struct Brute {
  double f1 = 1e300, f2 = 1e300;
  uint32_t nearest = 0;
};

double metricOf(nf::CellDistance d, const double* v, int n) {
  double r = 0;
  for (int a = 0; a < n; ++a) {
    if (d == nf::CellDistance::Euclidean) r += v[a] * v[a];
    else if (d == nf::CellDistance::Manhattan) r += std::fabs(v[a]);
    else r = std::fmax(r, std::fabs(v[a]));
  }
  return d == nf::CellDistance::Euclidean ? std::sqrt(r) : r;
}

Brute bruteForce(const nf::FieldConfig& c, double x, double y, double z, int dims, int R) {
  const uint32_t sd = nf::tk::seedTerm(c.seed, c.hash == nf::HashKind::Tutorial ? nf::kTutorialSeedMul
                                                                                   : nf::kLandscapeSeedMul);
  Brute b;
  const double fx = std::floor(x), fy = std::floor(y), fz = dims == 3 ? std::floor(z) : 0;
  for (int k = dims == 3 ? -R : 0; k <= (dims == 3 ? R : 0); ++k)
    for (int j = -R; j <= R; ++j)
      for (int i = -R; i <= R; ++i) {
        const uint32_t hin = static_cast<uint32_t>(static_cast<int64_t>(fx) + i) * nf::kHashX +
                             static_cast<uint32_t>(static_cast<int64_t>(fy) + j) * nf::kHashY + sd +
                             (dims == 3 ? static_cast<uint32_t>(static_cast<int64_t>(fz) + k) * nf::kHashZ : 0u);
        const uint32_t h = nf::hashFinish(hin), h2 = nf::hashFinish(h + 0x9E3779B9u), h3 = nf::hashFinish(h2 + 0x9E3779B9u);
        // Offsets from the sample within its cell, as the kernel writes them (cellOffset).
        const double v[3] = {i + 0.5 + c.jitter * (h / 4294967296.0 - 0.5) - (x - fx),
                             j + 0.5 + c.jitter * (h2 / 4294967296.0 - 0.5) - (y - fy),
                             k + 0.5 + c.jitter * (h3 / 4294967296.0 - 0.5) - (z - fz)};
        const double d = metricOf(c.cellDistance, v, dims);
        if (d < b.f1) {
          b.f2 = b.f1;
          b.f1 = d;
          b.nearest = dims == 3 ? h3 : h2;
        } else if (d < b.f2) {
          b.f2 = d;
        }
      }
  return b;
}

TEST(ToolkitProperties, CellularEqualsBruteForceSearch) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> U(-500, 500), edge(-1e-6, 1e-6);
  const char* metrics[] = {"euclidean", "manhattan", "chebyshev"};
  const char* returns[] = {"f1", "f2", "f2-f1", "cell"};
  for (const char* dims : {"2", "3"})
    for (int m = 0; m < 3; ++m)
      for (const char* jitter : {"1", "0.85", "0"}) {
        nf::FieldConfig base = cfg({{"type", "cellular"}, {"fractal", "none"}, {"dimensions", dims},
                                    {"cellDistance", metrics[m]}, {"jitter", jitter}, {"seed", "10"}});
        std::vector<nf::Field> fields;
        for (const char* r : returns) {
          nf::FieldConfig c = base;
          ASSERT_EQ(c.setEnum("cellReturn", r), "");
          fields.emplace_back(c);
        }
        const int d = base.dimensions;
        const double norm = (d == 3 ? nf::tk::kCellNorm3 : nf::tk::kCellNorm2)[m];
        int outer = 0;
        for (int k = 0; k < 6000; ++k) {
          // Half the points within 1e-6 of a lattice line (where the window matters most).
          double x = U(rng), y = U(rng), z = d == 3 ? U(rng) : 0;
          if (k % 2) x = std::round(x) + edge(rng);
          if (k % 4 == 1) y = std::round(y) + edge(rng);
          const Brute b = bruteForce(base, x, y, z, d, 4);  // 9 x 9 (x 9): beyond every bound
          const Brute core = bruteForce(base, x, y, z, d, 1);
          outer += core.f2 != b.f2;
          auto s = [&](int r) { return d == 3 ? fields[r].sample(x, y, z) : fields[r].sample(x, y); };
          const double f1 = std::fmin(std::fmax(b.f1 / norm, 0), 1), f2 = std::fmin(std::fmax(b.f2 / norm, 0), 1);
          ASSERT_EQ(s(0), f1) << base.dimensions << "-D " << metrics[m] << " j" << jitter << " F1 at " << x << ", " << y;
          ASSERT_EQ(s(1), f2) << base.dimensions << "-D " << metrics[m] << " j" << jitter << " F2 at " << x << ", " << y;
          ASSERT_EQ(s(2), f2 - f1) << "F2-F1 at " << x << ", " << y;
          ASSERT_TRUE(sameBits(s(2), s(1) - s(0)));  // the f2-f1 field is the f2 field minus the f1 field
          ASSERT_LE(s(0), s(1));
          ASSERT_EQ(s(3), nf::tk::unit(nf::hashFinish(b.nearest + nf::kHashMix))) << "cell value at " << x << ", " << y;
        }
        if (std::string(jitter) == "1" && m != 2) {  // Chebyshev F2 <= 1.5 rarely reaches past the core
          EXPECT_GT(outer, 0) << base.dimensions << "-D " << metrics[m] << ": no point needed the outer ring";
        }
      }
}

// ---- the seed space ------------------------------------------------------------------------------

TEST(ToolkitProperties, EverySeedGivesItsOwnField) {
  std::mt19937_64 rng(12);
  std::uniform_int_distribution<uint32_t> S;
  const nf::GridSpec g = nftest::grid(24, 24, 3.3, -7.1, 0.37);
  for (const char* type : nftest::typeNames())
    for (const char* hash : {"landscape", "tutorial"}) {
      std::vector<std::pair<uint32_t, uint32_t>> pairs = {{0u, 1u << 26}, {0u, 1u << 31}, {5u, 5u + (3u << 26)},
                                                          {0u, 0xFFFFFFFFu}};
      for (int k = 0; k < 40; ++k) {
        const uint32_t a = S(rng);
        pairs.push_back({a, S(rng)});
        pairs.push_back({a, a + (static_cast<uint32_t>(1 + k % 63) << 26)});  // same low 26 bits
        pairs.push_back({a, a ^ 0x80000000u});                                  // top bit only
      }
      for (const auto& [sa, sb] : pairs) {
        if (sa == sb) continue;
        nf::FieldConfig ca = cfg({{"type", type}, {"hash", hash}, {"fractal", "none"}}), cb = ca;
        ASSERT_EQ(ca.set("seed", sa), "");
        ASSERT_EQ(cb.set("seed", sb), "");
        std::vector<double> fa(g.samples()), fb(g.samples());
        nf::Field(ca).fill(g, fa.data());
        nf::Field(cb).fill(g, fb.data());
        int same = 0;
        for (size_t i = 0; i < fa.size(); ++i) same += fa[i] == fb[i];
        // Independent fields agree nowhere but by chance (gradient: all four corner gradients).
        ASSERT_LT(same, static_cast<int>(fa.size()) / 10) << type << " " << hash << " seeds " << sa << " and " << sb;
      }
    }
}

// Seeds that differ in one bit, any of the 32, give unrelated fields for every type, both hashes,
// one octave and fBm, 2-D and 3-D: no more samples agree exactly than for seeds far apart, plus 2 %
// of the samples, and the samples' correlation is within chance (|r| < 0.2 over 1024 samples about
// 1.4 cells apart). Multiplied seeds failed this: seeds 0 and 2^25 (terms 2^31
// apart with the landscape multiplier) agreed at 42-82 % of gradient, simplex and OpenSimplex2
// samples.
double correlation(const std::vector<double>& a, const std::vector<double>& b) {
  double ma = 0, mb = 0;
  for (size_t i = 0; i < a.size(); ++i) ma += a[i], mb += b[i];
  ma /= a.size();
  mb /= b.size();
  double sab = 0, saa = 0, sbb = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) * (a[i] - ma);
    sbb += (b[i] - mb) * (b[i] - mb);
  }
  return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 1;
}

TEST(ToolkitProperties, SeedsOneBitApartGiveUnrelatedFields) {
  const nf::GridSpec g = nftest::grid(32, 32, 0.31, -5.17, 1.37, 1.41);
  std::vector<std::vector<std::pair<const char*, const char*>>> variants = {{{"fractal", "none"}}, {}};
  int worstSame = 0;
  double worstCorr = 0;
  std::string worstCase;
  for (const char* type : nftest::typeNames())
    for (const char* hash : {"landscape", "tutorial"})
      for (const char* dims : {"2", "3"}) {
        if (std::string(dims) == "3" && !nf::typeCaps(cfg({{"type", type}}).type).dims3) continue;
        for (const auto& extra : variants)
          for (uint32_t base : {0u, 42u, 2654435769u}) {
            std::vector<std::pair<const char*, const char*>> kv = {{"type", type}, {"hash", hash}, {"dimensions", dims}, {"z", "0.37"}};
            kv.insert(kv.end(), extra.begin(), extra.end());
            auto fill = [&](uint32_t seed) {
              nf::FieldConfig c = nftest::cfgOf(kv);
              EXPECT_EQ(c.set("seed", seed), "");
              std::vector<double> v(g.samples());
              nf::Field(c).fill(g, v.data());
              return v;
            };
            const std::vector<double> a = fill(base);
            // Chance: unrelated fields agree where every live corner picked the same gradient of a
            // small set (8 for 2-D simplex: about 1.4 % of samples here); measured on seed pairs
            // far apart.
            int chance = 0;
            for (uint32_t k = 1; k <= 4; ++k) {
              const std::vector<double> r = fill(base + k * 0x9E3779B9u);
              for (size_t i = 0; i < a.size(); ++i) chance += a[i] == r[i];
            }
            chance /= 4;
            for (int bit = 0; bit < 32; ++bit) {
              const uint32_t other = base ^ (1u << bit);
              const std::vector<double> b = fill(other);
              int same = 0;
              for (size_t i = 0; i < a.size(); ++i) same += a[i] == b[i];
              const double r = correlation(a, b);
              if (same > worstSame) worstCase = std::string(type) + " " + hash + " " + dims + "-D" + (extra.empty() ? " fbm" : " one octave");
              worstSame = std::max(worstSame, same);
              worstCorr = std::max(worstCorr, std::fabs(r));
              ASSERT_LT(same, chance + static_cast<int>(a.size()) * 2 / 100)
                  << type << " " << hash << " " << dims << "-D" << (extra.empty() ? " fbm" : " one octave") << ": seeds "
                  << base << " and " << other << " agree at " << same << " of " << a.size() << " samples";
              ASSERT_LT(std::fabs(r), 0.2) << type << " " << hash << " " << dims << "-D: seeds " << base << " and " << other
                                           << " correlate " << r;
            }
          }
      }
  std::printf("single-bit seed pairs: at most %d of %d samples agree (%s), |correlation| at most %.3f\n", worstSame,
              static_cast<int>(g.samples()), worstCase.c_str(), worstCorr);
}

// ---- exact periodicity ---------------------------------------------------------------------------

TEST(ToolkitProperties, TiledFieldsRepeatExactlyWarpsAndTerrainIncluded) {
  std::mt19937_64 rng(13);
  std::uniform_int_distribution<int> I(-200000, 200000);
  std::vector<nf::FieldConfig> configs;
  for (const char* type : nftest::typeNames(&nf::TypeCaps::tileable))
    for (const char* warp : {"0", "1", "2"})
      for (const char* dims : {"2", "3"})
        for (const char* scale : {"1", "8", "0.3"}) {
          configs.push_back(cfg({{"type", type}, {"warpLevels", warp}, {"dimensions", dims}, {"z", "0.4"},
                                 {"scale", scale}, {"periodX", "4"}, {"periodY", "6"}, {"warp", "2.5"}}));
          configs.push_back(cfg({{"type", type}, {"warpLevels", warp}, {"dimensions", dims}, {"scale", scale},
                                 {"periodX", "5"}, {"fractal", "ridged"}, {"island", "true"}, {"terraces", "4"},
                                 {"islandRadius", "3"}}));
        }
  for (const nf::FieldConfig& c : configs) {
    const nf::Field f(c);
    const double px = c.periodX * c.scale, py = c.periodY * c.scale;
    for (int k = 0; k < 300; ++k) {
      const double x = I(rng) / 1024.0, y = I(rng) / 1024.0;  // dyadic: x + k * period is exact
      const int kx = I(rng) % 50, ky = I(rng) % 50;
      const double sx = kx * px, sy = py > 0 ? ky * py : 0;
      const double x2 = x + sx, y2 = y + sy;
      // Only where x2 is exactly x plus a whole number of tiles (scale 0.3: not always).
      if (std::fma(kx, px, -sx) != 0 || std::fma(ky, py, -sy) != 0 || x2 - sx != x || x2 - x != sx ||
          y2 - sy != y || y2 - y != sy)
        continue;
      ASSERT_TRUE(sameBits(f.sample(x, y), f.sample(x2, y2)))
          << nf::toQuery(c) << " at (" << x << ", " << y << ") vs (" << x2 << ", " << y2 << ")";
      double g1x, g1y, g2x, g2y;
      const double h1 = f.sampleGrad(x, y, &g1x, &g1y), h2 = f.sampleGrad(x2, y2, &g2x, &g2y);
      ASSERT_TRUE(sameBits(h1, h2) && sameBits(g1x, g2x) && sameBits(g1y, g2y)) << nf::toQuery(c);
    }
  }
}

// ---- smaller promises ----------------------------------------------------------------------------

TEST(ToolkitProperties, WarpOffsetsAreCentredUnlessAskedNot) {
  // A centred warp moves points both ways: the mean displacement is near 0, not warp / 2.
  const nf::Field centred(cfg({{"warpLevels", "1"}, {"warp", "4"}, {"fractal", "none"}}));
  const nf::Field shifted(cfg({{"warpLevels", "1"}, {"warp", "4"}, {"fractal", "none"}, {"warpCentred", "false"}}));
  const nf::Field plain(cfg({{"fractal", "none"}}));
  // Centred: q - 0.5 with q the field's own noise; the sample at p is the plain field at p + 4 (q - 0.5).
  nf::FieldConfig qc = cfg({{"fractal", "none"}, {"seed", "211"}});
  const nf::Field q(qc);
  for (double x : {0.3, 5.7, -11.2})
    for (double y : {1.1, -3.4}) {
      const double d = 4 * (q.sample(x, y) - 0.5);  // warpSeedX 211; warpSeedY 212
      nf::FieldConfig qy = qc;
      ASSERT_EQ(qy.set("seed", 212), "");
      const double e = 4 * (nf::Field(qy).sample(x, y) - 0.5);
      EXPECT_EQ(centred.sample(x, y), plain.sample(x + d, y + e));
      EXPECT_EQ(shifted.sample(x, y), plain.sample(x + 4 * q.sample(x, y), y + 4 * nf::Field(qy).sample(x, y)));
    }
  EXPECT_TRUE(nf::Field(nf::nebulaConfig()).config().warpCentred == false);
}

}  // namespace

namespace {

TEST(ToolkitProperties, StrictQueriesAndReadableMessages) {
  nf::FieldConfig c;
  for (const char* bad : {"s=0x10", "s=+7", "s=%207", "s= 7", "s=7 ", "sc=Infinity", "sc=NaN", "s=", "sc=1e", "sc=.", "s=7&s=8",
                          "seed=7&s=7", "o=3&octaves=3"})
    EXPECT_NE(nf::fromQuery(bad, c), "") << bad;
  for (const char* good : {"s=7", "sc=0.5", "sc=.5", "sc=2.", "sc=1e2", "sc=1E-1", "z=-3.25"})
    EXPECT_EQ(nf::fromQuery(good, c), "") << good;
  EXPECT_EQ(nf::fromQuery("s=7&seed=8", c), "seed is given more than once (as `seed` or `s`)");
  std::vector<std::string> bad;
  const std::vector<std::string> errs = nf::fromQueryLenient("s=7&s=8", c, &bad);
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(c.seed, 7u);  // the first value stands
  // Echoed input is cut; numbers print as JS prints them.
  const std::string longText(10000, 'x');
  const std::string msg = nf::fromQuery("t=" + longText, c);
  EXPECT_LT(msg.size(), 200u) << msg;
  EXPECT_NE(msg.find("(10000 characters)"), std::string::npos) << msg;
  EXPECT_EQ(c.set("scale", -INFINITY), "scale must be a finite number in [0.001, 1000000] (got -Infinity)");
}

}  // namespace
