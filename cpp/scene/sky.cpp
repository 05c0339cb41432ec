#include "sky.h"

#include <algorithm>
#include <cmath>

#include "noise/fbm.h"
#include "noise/random.h"
#include "exp_math.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

struct Wave {
  double kx, ky, w, phi, a;
};
// a = 6 / hypot(kx, ky), written out (the doubles glibc and the wasm's musl both give): computed,
// the table was filled by a static initializer that the 404 page downloaded.
constexpr Wave kWaves[3] = {
    {0.006, 0.014, 0.11, 0.4, 0x1.89eb5726d4c8dp+8},
    {-0.013, 0.021, -0.17, 2.1, 0x1.e5dda4f1dc015p+7},
    {0.024, -0.017, 0.23, 4.4, 0x1.980322325d7d4p+7},
};

inline void addVortex(double& vx, double& vy, double dx, double dy, double gamma, double core, double sink) {
  const double r2 = dx * dx + dy * dy + 1;
  const double q = r2 / (core * core);
  // exp(-q) < 5e-18 vanishes against 1 in double, so the far field skips it exactly.
  const double k = (q > 40 ? 1.0 : 1 - sceneExp(-q)) / (2 * kPi * r2);
  vx += (-dy * gamma - dx * sink) * k;
  vy += (dx * gamma - dy * sink) * k;
}

}  // namespace

double airAngle(const Air& air, double x, double y) {
  double vx = 24, vy = 2;
  const double u = x - air.drift;
  for (const Wave& w : kWaves) {
    const double c = w.a * sceneCos(w.kx * u + w.ky * y + w.w * air.time + w.phi);
    vx += w.ky * c;
    vy -= w.kx * c;
  }
  addVortex(vx, vy, x - air.bodyX, y - air.bodyY, 42000, 70, 0);
  for (int n = 0; n < air.count; ++n) {
    const Vortex& v = air.vortices[n];
    addVortex(vx, vy, x - v.x, y - v.y, v.gamma, 40 + std::sqrt(v.age) * 30, 0);
  }
  if (air.pull > 0.01) addVortex(vx, vy, x - air.poleX, y - air.poleY, air.pull * 160000, 240, air.pull * 70000);
  return sceneAtan2(vy, vx);
}

NF_SMALL void paintSkyBase(Image& base, const Grid& g, const Palette& pal, double floorY, const Air& air, int j0, int j1) {
  const double bodyR = air.bodyR;
  j1 = std::min(j1, g.bh);
  if (j0 >= j1) return;
  std::fill(base.p.begin() + static_cast<size_t>(j0) * base.w, base.p.begin() + static_cast<size_t>(j1) * base.w, 0u);
  const Px* sky = pal.at(kSkyC);
  const Px* sun = pal.at(kSunC);
  for (int j = j0; j < j1; ++j) {
    const double y = g.sy[j];
    if (y > floorY) break;
    Px* row = &base.p[static_cast<size_t>(j) * base.w];
    const double t = nf::smooth(60, 520, y);
    for (int i = 0; i < g.bw; ++i) {
      const double r = sceneHypot(g.sx[i] - air.bodyX, y - air.bodyY);
      if (r < bodyR) row[i] = sun[2];
      else if (r < bodyR + 18) row[i] = ramp(sun, 3, 1 - (r - bodyR) / 18, i, j);
      else row[i] = ramp(sky, 5, t, i, j);
    }
  }
}

