#include "ridges.h"

#include <algorithm>
#include <cmath>

#include "noise/fbm.h"
#include "noise/random.h"
#include "spurs.h"
#include "exp_math.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

double valley(double x, double reach) { return std::max(0.0, 1 - std::fabs(x - 800) / reach); }

}  // namespace

double farRidgeAt(double x, uint32_t seed11) {
  return 640 - 440 * (1 - scenePow(valley(x, 820), 1.3)) + (nf::fbmUnchecked(x * 0.004, 3.1, seed11, 4) - 0.5) * 150;
}

double midRidgeAt(double x, uint32_t seed23) {
  return 770 - 360 * (1 - scenePow(valley(x, 600), 0.85)) + (nf::fbmUnchecked(x * 0.006, 7.7, seed23, 4) - 0.5) * 110;
}

NF_SMALL void makeRidgeTables(RidgeTables& t, const Grid& g, const Seeds& s) {
  const size_t n = static_cast<size_t>(g.bw);
  for (auto* v : {&t.far, &t.mid, &t.skyline, &t.farLit, &t.midLit, &t.farAng, &t.midAng}) v->assign(n, 0.f);
  auto far = [&](double x) { return farRidgeAt(x, s.farRidge); };
  auto mid = [&](double x) { return midRidgeAt(x, s.midRidge); };
  t.skylineMax = -1e300;
  t.farTop = 1e300;
  for (size_t i = 0; i < n; ++i) {
    const double x = g.sx[i];
    t.far[i] = static_cast<float>(far(x));
    t.mid[i] = static_cast<float>(mid(x));
    t.skyline[i] = std::min(t.far[i], t.mid[i]);
    t.farLit[i] = static_cast<float>((far(x + 8) - far(x - 8)) / 16);
    t.midLit[i] = static_cast<float>((mid(x + 8) - mid(x - 8)) / 16);
    t.farAng[i] = static_cast<float>(sceneAtan((far(x + 24) - far(x - 24)) / 48));
    t.midAng[i] = static_cast<float>(sceneAtan((mid(x + 24) - mid(x - 24)) / 48));
    t.skylineMax = std::max(t.skylineMax, static_cast<double>(t.skyline[i]));
    t.farTop = std::min(t.farTop, static_cast<double>(t.far[i]));
  }
}

NF_SMALL PodList<Cypress> makePines(const Seeds& s, const World& w) {
  PodList<Cypress> pines;
  nf::Mulberry32 r(s.pines);
  const double spans[2][2] = {{140, 460}, {1140, 1480}};
  for (int n = 0; n < 2; ++n) {
    const auto& sp = spans[n];
    for (int k = 0; k < w.pinesPerSpan[n]; ++k) {
      const double x = sp[0] + r.next() * (sp[1] - sp[0]);
      const double h = 36 + r.next() * 40;
      const double wd = 9 + r.next() * 6;
      pines.push_back({x, midRidgeAt(x, s.midRidge) + 8, h, wd});
    }
  }
  return pines;
}

NF_SMALL double snowlineFor(double winterDay) { return 435 + 165 * sceneCos(2 * kPi * (winterDay - 40) / 365.24); }

NF_SMALL void makeLandTables(LandTables& lt, const Grid& g, const Seeds& s, const World& w, double snowline) {
  const double k = w.spur;
  lt.farTilt.assign(k > 0 ? g.bw : 0, 0.f);
  lt.midTilt.assign(k > 0 ? g.bw : 0, 0.f);
  for (int i = 0; k > 0 && i < g.bw; ++i) {
    const double x = g.sx[i];
    lt.farTilt[i] = static_cast<float>(clampd((farRidgeAt(x + 90, s.farRidge) - farRidgeAt(x - 90, s.farRidge)) / 180, -1.2, 1.2));
    lt.midTilt[i] = static_cast<float>(clampd((midRidgeAt(x + 90, s.midRidge) - midRidgeAt(x - 90, s.midRidge)) / 180, -1.2, 1.2));
  }
  // Snow: the edge wanders with fbm along x (paintLandPart).
  const bool snowOn = std::isfinite(snowline);
  lt.edge.assign(snowOn ? g.bw : 0, 0.f);
  for (int i = 0; snowOn && i < g.bw; ++i)
    lt.edge[i] = static_cast<float>(snowline + (nf::fbmUnchecked(g.sx[i] * 0.02, 5.5, s.snow, 2) - 0.5) * 80);
}

