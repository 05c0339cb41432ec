#include "trees.h"

#include <algorithm>
#include <cmath>

#include "island.h"
#include "noise/fade.h"
#include "noise/fbm.h"
#include "noise/fractal.h"
#include "noise/random.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

constexpr double kSplat = 40;
constexpr double kGoldStart = 0.45, kGoldEnd = 0.7;

// windFbm(x, y, seed, octaves, wind): fBm of value noise whose octave i (seed + 17 i, amplitude
// 0.5^(i+1), x and y scaled by 2.03 per octave) drifts sideways by wind * (1 + 0.7 i), so coarse
// masses sway while fine leaves shimmer. The canopy samples it on the pixel grid, through WindTerms.
// The per-axis terms of windFbm(xs[i] * xMul, ys[j] * yMul + yAdd, seed, octaves, wind): the same
// doubles windFbm computes (x and y scaled by 2.03 per octave, the wind added to x, floor, fade), and
// the hash input x * kHashX + y * kHashY + seed * mul split into a column part and a row part (a
// uint32 sum, so the grouping does not change the bits).
void windTerms(WindTerms& t, const float* xs, int cols, double xMul, const float* ys, int rows, double yMul,
               double yAdd, uint32_t seed, int octaves, double wind) {
  t.octaves = octaves;
  t.cols = cols;
  t.rows = rows;
  t.u.resize(static_cast<size_t>(octaves) * cols);
  t.hx0.resize(t.u.size());
  t.hx1.resize(t.u.size());
  t.v.resize(static_cast<size_t>(octaves) * rows);
  t.hy0.resize(t.v.size());
  t.hy1.resize(t.v.size());
  for (int i = 0; i < cols; ++i) {
    double x = xs[i] * xMul;
    for (int o = 0; o < octaves; ++o) {
      const double a = x + wind * (1 + o * 0.7);
      const double xf = std::floor(a), tx = a - xf;
      const size_t k = static_cast<size_t>(o) * cols + i;
      t.u[k] = nf::fade<nf::FadeKind::Cubic>(tx);
      t.hx0[k] = nf::wrapToU32(xf) * nf::kHashX;
      t.hx1[k] = nf::wrapToU32(xf + 1) * nf::kHashX;
      x *= nf::kLandscapeLacunarity;
    }
  }
  for (int j = 0; j < rows; ++j) {
    double y = ys[j] * yMul + yAdd;
    for (int o = 0; o < octaves; ++o) {
      const double yf = std::floor(y), ty = y - yf;
      const size_t k = static_cast<size_t>(o) * rows + j;
      const uint32_t sd = (seed + nf::kOctaveSeedStep * static_cast<uint32_t>(o)) * nf::kLandscapeSeedMul;
      t.v[k] = nf::fade<nf::FadeKind::Cubic>(ty);
      t.hy0[k] = nf::wrapToU32(yf) * nf::kHashY + sd;
      t.hy1[k] = nf::wrapToU32(yf + 1) * nf::kHashY + sd;
      y *= nf::kLandscapeLacunarity;
    }
  }
}

// windFbm along one row from its terms, bit for bit windFbm's value. A lattice cell spans many
// pixels, so each octave keeps its four corner hashes (and their differences) while the column
// terms name the same cell: the pixel then costs the blend alone.
class WindRow {
 public:
  WindRow(const WindTerms& t, int j) : t_(t) {
    for (int o = 0; o < t.octaves; ++o) {
      const size_t rj = static_cast<size_t>(o) * t.rows + j;
      hy0_[o] = t.hy0[rj];
      hy1_[o] = t.hy1[rj];
      v_[o] = t.v[rj];
      cell_[o] = ~0u;
      fresh_[o] = false;
    }
  }
  NF_TINY double at(int i) {
    nf::OctaveSum<false, double> acc;
    nf::OctaveSteps st;
    for (int o = 0; o < t_.octaves; ++o) {
      const size_t ci = static_cast<size_t>(o) * t_.cols + i;
      const uint32_t hx0 = t_.hx0[ci];
      if (!fresh_[o] || hx0 != cell_[o]) {  // hx0 = x cell * kHashX, one to one mod 2^32
        const uint32_t hx1 = t_.hx1[ci];
        auto corner = [](uint32_t h) { return nf::lanes::unit(nf::hashFinish(h)); };
        cellTerms_[o] = nf::BilerpTerms<double>(corner(hx0 + hy0_[o]), corner(hx1 + hy0_[o]), corner(hx0 + hy1_[o]),
                                                corner(hx1 + hy1_[o]));
        cell_[o] = hx0;
        fresh_[o] = true;
      }
      acc.add<nf::FractalKind::Fbm>(st.amp, st.freq, cellTerms_[o].at(t_.u[ci], v_[o]), 0.0, 0.0);
      st.next(0.5, nf::kLandscapeLacunarity);
    }
    return acc.sum / st.norm;
  }

