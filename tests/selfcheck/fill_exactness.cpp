// Fill == sample and fillGrad == sampleGrad in doubles, for every path a fill can take: the
// hoisted row kernels on four-sample lanes (row and scattered), the warped fills, their gradient
// rows and their fallbacks. Built from this one file natively (run by CTest: SSE2 lanes), to wasm
// with -msimd128 (run by tests/wasm/selfcheck.test.mjs: wasm lanes) and, with -DNF_SIMD=OFF, on
// one-sample lanes. Exit status 0 when every value matched bit for bit. Natively it runs on the
// engine NOISEFIELD_ISA names (scalar, sse2, avx2; CTest runs it on each) and prints a digest of
// every value it filled, which must be the same on every engine (tests/selfcheck/same_digest.cmake);
// exit status 77 (CTest: skipped) when the asked engine is not the one running (a CPU without AVX2).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "noise/field.h"
#include "noise/schema.h"

namespace {

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::vector<std::string> configs() {
  std::vector<std::string> r = {
      "", "o=4", "t=gradient&fd=quintic", "t=simplex&o=2", "t=cellular&o=2", "t=value&d=3&z=0.37",
      "t=value&px=4&py=3&sc=8",
  };
  // Warped value noise (the scattered SIMD path) in every fade, fractal and dimension, with shared
  // and separate seeds, with terrain steps, and tiled (which stays scalar).
  for (const char* fade : {"linear", "cubic", "quintic"})
    for (const char* fr : {"none", "fbm", "ridged", "billow"})
      for (const char* wl : {"1", "2"}) {
        std::string q = std::string("fd=") + fade + "&fr=" + fr + "&wl=" + wl + "&sc=6&o=3";
        r.push_back(q);
        r.push_back(q + "&wy=99&vy=5&w=2.5&w2=0.7");  // separate x and y warp seeds
        r.push_back(q + "&d=3&z=-1.3&wy=99&vy=5&w=2.5&w2=0.7");
      }
  r.push_back("wl=2&h=tutorial&l=2.5&g=0.6&ss=3&o=5");
  r.push_back("wl=1&is=1&ir=30&re=1.7&te=5&tsm=0.3");
  r.push_back("wl=2&px=4&py=4&sc=8");
  r.push_back("t=gradient&wl=2&o=3");
  r.push_back("t=cellular&wl=1&cr=f2-f1");
  r.push_back("t=simplex&wl=2&d=3&z=0.4");
  // Cellular: every metric and return mode (the SIMD core search and its exact scalar redo near
  // cell edges), 2-D and 3-D, tiled, seeds with high bits (tk::seedTerm's scramble).
  for (const char* cd : {"euclidean", "manhattan", "chebyshev"})
    for (const char* cr : {"f1", "f2", "f2-f1", "cell"}) {
      const std::string q = std::string("t=cellular&fr=none&sc=0.7&cd=") + cd + "&cr=" + cr;
      r.push_back(q);
      r.push_back(q + "&d=3&z=0.3&s=3000000000");
      r.push_back(q + "&px=3&py=5&j=0.8");
    }
  r.push_back("t=simplex&d=3&z=0.37&px=6&s=4000000000");
  // OpenSimplex2 (generic row kernels, analytic gradients), 2-D and 3-D, fractals and warps.
  r.push_back("t=opensimplex2&fr=none&sc=3");
  r.push_back("t=opensimplex2&o=4&fr=ridged&wl=2&sc=5");
  r.push_back("t=opensimplex2&d=3&z=0.61&o=3&wl=1&s=3000000000");
  r.push_back("t=opensimplex2&d=3&z=-2&fr=billow&te=4&is=1&ir=20");
  // Every type row (noise_types.h), so a new type is checked on every path without a line here:
  // one octave, fBm under a two-level warp, and 3-D and tiled where its row allows them.
  for (const nf::TypeCaps& t : nf::kTypeCaps) {
    const std::string q = std::string("t=") + t.name;
    r.push_back(q + "&fr=none&sc=2.5");
    r.push_back(q + "&o=3&wl=2&w=1.5&sc=4");
    if (t.dims3) r.push_back(q + "&d=3&z=0.45&o=2");
    if (t.tileable) r.push_back(q + "&px=5&py=3&sc=4&o=2");
  }
  return r;
}

}  // namespace

