#include "water.h"

#include <algorithm>
#include <cmath>

#include "island.h"
#include "noise/random.h"
#include "noise/value_noise.h"
#include "sky.h"
#include "exp_math.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

constexpr double kLift = 480;
// Mass ids for the reflection's contours; 0 is kept free (as the ported scene numbered them).
constexpr uint8_t kIdGate = 1, kIdHill = 2, kIdRift = 3, kIdRanges = 4, kIdFar = 5, kIdNone = 6;

// The rift's dithered bleed would speckle, so it never draws a contour.
NF_TINY bool contoured(uint8_t a, uint8_t b) {
  return a != b && a != kIdRift && b != kIdRift && (a > 1 || b > 1);
}

// The ripples' and the rings' blend of one pixel (a few hundred pixels a tick): out of line, one
// copy for both.
__attribute__((noinline)) void blendToward(Px& p, Px target, double a) {
  p = rgba(to8(chR(p) + (chR(target) - chR(p)) * a), to8(chG(p) + (chG(target) - chG(p)) * a),
           to8(chB(p) + (chB(target) - chB(p)) * a), chA(p));
}

}  // namespace

NF_SMALL void makeRipples(PodList<Ripple>& out, const Seeds& s) {
  out.clear();
  nf::Mulberry32 r(s.ripples);
  for (int n = 0; n < 52; ++n) {
    Ripple rp{};
    rp.y = kWater + 12 + scenePow(r.next(), 0.8) * 110;
    rp.x = r.next() * 1600;
    rp.w = 20 + r.next() * (30 + (rp.y - kWater) * 0.6);
    rp.bright = r.next() < 0.35;
    rp.half = 0.8 + r.next() * 1.2;
    rp.phase = r.next() * 4;
    out.push_back(rp);
  }
}