namespace {

constexpr int kFlowStep = 3;
// Two doubles (GCC/Clang vector extension): a pair of divides issued as one.
typedef double F64x2 __attribute__((vector_size(16)));

void sampleFlow(FlowField& f, const Grid& g, const Air& air, int lastRow) {
  f.bx0 = -6;
  f.by0 = -6;
  f.nx = (g.bw + 12) / kFlowStep + 3;
  f.ny = std::max(2, (lastRow + 12) / kFlowStep + 3);
  const size_t n = static_cast<size_t>(f.nx) * f.ny;
  f.vxd.resize(n);
  f.vyd.resize(n);
  f.colCos.resize(static_cast<size_t>(f.nx) * 3);
  f.colSin.resize(static_cast<size_t>(f.nx) * 3);
  f.rowCos.resize(static_cast<size_t>(f.ny) * 3);
  f.rowSin.resize(static_cast<size_t>(f.ny) * 3);
  const double x0 = g.sx[0], y0 = g.sy[0];
  // The plane waves are separable: cos(A + B) from per-column and per-row terms.
  for (int a = 0; a < f.nx; ++a) {
    const double u = x0 + (f.bx0 + a * kFlowStep) * g.px - air.drift;
    for (int w = 0; w < 3; ++w) {
      f.colCos[a * 3 + w] = sceneCos(kWaves[w].kx * u);
      f.colSin[a * 3 + w] = sceneSin(kWaves[w].kx * u);
    }
  }
  for (int b = 0; b < f.ny; ++b) {
    const double y = y0 + (f.by0 + b * kFlowStep) * g.px;
    for (int w = 0; w < 3; ++w) {
      const double ph = kWaves[w].ky * y + kWaves[w].w * air.time + kWaves[w].phi;
      f.rowCos[b * 3 + w] = sceneCos(ph);
      f.rowSin[b * 3 + w] = sceneSin(ph);
    }
  }
  double cores[kMaxVortices];
  for (int k = 0; k < air.count; ++k) cores[k] = 40 + std::sqrt(air.vortices[k].age) * 30;
  for (int b = 0; b < f.ny; ++b) {
    const double y = y0 + (f.by0 + b * kFlowStep) * g.px;
    for (int a = 0; a < f.nx; ++a) {
      const double x = x0 + (f.bx0 + a * kFlowStep) * g.px;
      double vx = 24, vy = 2;
      for (int w = 0; w < 3; ++w) {
        const double c = kWaves[w].a * (f.colCos[a * 3 + w] * f.rowCos[b * 3 + w] - f.colSin[a * 3 + w] * f.rowSin[b * 3 + w]);
        vx += kWaves[w].ky * c;
        vy -= kWaves[w].kx * c;
      }
      addVortex(vx, vy, x - air.bodyX, y - air.bodyY, 42000, 70, 0);
      for (int k = 0; k < air.count; ++k) {
        const Vortex& v = air.vortices[k];
        addVortex(vx, vy, x - v.x, y - v.y, v.gamma, cores[k], 0);
      }
      if (air.pull > 0.01) addVortex(vx, vy, x - air.poleX, y - air.poleY, air.pull * 160000, 240, air.pull * 70000);
      const size_t k = static_cast<size_t>(b) * f.nx + a;
      // Rounded to float as the original stores them; kept as doubles for the walk.
      f.vxd[k] = static_cast<float>(vx);
      f.vyd[k] = static_cast<float>(vy);
    }
  }
}

// The flow's unit direction at buffer point (bx, by) times sign: bilinear between the nodes,
// normalised; (sign, 0) where the flow vanishes. Branch-free, so lanes walked side by side overlap.
inline void flowDir(const FlowField& f, double bx, double by, double sign, double& dx, double& dy) {
  // Two divides in one vector divide each time: element-wise IEEE division, the same bits as two
  // scalar ones (SSE2 divpd natively, f64x2.div in wasm; plain divides where there is no SIMD).
  const F64x2 uv = (F64x2{bx, by} - F64x2{f.bx0, f.by0}) / F64x2{kFlowStep, kFlowStep};
  const double u = clampd(uv[0], 0, f.nx - 1.001);
  const double v = clampd(uv[1], 0, f.ny - 1.001);
  const int a = static_cast<int>(u), b = static_cast<int>(v);
  const double fu = u - a, fv = v - b;
  const size_t k = static_cast<size_t>(b) * f.nx + a;
  const size_t k2 = k + static_cast<size_t>(f.nx);
  const double* vx = f.vxd.data();
  const double* vy = f.vyd.data();
  const double x = (vx[k] * (1 - fu) + vx[k + 1] * fu) * (1 - fv) + (vx[k2] * (1 - fu) + vx[k2 + 1] * fu) * fv;
  const double y = (vy[k] * (1 - fu) + vy[k + 1] * fu) * (1 - fv) + (vy[k2] * (1 - fu) + vy[k2 + 1] * fu) * fv;
  const double len = sceneHypot(x, y);
  const bool flows = len > 1e-12;
  const F64x2 unit = F64x2{x, y} / F64x2{len, len};
  // x * +-1 is exact: these are brushDir's dx * sign, dy * sign.
  dx = (flows ? unit[0] : 1.0) * sign;
  dy = (flows ? unit[1] : 0.0) * sign;
}

// brushDir (raster.h) for many strokes. Each step of a walk waits on the last (a divide, a square
// root and two divides), so the walks run kLanes side by side, branch-free, and only record their
// points; the marks are then written stroke after stroke, so every pixel ends as brushDir one
// stroke after the other would leave it. A stroke's second half starts at the seed, where the
// first half's first direction, reversed, is its own: that look-up is not repeated.
template <class GuardFn>
void walkStrokes(Image& d, const FlowField& f, const PodList<SkyStroke>& strokes, size_t from, size_t to,
                 GuardFn&& guard) {
  constexpr int kLanes = 8, kMaxSteps = 6;  // a stroke is at most 10 steps: halves of at most 5 and 6
  struct Walk {  // the points and (flipped) directions of one half stroke
    double x[kMaxSteps], y[kMaxSteps], dx[kMaxSteps], dy[kMaxSteps];
  };
  Walk walks[kLanes][2];
  const int w = d.w, h = d.h;
  auto mark = [&](const SkyStroke& k, double fx, double fy) {
    const int i = jsRound(fx), j = jsRound(fy);
    if (i < 0 || j < 0 || i >= w || j >= h || (k.guard && !guard(i, j))) return;
    d.p[static_cast<size_t>(j) * w + i] = k.c;
  };
  const size_t count = std::min(to, strokes.size());
  for (size_t base = from; base < count; base += kLanes) {
    const int used = static_cast<int>(std::min<size_t>(kLanes, count - base));
    int n[kLanes][2];
    for (int half = 0; half < 2; ++half) {
      double cx[kLanes], cy[kLanes], lx[kLanes], ly[kLanes];
      const double sign = half == 0 ? 1.0 : -1.0;
      int most = 0;
      for (int q = 0; q < kLanes; ++q) {
        const SkyStroke& k = strokes[base + (q < used ? q : 0)];
        n[q][half] = half == 0 ? (k.len + 1) / 2 : k.len / 2 + 1;
        most = std::max(most, n[q][half]);
        cx[q] = k.bx;
        cy[q] = k.by;
        lx[q] = ly[q] = 0;
      }
      for (int s = 0; s < most; ++s) {
        for (int q = 0; q < kLanes; ++q) {
          double dx, dy;
          if (half == 1 && s == 0) {
            dx = -walks[q][0].dx[0];
            dy = -walks[q][0].dy[0];
          } else {
            flowDir(f, cx[q], cy[q], sign, dx, dy);
          }
          // Orientations: flip to stay continuous with the last step (never on the first).
          const double flip = s > 0 && dx * lx[q] + dy * ly[q] < 0 ? -1.0 : 1.0;
          dx *= flip;
          dy *= flip;
          Walk& W = walks[q][half];
          const int at = s < kMaxSteps ? s : kMaxSteps - 1;
          W.x[at] = cx[q];
          W.y[at] = cy[q];
          W.dx[at] = dx;
          W.dy[at] = dy;
          lx[q] = dx;
          ly[q] = dy;
          cx[q] += dx;
          cy[q] += dy;
        }
      }
    }
    for (int q = 0; q < used; ++q) {
      const SkyStroke& k = strokes[base + q];
      for (int half = 0; half < 2; ++half) {
        const Walk& W = walks[q][half];
        const int steps = n[q][half];
        for (int s = half; s < steps; ++s) {  // the second half's seed point is the first's
          mark(k, W.x[s], W.y[s]);
          if (k.wide && s < steps - 1) mark(k, W.x[s] - W.dy[s], W.y[s] + W.dx[s]);
        }
      }
    }
  }
}

}  // namespace