// FNV-1a over the bits of each value, in fill order.
struct Digest {
  uint64_t h = 1469598103934665603ull;
  void add(double v) {
    uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    for (int k = 0; k < 8; ++k) h = (h ^ ((b >> (8 * k)) & 0xFF)) * 1099511628211ull;
  }
};

int main() {
  const char* asked = std::getenv("NOISEFIELD_ISA");
  std::printf("lane backend: %s\n", nf::laneBackend());
  if (asked && *asked && std::strcmp(asked, nf::laneBackend()) != 0) {
    std::printf("NOISEFIELD_ISA=%s is not available here: skipped\n", asked);
    return 77;
  }
  Digest digest;
  std::mt19937 rng(20261130);
  std::uniform_real_distribution<double> pos(-300, 300), step(0.05, 2.5);
  int64_t checked = 0, bad = 0;
  for (const std::string& q : configs()) {
    nf::FieldConfig c;
    const std::string err = nf::fromQuery(q, c);
    if (!err.empty()) {
      std::printf("config %s: %s\n", q.c_str(), err.c_str());
      return 2;
    }
    const nf::Field f(c);
    for (int rep = 0; rep < 7; ++rep) {
      nf::GridSpec g;
      g.width = 1 + static_cast<int>(rng() % 41);  // odd and even widths: SIMD pairs and the tail
      g.height = 1 + static_cast<int>(rng() % 9);
      g.originX = pos(rng);
      g.originY = pos(rng);
      if (rep == 5) {  // far out: lattice indices beyond int32 take the scalar fallbacks
        g.originX = 3.1e10;
        g.originY = -2.7e10;
      }
      if (rep == 6) {  // beyond 2^51: the four-sample warp path's own scalar fallback
        g.originX = 4.1e16;
        g.originY = 2.3e16;
      }
      g.stepX = step(rng);
      g.stepY = step(rng);
      const size_t n = static_cast<size_t>(g.samples());
      std::vector<double> out(n), h(n), gx(n), gy(n);
      f.fill(g, out.data());
      f.fillGrad(g, h.data(), gx.data(), gy.data());
      for (int j = 0; j < g.height; ++j)
        for (int i = 0; i < g.width; ++i) {
          const size_t k = static_cast<size_t>(j) * g.width + i;
          const double want = f.sample(g.sampleX(i), g.sampleY(j));
          digest.add(out[k]);
          digest.add(h[k]);
          digest.add(gx[k]);
          digest.add(gy[k]);
          double wx, wy;
          const double wh = f.sampleGrad(g.sampleX(i), g.sampleY(j), &wx, &wy);
          checked += 4;
          if (!sameBits(out[k], want)) {
            if (++bad <= 10)
              std::printf("MISMATCH %s at (%.17g, %.17g): fill %.17g, sample %.17g\n", q.c_str(), g.sampleX(i),
                          g.sampleY(j), out[k], want);
          }
          if (!(sameBits(h[k], wh) && sameBits(gx[k], wx) && sameBits(gy[k], wy))) {
            if (++bad <= 10)
              std::printf("MISMATCH %s at (%.17g, %.17g): fillGrad %.17g %.17g %.17g, sampleGrad %.17g %.17g %.17g\n",
                          q.c_str(), g.sampleX(i), g.sampleY(j), h[k], gx[k], gy[k], wh, wx, wy);
          }
        }
    }
  }
  std::printf("fill == sample, fillGrad == sampleGrad in doubles: %" PRId64 " values over %zu configurations, %" PRId64
              " mismatches\n",
              checked, configs().size(), bad);
  std::printf("digest %016" PRIx64 "\n", digest.h);
  return bad == 0 ? 0 : 1;
}