NF_SMALL Rect paintWater(Image& d, const Grid& g, const Palette& pal, const Seeds& s, const WaterInputs& in,
                PodList<uint8_t>& ids) {
  const int bw = g.bw, bh = g.bh;
  const int shore = g.row(kWater);
  // The splash rings (two per splash, while they last), in buffer pixels: centre and radii.
  struct Ring {
    double f, rx, ry, cx, cy;
  };
  Ring rings[2 * kMaxSplashes];
  int ringCount = 0;
  for (int k = 0; k < in.splashCount; ++k) {
    const Splash& sp = in.splashes[k];
    for (int n = 0; n < 2; ++n) {
      const double t = (sp.age - n * 0.28) / 1.2;
      if (t < 0 || t >= 1) continue;
      const double f = std::floor(t * 5) / 5;
      const double rx = sp.size * (0.15 + 1.15 * f) / g.px;
      rings[ringCount++] = {f, rx, std::max(1.0, rx * 0.2), (sp.x - g.sx[0]) / g.px, (sp.y - g.sy[0]) / g.px};
    }
  }
  // The water paints the bank's row and below, and a ring may reach a little above it.
  int top = shore;
  for (int r = 0; r < ringCount; ++r) top = std::min(top, floorInt(rings[r].cy - rings[r].ry) - 1);
  if (in.walker) top = std::min(top, in.walkerRow - kWalkerRows);
  const Rect last = d.used;
  d.clear(last);
  d.used = {0, std::max(0, std::min(top, bh)), bw, bh};
  const double clock = in.clock;
  const long long slice = static_cast<long long>(std::floor(clock / 0.3));
  const double reach = std::max(8 * g.px, g.bottom - kWater);
  const double knee = reach * 0.25;
  const double bend = std::max(0.0, (kLift - reach / 0.62) / ((reach - knee) * (reach - knee)));
  const bool dark = in.dark;
  const Px ink = pal[kInkC];
  // mixPx's opaque mix, through the blend the ripples call rather than one more inlined copy.
  Px contour = pal[kWaterC] | 0xff000000u;
  blendToward(contour, ink, dark ? 0.5 : 0.45);
  const Image* layers[4] = {in.gate, in.hill, in.rift, in.land};
  const bool keyed = in.ruin && in.ruin->paneKeys;
  const uint8_t layerId[4] = {kIdGate, kIdHill, kIdRift, kIdRanges};
  ids.resize(static_cast<size_t>(bw) * 2);
  uint8_t* above = ids.data();
  uint8_t* here = ids.data() + bw;
  const double sliceY = static_cast<double>(slice % 100000) * 1.7;

  for (int j = std::max(0, shore + 1); j < bh; ++j) {
    const double depth = g.sy[j] - kWater;
    const double over = std::max(0.0, depth - knee);
    const double ys = kWater - depth / 0.62 - bend * over * over;
    const int src = g.row(ys);
    // Three flat bands, paler with distance from the bank.
    const double pale = depth / reach < 1.0 / 3 ? 0.35 : (depth / reach < 2.0 / 3 ? 0.5 : 0.65);
    const int shear = jsRound((nf::valueNoiseUnchecked(std::floor(j / 3.0) * 0.9, sliceY, s.shear) - 0.5) * 6);
    Px* row = &d.p[static_cast<size_t>(j) * bw];
    for (int i = 0; i < bw; ++i) {
      const Px plate = ramp(pal.at(kWaterC), 3, 1 - depth / 180, i, j);
      row[i] = plate;
      const int si = i - shear;
      uint8_t id = kIdNone;
      if (src >= 0 && src < bh && si >= 0 && si < bw) {
        const size_t q = static_cast<size_t>(src) * bw + si;
        for (int n = 0; n < 4; ++n) {
          const Px c = n == 0 && keyed && keyedAt(*in.ruin, si, src) ? in.ruinInk : layers[n]->p[q];
          if (chA(c) != 255) continue;
          id = layerId[n];
          if (id == kIdRanges && ys < in.ridges->mid[si]) id = kIdFar;
          row[i] = mixPx(c, plate, pale);
          break;
        }
      }
      here[i] = id;
      const uint8_t up = j > shore + 1 ? above[i] : id;
      const uint8_t left = i > 0 ? here[i - 1] : id;
      if (contoured(id, up) || contoured(id, left)) row[i] = contour;
    }
    std::swap(above, here);
  }

  // Ripple dashes hop back and forth, blended toward paper (bright) or ink.
  const Px paper = pal[kPaperC];
  for (const Ripple& r : *in.ripples) {
    const int j = g.row(r.y);
    if (j <= shore || j >= bh) continue;
    const double hop = (static_cast<long long>(std::floor((clock + r.phase) / r.half)) % 2) != 0 ? 10 : 0;
    const Px c = r.bright ? paper : ink;
    const double a = r.bright ? 0.75 : 0.35;
    const int i0 = g.col(r.x + hop);
    const int n = std::max(1, jsRound(r.w / g.px));
    for (int st = 0; st < n; ++st) {
      const int i = i0 + st;
      if (i < 0 || i >= bw) continue;
      blendToward(d.p[static_cast<size_t>(j) * bw + i], c, a);
    }
  }

  // Glitter: facets that tilt the sun (or the open portal) toward us, each on its own beat.
  const double sunLit = in.sunLit;
  for (int j = std::max(0, shore + 1); j < bh; j += 2) {
    const double depth = g.sy[j] - kWater;
    const double ws = 14 + depth * 0.9, wp = 20 + depth * 0.5;
    for (int i = (j >> 1) % 3; i < bw; i += 3) {
      const double ds = (g.sx[i] - in.bodyX) / ws, dp = (g.sx[i] - 800) / wp;
      const double ps = 0.42 * sunLit * sceneExp(-ds * ds);
      const double pp = (0.05 + 0.45 * in.heat) * sceneExp(-dp * dp);
      if (ps + pp < 0.01) continue;
      const int beat = floorInt(clock * 3 + h01(i, j, s.glitter) * 3);
      const uint32_t beatSeed = static_cast<uint32_t>(beat) + (s.glitter - 7u);
      const double roll = h01(i, j, beatSeed);
      if (roll >= ps + pp) continue;
      const Px c = roll < ps ? pal[kGlintC + (roll < ps * 0.4 ? 0 : 1)] : (roll < ps + pp * 0.5 ? kRose : kGolden);
      const int len = 2 + static_cast<int>(std::floor(h01(i, j, beatSeed + 1) * 3));
      for (int st = 0; st < len; ++st) d.dot(i + st, j, c);
    }
  }

  if (in.walker) paintWalker(d, g, pal, *in.walker, in.walkerRow, clock);

  // The bank: one row of ink.
  if (shore >= 0 && shore < bh)
    for (int i = 0; i < bw; ++i) d.p[static_cast<size_t>(shore) * bw + i] = ink;

  // Splashes: two flat rings widening in five steps, darkening less at every step.
  for (int r = 0; r < ringCount; ++r) {
    const double f = rings[r].f, rx = rings[r].rx, ry = rings[r].ry, cx = rings[r].cx, cy = rings[r].cy;
    const int steps = static_cast<int>(std::ceil(2 * kPi * rx));
    const int kNone = -2000000000;
    int lastI = kNone, lastJ = kNone, firstI = kNone, firstJ = kNone;
    for (int st = 0; st < steps; ++st) {
      const double a = static_cast<double>(st) / steps * 2 * kPi;
      const int i = jsRound(cx + sceneCos(a) * rx), j = jsRound(cy + sceneSin(a) * ry);
      // Consecutive samples repeat pixels; each pixel darkens once per ring.
      if ((i == lastI && j == lastJ) || (st > 0 && i == firstI && j == firstJ)) continue;
      if (st == 0) {
        firstI = i;
        firstJ = j;
      }
      lastI = i;
      lastJ = j;
      if (i < 0 || j < 0 || i >= bw || j >= bh) continue;
      if (1 - f <= bayer(i, j)) continue;
      blendToward(d.p[static_cast<size_t>(j) * bw + i], ink, 0.5);
    }
  }
  return last.unite(d.used);
}

}  // namespace nf::scene