namespace {

// The parts of paintLand: the underpainting in bands of rows, the far strokes and the mid strokes
// in runs of seed rows, then the outcrops and pines.
struct LandSplit {
  int rowsPer, baseParts, seedRowsPer, strokeParts;
  SeedRows seeds;
};

NF_SMALL LandSplit landSplit(const Grid& g, const RidgeTables& t, int unitPixels) {
  LandSplit sp{};
  sp.rowsPer = std::max(1, unitPixels / std::max(1, g.bw));
  sp.baseParts = (g.bh + sp.rowsPer - 1) / sp.rowsPer;
  sp.seeds = strokeSeedRows(g.bh, 3, g.row(t.farTop), g.bh);
  // A stroke costs about what 8 underpainted pixels do; a seed row holds bw / 3 + 3 of them.
  sp.seedRowsPer = std::max(1, unitPixels / 8 / (g.bw / 3 + 3));
  sp.strokeParts = std::max(1, (sp.seeds.count() + sp.seedRowsPer - 1) / sp.seedRowsPer);
  return sp;
}

}  // namespace

NF_SMALL int landParts(const Grid& g, const RidgeTables& t, int unitPixels) {
  const LandSplit sp = landSplit(g, t, unitPixels);
  return sp.baseParts + 2 * sp.strokeParts + 1;
}

NF_SMALL void paintLand(Image& d, const Grid& g, const Palette& pal, const Seeds& s, const World& w, const RidgeTables& t,
               const PodList<Cypress>& pines, double snowline) {
  LandTables lt;
  makeLandTables(lt, g, s, w, snowline);
  constexpr int kWhole = 1 << 30;
  for (int part = 0, n = landParts(g, t, kWhole); part < n; ++part)
    paintLandPart(d, g, pal, s, w, t, pines, snowline, lt, part, kWhole);
}

namespace {

// One range's tables and constants, so that one piece of code paints either range (the far's and
// the mid's painting differ in these numbers only; the expressions keep their order, so the
// doubles are those of a copy per range).
struct Range {
  bool far;
  const float *crest, *lit, *tilt, *ang;
  const Px* stops;
  double spurFreq, spurPhase;
  uint32_t toneSeed, strokeSeed;
  // tone = tone0 + light * (light0 - light1 k) + spur * spurK * k
  //        + (fbm(x fx, y fy) - 0.5) * (mottle0 - mottle1 k) + smooth(haze0, haze1, depth) * (haze2 - haze3 k)
  double tone0, light0, light1, spurK, fx, fy, mottle0, mottle1, haze0, haze1, haze2, haze3;
  double jitter, lenSpan;  // strokes: the angle's jitter per (k - 0.5), the spread of their lengths
};

}  // namespace