void prepareSky(Image& d, const Image& base, const Grid& g, const Palette& pal, const Air& air,
                const RidgeTables& t, uint32_t seed131, const World& w, FlowField& flow, bool allRows) {
  for (int part = 0; !prepareSkyPart(d, base, g, pal, air, t, seed131, w, flow, part, 1 << 30, allRows); ++part) {
  }
}

NF_SMALL int skyRows(const Grid& g, const RidgeTables& t) {
  // The base reaches 30 units below the lowest skyline; strokes are seeded at most two pixels below
  // the skyline and reach at most 7 pixels from their seed; a margin on both.
  return std::max(0, std::min(g.bh, std::max(g.row(t.skylineMax + 30), g.row(t.skylineMax) + 2) + 12));
}

// A stroke's ink costs about 16 pixels' painting; a part inks the seeds of `per` seed rows.
NF_SMALL int skyInkUnit(const Grid& g, const RidgeTables& t, int parts) {
  const int count = strokeSeedRows(g.bh, 3, 0, g.row(t.skylineMax)).count();
  const int per = (count + parts - 1) / std::max(1, parts);
  return std::max(1, per) * 16 * (g.bw / 3 + 3);
}

bool prepareSkyPart(Image& d, const Image& base, const Grid& g, const Palette& pal, const Air& air,
                    const RidgeTables& t, uint32_t seed131, const World& w, FlowField& flow, int part, int unitPixels,
                    bool allRows) {
  const double x0 = g.sx[0], y0 = g.sy[0];
  const double bx0 = air.bodyX, by0 = air.bodyY, br = air.bodyR;
  const double floorY = t.skylineMax;
  PodList<SkyStroke>& strokes = flow.strokes;
  if (part == 0) {
    if (allRows) d.p = base.p;  // same size: a plain copy, no allocation
    else d.copyRows(base, 0, skyRows(g, t));
    flow.bodyX = bx0;
    flow.bodyY = by0;
    flow.bodyR = br;
    sampleFlow(flow, g, air, g.row(t.skylineMax) + 8);
    strokes.clear();
    return false;
  }
  // Then the strokes' inks in runs of seed rows; a stroke's ink costs about 16 pixels' painting.
  const SeedRows seedRows = strokeSeedRows(g.bh, 3, 0, g.row(floorY));
  const int per = std::max(1, unitPixels / 16 / (g.bw / 3 + 3));
  const int first = (part - 1) * per, last = first + per;
  const Px* sun = pal.at(kSunC);

  // Eddy ink: light and dark bands by distance from the strongest nearby vortex.
  auto eddyInk = [&](double x, double y, double mask, Px& out) {
    double swirl = 0, bandR2 = 0, bandWave = 0;
    auto feel = [&](double dx, double dy, double strength, double reach, double wave) {
      const double r2 = dx * dx + dy * dy;
      if (r2 > 80 * reach * reach) return;  // e < 1e-17: cannot beat any mask
      const double e = strength * sceneExp(-r2 / (2 * reach * reach));
      if (e <= swirl) return;
      swirl = e;
      bandR2 = r2;
      bandWave = wave;
    };
    for (int n = 0; n < air.count; ++n) {
      const Vortex& v = air.vortices[n];
      feel(x - v.x, y - v.y, std::min(1.0, std::fabs(v.gamma) / 30000), 70 + std::sqrt(v.age) * 50, 0.16);
    }
    if (air.pull > 0.01) feel(x - air.poleX, y - air.poleY, std::min(1.0, air.pull) * 0.7, 420, 0.045);
    if (swirl <= mask) return false;
    // The bands of the strongest vortex only: one cosine per stroke, where the mask lets it show.
    const double band = sceneCos(std::sqrt(bandR2) * bandWave);
    if (band > 0.2) out = pal[kSwirlC + 1];
    else if (band < -0.2) out = pal[kSwirlC];
    else return false;
    return true;
  };
  // Sky ink: the disc, its banded halo, drifting cloud, or the gradient. Sets `sunny` for disc inks.
  auto skyInk = [&](double x, double y, double thr, double mask, bool& sunny) {
    const double r = sceneHypot(x - bx0, y - by0);
    sunny = true;
    if (r < br) return pick(sun, 3, 0.7 + 0.3 * (1 - r / br), thr);
    if (w.halo && r < br + 70) {
      const double fall = 1 - (r - br) / 70;
      const double band = 0.5 + 0.5 * sceneCos((r - br) * 0.21);
      if (band * fall > 0.3 + mask * 0.25) return pick(sun, 3, fall * 0.9, thr);
    }
    sunny = false;
    const double c = nf::fbmUnchecked((x - air.drift) * 0.0035, y * 0.012, seed131, 3);
    const double cloud = nf::smooth(w.cloudLo, w.cloudHi, c) * (1 - nf::smooth(w.cloudTop0, w.cloudTop1, y));
    if (cloud > mask) return pick(pal.at(kCloudC), 3, (c - 0.5) * 3.5, thr);
    return pick(pal.at(kSkyC), 5, nf::smooth(60, 520, y) + (c - 0.5) * 0.35, thr);
  };

  strokeSeeds(g.bw, g.bh, 3, air.drift / g.px, 0, g.row(floorY), seed131, [&](double bx, double by, double h, double k) {
    const double x = x0 + bx * g.px, y = y0 + by * g.px;
    if (y > t.skyline[g.clampCol(bx)] + g.px * 2) return;
    Px c;
    bool sunny = false;
    if (!eddyInk(x, y, k, c)) c = skyInk(x, y, h, k, sunny);
    const int len = 6 + static_cast<int>(std::floor(frac(k * 7.13) * 5));
    const bool wide = frac(k * 3.7) < 0.25;
    // The disc stays whole: only its own strokes may cross into it.
    const bool near = sceneHypot(x - bx0, y - by0) < br + len * g.px;
    strokes.push_back({bx, by, len, wide, near && !sunny, c});
  }, first, last);
  return last >= seedRows.count();
}