 private:
  static constexpr int kMaxOctaves = 4;
  const WindTerms& t_;
  uint32_t hy0_[kMaxOctaves], hy1_[kMaxOctaves], cell_[kMaxOctaves];
  double v_[kMaxOctaves];
  nf::BilerpTerms<double> cellTerms_[kMaxOctaves];
  bool fresh_[kMaxOctaves];
};

// windFbm over the run [i0, i1) of row j into out[i0, i1): the one copy of WindRow::at, so both of
// the canopy's planes call it once a run instead of each inlining the octave loop (about 0.5 KB of
// the 404 page's wasm); the run's loop stays the tight one.
__attribute__((noinline)) void windRun(const WindTerms& t, int j, int i0, int i1, double* out) {
  WindRow row(t, j);
  for (int i = i0; i < i1; ++i) out[i] = row.at(i);
}

// The runs of row-major pixels where v[p] > lo (v[p] >= lo when `from`): one function for both
// of the canopy's planes.
void spansOf(PodList<Span>& out, int bw, int bh, const PodList<float>& v, float lo, bool from) {
  out.clear();
  auto keep = [&](size_t p) { return from ? v[p] >= lo : v[p] > lo; };
  for (int j = 0; j < bh; ++j) {
    const size_t row = static_cast<size_t>(j) * bw;
    for (int i = 0; i < bw;) {
      if (!keep(row + i)) {
        ++i;
        continue;
      }
      const int i0 = i;
      while (i < bw && keep(row + i)) ++i;
      out.push_back({j, i0, i});
    }
  }
}

struct Limb {
  double x, y, a, w, l, phase;
};

}  // namespace

NF_SMALL void growTree(Tree& out, uint32_t seed, double x, double y, double lean, double width, double len,
              const Growth& gr) {
  out.segs.clear();
  out.tips.clear();
  nf::Mulberry32 r(seed);
  const double up = -kPi / 2;
  PodList<Limb> stack;
  stack.push_back({x, y, up + lean, width, len, r.next() * kPi * 2});
  auto curl = [&](double a, double k) { return a + (up - a) * k + (r.next() - 0.5) * 0.3; };
  while (!stack.empty()) {
    const Limb s = stack.back();
    stack.pop_back();
    if (s.w < 1.6 || out.segs.size() > 1400) {
      out.tips.push_back({s.x, s.y, sceneSin(s.phase)});
      continue;
    }
    const double w1 = s.w * 0.95;
    const double nx = s.x + sceneCos(s.a) * s.l, ny = s.y + sceneSin(s.a) * s.l;
    out.segs.push_back({s.x, s.y, nx, ny, s.w, w1});
    const double roll = r.next();
    if (roll < gr.straight || s.w > width * gr.trunk) {
      const double a = curl(s.a, gr.curlMain);
      stack.push_back({nx, ny, a, w1, s.l * gr.decayStraight, s.phase});
      continue;
    }
    const bool both = roll > gr.both;
    const double phase = s.phase + 2.39996;
    const int side = sceneCos(phase) >= 0 ? 1 : -1;
    const double keep = both ? 0.45 + r.next() * 0.15 : 0.6 + r.next() * 0.2;
    const double mainA = curl(s.a, gr.curlMain);
    stack.push_back({nx, ny, mainA, w1 * std::sqrt(keep), s.l * gr.decayMain, phase});
    const int kids[2] = {side, -side};
    const int count = both ? 2 : 1;
    const double kw = w1 * std::sqrt((1 - keep) / count);
    for (int n = 0; n < count; ++n) {
      const int k = kids[n];
      const double a = curl(s.a + k * (gr.spread0 + r.next() * gr.spreadR), gr.curlSide);
      const double l = s.l * (gr.side0 + r.next() * gr.sideR);
      stack.push_back({nx, ny, a, kw, l, phase + k});
    }
  }
}