NF_SMALL void paintLandPart(Image& d, const Grid& g, const Palette& pal, const Seeds& s, const World& w,
                            const RidgeTables& t, const PodList<Cypress>& pines, double snowline,
                            const LandTables& lt, int part, int unitPixels) {
  const LandSplit sp = landSplit(g, t, unitPixels);
  // Light comes from the sun's side (the right in world 404); spurs facet every other world's ranges.
  const double side = w.sunX >= 800 ? 1 : -1;
  const double k = w.spur;
  const Range ranges[2] = {
      {true, t.far.data(), t.farLit.data(), lt.farTilt.data(), t.farAng.data(), pal.at(kFarC), w.spurFarFreq,
       w.spurPhase, s.farTone, s.farStroke, 0.45, 0.28, 0.16, 0.22, 0.009, 0.003, 0.35, 0.13, 30, 360, 0.4, 0.05, 0.4, 4},
      {false, t.mid.data(), t.midLit.data(), lt.midTilt.data(), t.midAng.data(), pal.at(kMidC), w.spurMidFreq,
       w.spurPhase + 12, s.midTone, s.midStroke, 0.5, 0.3, 0.18, 0.3, 0.012, 0.0035, 0.45, 0.19, 40, 320, 0.28, 0.06, 0.5,
       5},
  };
  auto spur = [&](const Range& r, int i, double y) {
    return k > 0 ? spurLight(g.sx[i], y - r.crest[i], r.tilt[i], r.spurFreq, r.spurPhase, s.spurs, side, 1)
                 : SpurLight{0, 1};
  };
  const Px* snowStops = pal.at(kSnowC);
  // Snow: the edge wanders with fbm along x and climbs on lit faces; snow is lit by the same slope
  // light as the rock and greys with depth below the crest. The glacier is permanent (while snow is on).
  const bool snowOn = std::isfinite(snowline);
  const PodList<float>& edge = lt.edge;
  // The slope light of the range (clamp(1.6 * lit), toward the sun's side), for the tones and the snow.
  auto light = [&](const Range& r, int i) { return clampd(r.lit[i] * 1.6 * side, -1, 1); };
  // A pixel's (or a stroke's, th its threshold) ink on range r. The slope lights the face, fbm
  // mottles it and it hazes lighter toward the foot; with spurs (k > 0) the facets take over part
  // of the light and the mottle (at k = 0 these are world 404's tones, docs/scene.md "Ranges").
  // Snow takes the facets' light too, so spurs stay readable under it.
  auto ink = [&](const Range& r, int i, double y, double th) {
    const double lit = light(r, i);
    if (snowOn) {
      const double x = g.sx[i];
      // The facets' light where the rock is, by the range the pixel lies on.
      double slit = lit;
      if (k > 0) slit = lit * (1 - k) + k * spur(y < t.mid[i] ? ranges[0] : ranges[1], i, y).lit;
      if (y < edge[i] - 30 * slit || (x > 1372 && x < 1500 && y < 322 + 0.4 * (x - 1372))) {
        double sl = lit;
        if (k > 0) sl = lit * (1 - k) + k * spur(r, i, y).lit;
        return pick(snowStops, 4, 0.62 + 0.36 * sl - 0.12 * nf::smooth(0, 200, y - r.crest[i]), th);
      }
    }
    const double tone = r.tone0 + lit * (r.light0 - r.light1 * k) + spur(r, i, y).lit * r.spurK * k +
                        (nf::fbmUnchecked(g.sx[i] * r.fx, y * r.fy, r.toneSeed, 3) - 0.5) * (r.mottle0 - r.mottle1 * k) +
                        nf::smooth(r.haze0, r.haze1, y - r.crest[i]) * (r.haze2 - r.haze3 * k);
    return pick(r.stops, 3, tone, th);
  };
  if (part < sp.baseParts) {
    const int j0 = part * sp.rowsPer, j1 = std::min(g.bh, j0 + sp.rowsPer);
    std::fill(d.p.begin() + static_cast<size_t>(j0) * d.w, d.p.begin() + static_cast<size_t>(j1) * d.w, 0u);
    for (int j = j0; j < j1; ++j) {
      const double y = g.sy[j];
      Px* row = &d.p[static_cast<size_t>(j) * d.w];
      for (int i = 0; i < g.bw; ++i) {
        if (y < t.far[i] && y < t.mid[i]) continue;
        // Slopes falling away toward the light catch gold along the mid crest.
        if (y >= t.mid[i] && y - t.mid[i] < g.px * 1.2 && t.midLit[i] * side > 0.15) row[i] = pal[kGoldC];
        else row[i] = ink(ranges[y >= t.mid[i] ? 1 : 0], i, y, bayer(i, j));
      }
    }
    return;
  }
  part -= sp.baseParts;
  if (part < 2 * sp.strokeParts) {
    // Strokes follow each range's profile and relax toward level deeper in the face: the far's in
    // the first strokeParts parts, the mid's in the next.
    const Range& r = ranges[part < sp.strokeParts ? 0 : 1];
    const int first = (part % sp.strokeParts) * sp.seedRowsPer, last = first + sp.seedRowsPer;
    const double y0 = g.sy[0];
    double jit = 0;
    auto angle = [&](double bx, double by) {
      const int i = g.clampCol(bx);
      return r.ang[i] * (1 - 0.6 * nf::smooth(0, 260, y0 + by * g.px - r.crest[i])) + jit;
    };
    // A far stroke stays on the far face, above the mid crest.
    auto inRange = [&](int i, int j) { return g.sy[j] >= r.crest[i] + g.px && (!r.far || g.sy[j] < t.mid[i]); };
    strokeSeeds(g.bw, g.bh, 3, 0, g.row(t.farTop), g.bh, r.strokeSeed, [&](double bx, double by, double h, double q) {
      const int i = g.clampCol(bx);
      const double y = y0 + by * g.px;
      if (y < r.crest[i] + g.px * 1.5 || (r.far ? y > t.mid[i] - g.px : y > 900)) return;
      jit = (q - 0.5) * r.jitter;
      brush(d, bx, by, 4 + static_cast<int>(std::floor(frac(q * 9.1) * r.lenSpan)), !r.far && frac(q * 4.3) < 0.4,
            ink(r, i, y, h), angle, inRange);
    }, first, last);
    return;
  }
  paintOutcrops(d, g, pal, w, t.mid.data(), s.rocks, side);
  for (size_t n = 0; n < pines.size(); ++n)
    paintCypress(d, g, pines[n], pal.at(kPineC), s.pine(static_cast<int>(n)), 0);
}

}  // namespace nf::scene