void walkSky(Image& d, const Grid& g, const FlowField& flow, size_t from, size_t to) {
  const double bx0 = flow.bodyX, by0 = flow.bodyY, br = flow.bodyR;
  auto clear = [&](int i, int j) { return sceneHypot(g.sx[i] - bx0, g.sy[j] - by0) > br; };
  walkStrokes(d, flow, flow.strokes, from, to, clear);
}

void paintSky(Image& d, const Image& base, const Grid& g, const Palette& pal, const Air& air,
              const RidgeTables& t, uint32_t seed131, const World& w, FlowField& flow) {
  prepareSky(d, base, g, pal, air, t, seed131, w, flow);
  walkSky(d, g, flow, 0, flow.strokes.size());
}

NF_SMALL void makeStars(PodList<SkyStar>& out, const Seeds& s, const World& w) {
  out.clear();
  nf::Mulberry32 r(s.stars);
  for (int n = 0; n < 80 && static_cast<int>(out.size()) < w.maxStars; ++n) {
    const double x = 40 + r.next() * 1520;
    const double y = 30 + r.next() * 420;
    const double mag = scenePow(r.next(), 1.6);
    const double freq = 0.6 + r.next() * 1.6;
    const double phase = r.next() * kPi * 2;
    const double sky = std::min(farRidgeAt(x, s.farRidge), midRidgeAt(x, s.midRidge));
    if (y < sky - 50 && sceneHypot(x - w.moonX, y - w.moonY) > 130) out.push_back({x, y, mag, freq, phase});
  }
}

void paintStars(Image& d, const Grid& g, const Palette& pal, const PodList<SkyStar>& stars, double clock) {
  auto plot = [&](double x, double y, Px c, double alpha) {
    const int i = g.col(x), j = g.row(y);
    if (alpha > bayer(i, j)) d.dot(i, j, c);
  };
  const Px star = pal[kStarC];
  const int cross[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (const SkyStar& s : stars) {
    const double twinkle = 0.6 + 0.4 * sceneSin(clock * s.freq + s.phase);
    plot(s.x, s.y, star, 1);
    if (s.mag > 0.4)
      for (const auto& o : cross) plot(s.x + o[0] * g.px, s.y + o[1] * g.px, star, twinkle * 0.8);
    if (s.mag > 0.65)
      halo(plot, s.x, s.y, (2.4 + s.mag * 1.4) * g.px, g.px * 0.8, pal[kSunC + 1], twinkle * 0.7,
           clock * 0.2 + s.phase, 5);
  }
}

}  // namespace nf::scene