NF_SMALL void makeCanopy(CanopyCache& c, const Grid& g, const Palette& pal, const Seeds& s, const World& w,
                const PodList<float>& hillTop, bool reshape) {
  if (reshape) shapeCanopy(c, g, s, w, hillTop);
  paintBark(c, g, pal);
}

NF_SMALL void paintBark(CanopyCache& c, const Grid& g, const Palette& pal) {
  const int bw = g.bw, bh = g.bh;
  auto toI = [&](double x) { return jsRound((x - g.sx[0]) / g.px); };
  auto toJ = [&](double y) { return jsRound((y - g.sy[0]) / g.px); };
  c.bark.resize(bw, bh);
  c.paintedInto = nullptr;
  for (const Tree& tree : c.trees) {
    // Twigs thinner than a pixel stay hidden in the leaves instead of stair-stepping across it.
    for (const Segment& sg : tree.segs) {
      if (sg.w0 < g.px * 0.8) continue;
      const double pad = std::max(sg.w0, sg.w1) / 2 + g.px;
      const int i0 = std::max(0, toI(std::min(sg.x0, sg.x1) - pad)), i1 = std::min(bw - 1, toI(std::max(sg.x0, sg.x1) + pad));
      const int j0 = std::max(0, toJ(std::min(sg.y0, sg.y1) - pad)), j1 = std::min(bh - 1, toJ(std::max(sg.y0, sg.y1) + pad));
      const double dx = sg.x1 - sg.x0, dy = sg.y1 - sg.y0;
      const double len2 = dx * dx + dy * dy > 0 ? dx * dx + dy * dy : 1;
      for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
          const double x = g.sx[i], y = g.sy[j];
          const double u = clampd(((x - sg.x0) * dx + (y - sg.y0) * dy) / len2, 0, 1);
          const double qx = x - (sg.x0 + dx * u), qy = y - (sg.y0 + dy * u);
          const double side = (dx * qy - dy * qx) / std::sqrt(len2);
          const double half = std::max((sg.w0 + (sg.w1 - sg.w0) * u) / 2, g.px * 0.5);
          if (sceneHypot(qx, qy) > half) continue;
          c.bark.p[static_cast<size_t>(j) * bw + i] = ramp(pal.at(kBarkC), 3, 0.5 + side / half * 0.5, i, j);
        }
    }
  }
}

NF_SMALL void shapeCanopy(CanopyCache& c, const Grid& g, const Seeds& s, const World& w, const PodList<float>& hillTop) {
  for (int part = 0; !shapeCanopyPart(c, g, s, w, hillTop, part, 1 << 30); ++part) {
  }
}

NF_SMALL bool shapeCanopyPart(CanopyCache& c, const Grid& g, const Seeds& s, const World& w, const PodList<float>& hillTop,
                     int part, int unitPixels) {
  const int bw = g.bw, bh = g.bh;
  const size_t n = static_cast<size_t>(bw) * bh;
  auto toI = [&](double x) { return jsRound((x - g.sx[0]) / g.px); };
  auto toJ = [&](double y) { return jsRound((y - g.sy[0]) / g.px); };
  // The parts: the trees; the leaf splats in runs of tips; leaf tone and dapple in bands of rows; the runs.
  const double splat = 2 * kSplat / g.px + 1;
  const int tipsPer = std::max(1, static_cast<int>(unitPixels / (splat * splat)));
  const int tips = static_cast<int>(c.trees[0].tips.size() + c.trees[1].tips.size());
  const int tipParts = (tips + tipsPer - 1) / tipsPer;
  const int rowsPer = std::max(1, unitPixels / std::max(1, bw));
  const int rowParts = (bh + rowsPer - 1) / rowsPer;
  if (part == 0) {
    // Repoussoir trees hug whatever edges the slice fit leaves visible.
    const double left = g.sx[0], span = g.sx[bw - 1] - left;
    c.roots[0] = left + span * 0.04;
    c.roots[1] = left + span * 0.97;
    const double k = clampd(span / 1500, 0.45, 1);
    growTree(c.trees[0], s.trees[0], c.roots[0], 1080, -0.04, 46 * k * w.trees[0].size, 90 * k * w.trees[0].size, w.trees[0]);
    growTree(c.trees[1], s.trees[1], c.roots[1], 1080, 0.02, 36 * k * w.trees[1].size, 80 * k * w.trees[1].size, w.trees[1]);
    return false;
  }
  PodList<float>* const planes[] = {&c.density, &c.depth, &c.leafTone, &c.cover, &c.groundCover, &c.groundU};
  constexpr int kPlanes = 6;
  if (--part < kPlanes) {  // cleared a plane at a time: together they are six times the layer's size
    planes[part]->assign(n, 0.f);
    return false;
  }
  if ((part -= kPlanes) < tipParts) {
    const int t0 = part * tipsPer, t1 = std::min(tips, t0 + tipsPer);
    const int left = static_cast<int>(c.trees[0].tips.size());
    for (int m = t0; m < t1; ++m) {
      const Tip& t = m < left ? c.trees[0].tips[m] : c.trees[1].tips[m - left];
      const int i0 = std::max(0, toI(t.x - kSplat)), i1 = std::min(bw - 1, toI(t.x + kSplat));
      const int j0 = std::max(0, toJ(t.y - kSplat)), j1 = std::min(bh - 1, toJ(t.y + kSplat));
      for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
          const double q = 1 - sceneHypot(g.sx[i] - t.x, g.sy[j] - t.y) / kSplat;
          if (q <= 0) continue;
          const size_t p = static_cast<size_t>(j) * bw + i;
          c.density[p] += static_cast<float>(q * q);
          c.depth[p] += static_cast<float>(q * q * t.z);
        }
    }
    return false;
  }
  if ((part -= tipParts) < rowParts) {
    const int j0 = part * rowsPer, j1 = std::min(bh, j0 + rowsPer);
    for (int j = j0; j < j1; ++j)
      for (int i = 0; i < bw; ++i) {
        const size_t p = static_cast<size_t>(j) * bw + i;
        if (c.density[p] < 0.05f) continue;
        c.depth[p] = c.depth[p] / c.density[p];
        c.leafTone[p] = static_cast<float>(0.2 + nf::fbmUnchecked(g.sx[i] * 0.05, g.sy[j] * 0.05, s.leafTone, 2) * 0.5 +
                                           c.depth[p] * 0.18);
      }
    return false;
  }
  if ((part -= rowParts) < rowParts) {
    // Dapple: shade is crisp near the roots and dissolves into haze toward the middle.
    const int j0 = part * rowsPer, j1 = std::min(bh, j0 + rowsPer);
    for (int j = j0; j < j1; ++j) {
      const double y = g.sy[j];
      const double ground = 1 - nf::smooth(kWater - 20, kWater, y);
      if (ground <= 0 || y < 560) continue;
      for (int i = 0; i < bw; ++i) {
        const double x = g.sx[i];
        if (y < hillTop[i] - 6) continue;
        if (std::fabs(x - 800) < 330 && y < 600) continue;
        const double b = std::min(1.0, std::min(std::fabs(x - c.roots[0]), std::fabs(x - c.roots[1])) / 640);
        const double cover = ground * (1 - nf::smooth(0.25, 0.85, b));
        if (cover < 0.06) continue;
        const size_t p = static_cast<size_t>(j) * bw + i;
        c.groundCover[p] = static_cast<float>(cover);
        c.groundU[p] = static_cast<float>(0.012 + 0.09 * b);
      }
    }
    return false;
  }
  spansOf(c.leaves, bw, bh, c.density, 0.05f, true);
  spansOf(c.dapple, bw, bh, c.groundCover, 0, false);
  c.spanRows = {};
  for (const PodList<Span>* runs : {&c.leaves, &c.dapple})
    if (!runs->empty()) c.spanRows = c.spanRows.unite({0, runs->front().j, bw, runs->back().j + 1});
  c.paintedInto = nullptr;
  return true;
}

NF_SMALL Rect paintCanopy(Image& d, const Grid& g, const Palette& pal, const Seeds& s, CanopyCache& c, double wind,
                 double clock) {
  const int bw = g.bw, bh = g.bh;
  // The leaves and the dapple are all a tick paints over the bark, so over the last tick's picture
  // only their runs need the bark back.
  const bool over = c.paintedInto == d.p.data() && d.p.size() == c.bark.p.size();
  if (over) {
    for (const PodList<Span>* runs : {&c.leaves, &c.dapple})
      for (const Span& r : *runs) {
        const size_t row = static_cast<size_t>(r.j) * bw;
        std::copy(c.bark.p.begin() + row + r.i0, c.bark.p.begin() + row + r.i1, d.p.begin() + row + r.i0);
      }
  } else {
    d.p = c.bark.p;
  }
  c.paintedInto = d.p.data();
  const double drift = clock * 0.05;
  const double scale = 1 / (kSplat * 1.6);
  float* cover = c.cover.data();  // 0 off the leaves since shapeCanopy
  windTerms(c.leafWind, g.sx.data(), bw, scale, g.sy.data(), bh, scale, drift, s.leaves, 2, wind);
  PodList<double> nzRun(static_cast<size_t>(bw));
  for (const Span& r : c.leaves) {
    windRun(c.leafWind, r.j, r.i0, r.i1, nzRun.data());
    const size_t row = static_cast<size_t>(r.j) * bw;
    for (int i = r.i0; i < r.i1; ++i) {
      const size_t p = row + i;
      const float dens = c.density[p];
      const double z = c.depth[p];
      const double nz = nzRun[i];
      const double v = dens * (0.35 + nz) * (1 + 0.15 * z);
      const double penumbra = 0.1 + 0.08 * (1 - z);
      cover[p] = static_cast<float>(nf::clamp01((v - 0.55) / penumbra + 0.5));
    }
  }
  const Px* leaf = pal.at(kLeafC);
  // Only leaf pixels have cover > 0; the frame's outermost pixels keep the bark.
  for (const Span& r : c.leaves) {
    const int j = r.j;
    if (j < 1 || j >= bh - 1) continue;
    for (int i = std::max(r.i0, 1); i < std::min(r.i1, bw - 1); ++i) {
      const size_t p = static_cast<size_t>(j) * bw + i;
      const double t = cover[p];
      if (t <= bayer(i, j)) continue;
      const double grad = std::max(std::fabs(cover[p + 1] - cover[p - 1]), std::fabs(cover[p + bw] - cover[p - bw]));
      // Only the fringe facing the light (up and to the right) catches gold.
      const bool sunward = cover[p - bw + 1] < t;
      Px col;
      if (t >= kGoldStart && t <= kGoldEnd && grad > 0.3 && sunward) col = pal[kGoldC];
      else if (t < 0.6 && !sunward) col = leaf[0];
      else col = ramp(leaf, 4, c.leafTone[p] + (sunward ? 0.12 : 0), i, j);
      d.p[p] = col;
    }
  }

  // Cast shade on the island, on pixels the canopy left empty (groundCover is 0 off rows 560..870).
  const Px shade = pal[kShadeC], fringe = pal[kFringeC];
  const double sway = sceneSin(clock * 0.4) * 0.05;
  windTerms(c.dappleWind, g.sx.data(), bw, 0.011, g.sy.data(), bh, 0.03, sway, s.dapple, 3, wind * 0.6);
  for (const Span& r : c.dapple) {
    const int j = r.j;
    windRun(c.dappleWind, j, r.i0, r.i1, nzRun.data());
    for (int i = r.i0; i < r.i1; ++i) {
      const size_t p = static_cast<size_t>(j) * bw + i;
      if (chA(d.p[p]) == 255) continue;
      const double cv = c.groundCover[p];
      const double nz = nzRun[i];
      const double cut = 1 - cv * 0.6, u = c.groundU[p];
      const double sh = nf::smooth(cut - u, cut + u, nz);
      if (sh >= kGoldStart && sh <= kGoldEnd && u < 0.035) d.p[p] = fringe;
      else if (sh > bayer(i, j)) d.p[p] = shade;
    }
  }
  return over ? c.spanRows : d.all();
}

}  // namespace nf::scene
