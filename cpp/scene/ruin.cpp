#include "ruin.h"

#include <algorithm>
#include <cmath>

#include "noise/random.h"
#include "rift.h"
#include "seeds.h"
#include "walker.h"

namespace nf::scene {
namespace {

// Shape ids in drawing order (a later shape covers an earlier one; the keyline between two shapes
// is drawn on the later one). The top three bits of a pixel's id byte hold its overlay.
enum : uint8_t {
  kNone = 0,
  kSoffit = 1,
  kStone0 = 2,  // 2..13: the ring's stones by drawing rank (plain stones, keystone, sage stone)
  kStep0 = 14,  // 14..17
  kPlinthBase = 18,
  kPlinthCap = 19,
  kFallen = 20,
  kRubbleLow = 21,
  kRubbleHigh = 22,
  kTablet = 23,
  kIvyOnly = 24,  // ivy reaching past the stones
};
enum : uint8_t { kMark = 1, kStem = 2, kLeaf = 3, kBloom = 4 };
constexpr int kIdMask = 31;

constexpr double kStepTop = 690;
constexpr double kSqrt3h = 0.86602540378443864676;  // cos 30 degrees
// cos / sin of 3, 6, 7 and 12 degrees, as literals (libm's may differ by an ulp across engines).
constexpr double kC6 = 0.99452189536827333692, kS6 = 0.10452846326765347140;
constexpr double kC12 = 0.97814760073380563793, kS12 = 0.20791169081775933710;
constexpr double kC7 = 0.99254615164132203498, kS7 = 0.12186934340514748111;
constexpr double kTan15 = 0.26794919243112270647;

// cos and sin of hourAngle(h) = (h - 3) * 30 degrees, exactly as the table of a clock face.
constexpr double kHourCos[12] = {0, 0.5, kSqrt3h, 1, kSqrt3h, 0.5, 0, -0.5, -kSqrt3h, -1, -kSqrt3h, -0.5};
constexpr double kHourSin[12] = {-1, -kSqrt3h, -0.5, 0, 0.5, kSqrt3h, 1, kSqrt3h, 0.5, 0, -0.5, -kSqrt3h};

NF_TINY double outerOf(int h) { return h == 0 ? 252 : (h % 3 == 0 ? 238 : 214); }
// Plain stones first in hour order, then the rose keystone, then the sage stone.
NF_TINY int rankOf(int h) { return h == 0 ? 10 : (h == 5 ? 11 : (h < 5 ? h - 1 : h - 2)); }
int hourOfRank(int rank) {
  for (int h = 0; h < 12; ++h)
    if (rankOf(h) == rank) return h;
  return 0;
}

NF_TINY int nearestHour(double dx, double dy) {
  const int h = jsRound(sceneAtan2(dy, dx) * 6 / kPi) + 3;
  return ((h % 12) + 12) % 12;
}

struct Box {
  double x0, x1, y0, y1;
};
constexpr Box kSteps[4] = {{620, 980, 690, 715}, {570, 1030, 715, 740}, {520, 1080, 740, 765}, {470, 1130, 765, 790}};
constexpr Box kPlinth[2] = {{690, 910, 672, 690}, {716, 884, 656, 672}};
constexpr Box kRubble[2] = {{1170, 1320, 780, 804}, {1192.5, 1282.5, 760, 780}};
NF_TINY bool inBox(const Box& b, double x, double y) { return x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1; }

// Whether (along, across) in a ray's frame lies in a dial mark from r0 to r1, half-width hw (at
// least half a pixel, so a thin tick still shows as pixel art).
NF_TINY bool inMark(double along, double across, double r0, double r1, double hw, double minHalf) {
  return along >= r0 && along <= r1 && std::fabs(across) <= std::max(hw, minHalf);
}

// The hour bar and the four minute ticks of a stone whose ray is (c, s), for the point d = (dx, dy)
// from the stone's centre.
NF_SMALL bool onDial(double dx, double dy, double c, double s, double minHalf) {
  if (inMark(dx * c + dy * s, -dx * s + dy * c, 175, 201, 4.5, minHalf)) return true;
  const double rot[4][2] = {{kC6, kS6}, {kC6, -kS6}, {kC12, kS12}, {kC12, -kS12}};
  for (const auto& r : rot) {
    const double tc = c * r[0] - s * r[1], ts = s * r[0] + c * r[1];
    if (inMark(dx * tc + dy * ts, -dx * ts + dy * tc, 175, 184, 1.5, minHalf)) return true;
  }
  return false;
}

double segDist2(double x, double y, double ax, double ay, double bx, double by) {
  const double vx = bx - ax, vy = by - ay, wx = x - ax, wy = y - ay;
  const double L = vx * vx + vy * vy;
  double t = L > 0 ? (wx * vx + wy * vy) / L : 0;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  const double ex = wx - t * vx, ey = wy - t * vy;
  return ex * ex + ey * ey;
}

NF_SMALL void growIvy(Ivy& v, uint32_t seed, double fromDeg, double toDeg, double delay) {
  nf::Mulberry32 r(seed);
  const double from = fromDeg * kPi / 180, to = toDeg * kPi / 180, dir = to > from ? 1 : -1;
  v.points = 0;
  for (double a = from; (to - a) * dir >= 0 && v.points < kMaxIvyPoints;) {
    const double radius = 208 + (r.next() - 0.5) * 6;
    v.px[v.points] = static_cast<float>(kGateX + radius * sceneCos(a));
    v.py[v.points] = static_cast<float>(kGateY + radius * sceneSin(a));
    ++v.points;
    a += dir * (0.05 + 0.06 * r.next());
  }
  v.length = 0;
  for (int k = 1; k < v.points; ++k) v.length += sceneHypot(v.px[k] - v.px[k - 1], v.py[k] - v.py[k - 1]);
  v.delay = delay;
  v.duration = 1.2 + v.length / 180;
  v.frames = std::max(6, jsRound(8 * v.duration));
  v.leafCount = 0;
  int side = 1;
  double walked = 0;
  for (int k = 1; k < v.points; ++k) {
    const double ax = v.px[k - 1], ay = v.py[k - 1];
    const double L = sceneHypot(v.px[k] - ax, v.py[k] - ay);
    const double ux = (v.px[k] - ax) / L, uy = (v.py[k] - ay) / L;
    for (double t = 6; t < L && v.leafCount < kMaxIvyLeaves; t += 13) {
      side = -side;
      const double s = r.next() < 0.2 ? 13 : 10;
      const bool bloom = r.next() < 0.09;
      const double off = side * (s / 2 + 1);
      const double cx = ax + ux * t - uy * off, cy = ay + uy * t + ux * off;
      // The original rounds its leaves' delays to 0.1 s.
      const double at = jsRound(10 * (delay + v.duration * (walked + t) / v.length)) / 10.0;
      v.leaves[v.leafCount++] = {static_cast<float>(cx - s / 2), static_cast<float>(cy - s / 2), static_cast<float>(s),
                                 bloom, static_cast<float>(at)};
    }
    walked += L;
  }
}

}  // namespace

NF_SMALL RuinLook makeRuinLook(uint32_t worldSeed) {
  RuinLook look{};
  look.missing = 1u << kMissingHour;
  double from[2] = {78, 201}, to[2] = {-18, 243};
  look.tilt = -3;
  if (worldSeed != kDefaultWorldSeed) {
    // Another world's ruin: up to two more plain stones fallen (never a quarter stone, the keystone
    // or a neighbour of the gap, so the ring still reads as a dial), the creepers' spans and the
    // tablet's tilt drawn within bounds.
    nf::Mulberry32 r(layerSeed(4048, worldSeed));
    const int candidates[4] = {1, 2, 10, 11};
    const int extra = static_cast<int>(std::floor(r.next() * 3));
    for (int n = 0; n < extra; ++n) look.missing |= 1u << candidates[static_cast<int>(std::floor(r.next() * 4))];
    from[0] = 70 + 16 * r.next();
    to[0] = from[0] - 70 - 40 * r.next();
    from[1] = 192 + 18 * r.next();
    to[1] = from[1] + 25 + 35 * r.next();
    look.tilt = -6 + 12 * r.next();
  }
  if (look.tilt == -3) {
    look.tiltCos = 0.99862953475457387378;
    look.tiltSin = -0.05233595624294383272;
  } else {
    look.tiltCos = sceneCos(look.tilt * kPi / 180);
    look.tiltSin = sceneSin(look.tilt * kPi / 180);
  }
  growIvy(look.ivy[0], layerSeed(21, worldSeed), from[0], to[0], 0.3);
  growIvy(look.ivy[1], layerSeed(23, worldSeed), from[1], to[1], 1.1);
  return look;
}

namespace {

// The ivy at ivyT seconds after the reveal (ivy_growth.h): a leaf's scale, and whether (x, y) is on
// the part of a stem drawn by then.
double leafScale(const IvyLeaf& f, double ivyT) { return ivyT >= f.at + 0.3 ? 1 : (ivyT >= f.at + 0.15 ? 0.5 : 0); }
bool onDrawnStem(const Ivy& v, double x, double y, double r2, double ivyT) {
  const double shown = v.length * ivyStemFrame(v, ivyT) / v.frames;
  double walked = 0;
  for (int k = 1; k < v.points && walked < shown; ++k) {
    const double ax = v.px[k - 1], ay = v.py[k - 1], L = sceneHypot(v.px[k] - ax, v.py[k] - ay);
    const double f = walked + L <= shown ? 1 : (shown - walked) / L;
    if (segDist2(x, y, ax, ay, ax + (v.px[k] - ax) * f, ay + (v.py[k] - ay) * f) <= r2) return true;
    walked += L;
  }
  return false;
}

// The shape and overlay of scene point (x, y); minHalf: half a buffer pixel in scene units; ivyT:
// seconds after the reveal, for the ivy as drawn then (infinite: grown).
NF_SMALL uint8_t shapeAt(double x, double y, const RuinLook& look, double minHalf, double ivyT = kIvyGrown,
                         bool withIvy = true) {
  // The tablet, the rubble and the fallen stone are in front of everything else.
  {
    const double ux = x - kTabletX, wy = y - kTabletY;
    const double u = ux * look.tiltCos + wy * look.tiltSin, w = -ux * look.tiltSin + wy * look.tiltCos;
    if (std::fabs(u) <= kTabletHalfU && std::fabs(w) <= kTabletHalfW) return kTablet;
  }
  if (inBox(kRubble[1], x, y)) return kRubbleHigh;
  if (inBox(kRubble[0], x, y)) return kRubbleLow;
  {
    // The hour-6 stone on its back: local = R(+7 degrees)(p - (366, 772)), about a centre 191 above.
    const double px = x - 366, py = y - 772;
    const double lx = px * kC7 - py * kS7, ly = px * kS7 + py * kC7;
    const double ex = lx, ey = ly + 191;
    const double d2 = ex * ex + ey * ey;
    if (ey > 0 && std::fabs(ex) <= kTan15 * ey && d2 >= 168.0 * 168 && d2 <= 214.0 * 214)
      return static_cast<uint8_t>(kFallen | (onDial(ex, ey, 0, 1, minHalf) ? kMark << 5 : 0));
  }
  uint8_t id = kNone;
  if (inBox(kPlinth[1], x, y)) id = kPlinthCap;
  else if (inBox(kPlinth[0], x, y)) id = kPlinthBase;
  else if (y >= kStepTop && y < 790) {
    const int k = static_cast<int>((y - kStepTop) / 25);
    if (inBox(kSteps[k], x, y)) id = static_cast<uint8_t>(kStep0 + k);
  }
  const double dx = x - kGateX, dy = y - kGateY, d2 = dx * dx + dy * dy;
  if (id == kNone) {
    if (d2 >= kGateR * kGateR && d2 <= 252.0 * 252) {
      const int h = nearestHour(dx, dy);
      const double o = outerOf(h);
      if (!(look.missing >> h & 1u) && d2 <= o * o)
        id = static_cast<uint8_t>((kStone0 + rankOf(h)) |
                                  (onDial(dx, dy, kHourCos[h], kHourSin[h], minHalf) ? kMark << 5 : 0));
    } else if (d2 < kGateR * kGateR && y < 447 && dx * dx + (dy - kGateDepth) * (dy - kGateDepth) > kGateR * kGateR) {
      id = kSoffit;
    }
  }
  // The ivy climbs over the ring, the plinth and the steps.
  if (withIvy && ((id & kIdMask) != kNone || d2 <= 260.0 * 260)) {
    const double stemR2 = std::max(1.0, minHalf) * std::max(1.0, minHalf);
    const bool grown = !(ivyT < kIvyGrown);
    for (const Ivy& v : look.ivy) {
      for (int n = 0; n < v.leafCount; ++n) {
        const IvyLeaf& f = v.leaves[n];
        bool in = x >= f.x0 && x < f.x0 + f.s && y >= f.y0 && y < f.y0 + f.s;
        if (in && !grown) {
          // Popping: scaled about its centre.
          const double k = leafScale(f, ivyT), h = 0.5 * f.s * k, cx = f.x0 + 0.5 * f.s, cy = f.y0 + 0.5 * f.s;
          in = k == 1 || (k > 0 && x >= cx - h && x < cx + h && y >= cy - h && y < cy + h);
        }
        if (in) return static_cast<uint8_t>((id == kNone ? kIvyOnly : id & kIdMask) | (f.bloom ? kBloom : kLeaf) << 5);
      }
      if (!grown && ivyStemFrame(v, ivyT) < v.frames) {
        if (onDrawnStem(v, x, y, stemR2, ivyT)) return static_cast<uint8_t>((id == kNone ? kIvyOnly : id & kIdMask) | kStem << 5);
        continue;
      }
      for (int k = 1; k < v.points; ++k)
        if (segDist2(x, y, v.px[k - 1], v.py[k - 1], v.px[k], v.py[k]) <= stemR2)
          return static_cast<uint8_t>((id == kNone ? kIvyOnly : id & kIdMask) | kStem << 5);
    }
  }
  return id;
}

// Material of a shape: 0 stone, 1 rose, 2 sage.
NF_TINY int materialOf(int id) {
  if (id >= kStone0 && id < kStone0 + 12) {
    const int h = hourOfRank(id - kStone0);
    return h == 0 ? 1 : (h == 5 ? 2 : 0);
  }
  return 0;
}

// The grain's tone at a scene point (0.5: the flat plate; light from up and to the right).
NF_SMALL double stoneTone(double x, double y) {
  const double dx = x - kGateX, dy = y - kGateY;
  const double d = sceneHypot(dx, dy);
  if (d < kGateR) return 0.08 + 0.3 * (dx / kGateR) * (dx / kGateR);
  if (y < 656) {
    const double th = sceneAtan2(dy, dx);
    const int h = ((jsRound(th * 6 / kPi) + 3) % 12 + 12) % 12;
    const double o = outerOf(h);
    if (d <= o + 2) {
      const double u = (d - kGateR) / (o - kGateR);
      double a = th - hourAngle(h);
      while (a > kPi) a -= 2 * kPi;
      while (a < -kPi) a += 2 * kPi;
      const double v = a * 12 / kPi;
      const double eu = 8 / (o - kGateR), ev = 96 / (kPi * d);
      const int cu = u > 1 - eu ? 1 : (u < eu ? -1 : 0);
      const int cv = v > 1 - ev ? 1 : (v < ev - 1 ? -1 : 0);
      const double c = dx / d, s = dy / d;
      const double nx = cu * c - cv * s, ny = cu * s + cv * c;
      return 0.5 + 0.45 * (0.6 * nx - 0.8 * ny);
    }
  }
  if (y >= 656 && y < 690 && std::fabs(dx) <= 110) {
    const bool cap = y < 672;
    const double v = cap ? y - 656 : y - 672;
    return v < 5 ? 0.92 : (v > (cap ? 11 : 13) ? 0.3 : 0.5);
  }
  if (y >= kStepTop && y < 790) {
    const int k = static_cast<int>((y - kStepTop) / 25);
    if (std::fabs(dx) <= 180 + 50 * k) {
      const double v = std::fmod(y - kStepTop, 25.0);
      return v < 7 ? 0.76 : (v > 15 ? 0.3 : 0.5);
    }
  }
  return 0.5;
}

void box(const Grid& g, int& i0, int& j0, int& w, int& h) {
  i0 = std::max(0, g.col(kRuinX0));
  j0 = std::max(0, g.row(kRuinY0));
  const int i1 = std::min(g.bw - 1, g.col(kRuinX1)), j1 = std::min(g.bh - 1, g.row(kRuinY1));
  w = std::max(0, i1 - i0 + 1);
  h = std::max(0, j1 - j0 + 1);
}

void partRows(int h, int part, int parts, int& r0, int& r1) {
  r0 = static_cast<int>(static_cast<long long>(h) * part / parts);
  r1 = static_cast<int>(static_cast<long long>(h) * (part + 1) / parts);
}

const uint8_t kFont[97][8] = {
#include "font5x8.inc"
#include "trig_math.h"
};

}  // namespace

uint8_t tabletFontRow(int glyph, int row) { return glyph >= 0 && glyph < 97 && row >= 0 && row < 8 ? kFont[glyph][row] : 0; }

NF_SMALL Carving carvingOf(std::string_view path) {
  // Percent-decoding into UTF-8 bytes; a malformed escape or invalid UTF-8 keeps the raw path.
  char buf[2048];
  size_t m = 0;
  bool ok = true;
  for (size_t k = 0; k < path.size() && m < sizeof buf; ++k) {
    const char ch = path[k];
    if (ch == '%') {
      auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : (c >= 'a' && c <= 'f' ? c - 'a' + 10 : (c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1)); };
      const int a = k + 2 < path.size() ? hex(path[k + 1]) : -1, b = k + 2 < path.size() ? hex(path[k + 2]) : -1;
      if (a < 0 || b < 0) { ok = false; break; }
      buf[m++] = static_cast<char>(a * 16 + b);
      k += 2;
    } else {
      buf[m++] = ch;
    }
  }
  // Code points of the decoded bytes (or the raw ones).
  uint32_t cps[2048];
  int n = 0, units = 0;
  auto decode = [&](const char* p, size_t len) {
    n = 0;
    units = 0;
    for (size_t k = 0; k < len && n < 2048;) {
      const uint8_t b = static_cast<uint8_t>(p[k]);
      int extra = b < 0x80 ? 0 : (b >> 5 == 6 ? 1 : (b >> 4 == 14 ? 2 : (b >> 3 == 30 ? 3 : -1)));
      if (extra < 0 || k + extra >= len + (extra ? 0 : 1)) return false;
      uint32_t cp = extra ? b & (0x3f >> extra) : b;
      for (int e = 1; e <= extra; ++e) {
        const uint8_t c = static_cast<uint8_t>(p[k + e]);
        if (c >> 6 != 2) return false;
        cp = cp << 6 | (c & 0x3f);
      }
      cps[n++] = cp;
      units += cp >= 0x10000 ? 2 : 1;
      k += extra + 1;
    }
    return true;
  };
  if (!ok || !decode(buf, m)) decode(path.data(), std::min(path.size(), sizeof buf));
  if (n > 1 && cps[n - 1] == '/') {
    --n;
    --units;
  }
  Carving t{};
  int from = 0;
  if (units > 34) {
    // The last 33 units after an ellipsis.
    int u = 0;
    from = n;
    while (from > 0 && u + (cps[from - 1] >= 0x10000 ? 2 : 1) <= 33) u += cps[--from] >= 0x10000 ? 2 : 1;
    t.glyph[t.n++] = 95;
  }
  for (int k = from; k < n && t.n < kMaxTabletGlyphs; ++k) {
    const uint32_t cp = cps[k];
    t.glyph[t.n] = cp >= 32 && cp < 127 ? static_cast<uint8_t>(cp - 32) : (cp == 0x2026 ? 95 : 96);
    t.gone[t.n] = cp == ' ';  // whitespace counts as already gone
    ++t.n;
  }
  return t;
}

int ruinParts(const Grid& g, int unitPixels) {
  int i0, j0, w, h;
  box(g, i0, j0, w, h);
  const long long n = static_cast<long long>(w) * h * 8;  // about eight pixels' work a pixel
  return static_cast<int>(std::max(1LL, std::min<long long>(std::max(1, h), (n + unitPixels - 1) / unitPixels)));
}

NF_SMALL void ruinIdRows(RuinIds& ids, const Grid& g, const RuinLook& look, int part, int parts) {
  if (part == 0) {
    box(g, ids.i0, ids.j0, ids.w, ids.h);
    ids.id.assign(static_cast<size_t>(ids.w) * ids.h, 0);
  }
  int r0, r1;
  partRows(ids.h, part, parts, r0, r1);
  const double minHalf = 0.5 * g.px;
  for (int r = r0; r < r1; ++r)
    for (int c = 0; c < ids.w; ++c)
      ids.id[static_cast<size_t>(r) * ids.w + c] = shapeAt(g.sx[ids.i0 + c], g.sy[ids.j0 + r], look, minHalf);
}

namespace {

// The colour of buffer pixel (c, r) of the ruin's box: shown(c, r) gives the shapes drawn, grain(c,
// r) the grown ruin's (the grain's mask is the grown ivy's: spec 1.7, absent along the ivy's path
// before it has grown there).
template <class Shown, class Grain>
NF_TINY Px ruinPixel(const Grid& g, const Palette& pal, const RuinIds& ids, const RuinLook& look, Shown&& at, Grain&& fin, int c, int r, bool smallLeaves,
                     uint8_t* keyed = nullptr) {
  // A keyline is the 2-unit stroke centred on a shape's outline (spec 1.5), at least the one pixel
  // nearest to it: a pixel is ink where the outline crosses within `reach` of its centre toward a
  // neighbour of another shape, which a sample there tells (the shape beyond the outline differs
  // from the pixel's own). Ivy past the stones is an overlay and draws no keyline of its own.
  auto plate = [](int v) { return (v & kIdMask) == kIvyOnly ? 0 : v & kIdMask; };
  const int v = at(c, r), o = plate(v), over = v >> 5;
  const int nb[4] = {at(c + 1, r), at(c - 1, r), at(c, r + 1), at(c, r - 1)};
  const int bi = ids.i0 + c, bj = ids.j0 + r;
  bool key = false;
  constexpr int kDx[4] = {1, -1, 0, 0}, kDy[4] = {0, 0, 1, -1};
  const double minHalf = 0.5 * g.px, reach = std::max(1.0, minHalf);
  for (int n = 0; n < 4 && !key; ++n)
    if (plate(nb[n]) != o)
      key = plate(shapeAt(g.sx[bi] + kDx[n] * reach, g.sy[bj] + kDy[n] * reach, look, minHalf)) != o;
  // The pane draws this keyline at one CSS px a pixel: here the plate under it, or where the outline
  // is the ruin's edge, nothing (the pane paints the plate inside the outline, so the ruin ends at it
  // rather than at this pixel's edge).
  if (key && !over && paneKeyable(g, ids, c, r)) {
    key = false;
    bool edge = o == kNone;
    for (int q : nb) edge = edge || plate(q) == kNone;
    if (keyed) *keyed = edge ? 2 : 1;
    if (edge) return 0;
  }
  if (!o && !over && !key) return 0;
  const Px ink = pal[kRuinInkC];
  Px col;
  if (over == kMark || over == kStem) {
    col = ink;
  } else if (over == kLeaf || over == kBloom) {
    bool rim = false;
    for (int q : nb) rim = rim || (q >> 5) != over;
    col = rim && !smallLeaves ? ink : pal[over == kBloom ? kRoseC + 2 : kSageC + 2];
  } else if (key) {
    col = ink;
  } else {
    const Px* stops = pal.at(materialOf(o) == 1 ? kRoseC : (materialOf(o) == 2 ? kSageC : kStoneC));
    col = stops[2];
    const int fv = fin(c, r), fo = fv & kIdMask;
    bool edge = (fv >> 5) != 0;
    for (int q : {fin(c + 1, r), fin(c - 1, r), fin(c, r + 1), fin(c, r - 1)})
      if ((q & kIdMask) != fo || (q >> 5) != 0) edge = true;
    if (!edge) {
      // The grain: five levels of the tone at the pixel's Bayer cell; the middle two leave the plate.
      const double t = 0.125 + 0.75 * stoneTone(g.sx[bi], g.sy[bj]);
      const int s = stepIndex(5, t, bayer(bi, bj));
      if (s == 0) col = stops[0];
      else if (s == 1) col = stops[1];
      else if (s == 4) col = stops[3];
    }
  }
  return col;
}

}  // namespace

NF_SMALL void paintRuinRows(Image& d, const Grid& g, const Palette& pal, RuinIds& ids, const RuinLook& look,
                            int part, int parts) {
  if (part == 0) {
    d.clear();
    // The ids are this paint's (ruinIdRows' first rows came before): a new number for the pane.
    ++ids.gen;
    ids.keyed.assign(ids.paneKeys ? static_cast<size_t>(ids.w) * ids.h : 0, 0);
  }
  int r0, r1;
  partRows(ids.h, part, parts, r0, r1);
  auto at = [&](int c, int r) -> int {
    if (c < 0 || r < 0 || c >= ids.w || r >= ids.h) return 0;
    return ids.id[static_cast<size_t>(r) * ids.w + c];
  };
  const bool smallLeaves = g.px > 3;  // a leaf two pixels wide is all fill, no outline
  for (int r = r0; r < r1; ++r)
    for (int c = 0; c < ids.w; ++c) {
      uint8_t* keyed = ids.paneKeys ? &ids.keyed[static_cast<size_t>(r) * ids.w + c] : nullptr;
      d.p[static_cast<size_t>(ids.j0 + r) * d.w + ids.i0 + c] = ruinPixel(g, pal, ids, look, at, at, c, r, smallLeaves, keyed);
    }
}

int treadAt(const RuinIds& ids, int i, int j) {
  auto at = [&](int c, int r) -> int {
    if (c < 0 || r < 0 || c >= ids.w || r >= ids.h) return 0;
    return ids.id[static_cast<size_t>(r) * ids.w + c];
  };
  const int c = i - ids.i0, r = j - ids.j0, v = at(c, r), o = v & kIdMask;
  if ((v >> 5) != 0 || o < kStep0 || o > kStep0 + 3) return -1;
  const int k = keyedValue(ids, i, j);
  if (k == 1) return o - kStep0;  // its keyline is the pane's: the plate shows here
  if (k == 2) return -1;          // the ruin's edge: the pane's
  for (int q : {at(c + 1, r), at(c - 1, r), at(c, r + 1), at(c, r - 1)})
    if ((q & kIdMask) == 0 || (q & kIdMask) < o) return -1;  // its keyline
  return o - kStep0;
}

Rect ivyBox(const Grid& g, const RuinIds& ids, const Ivy& v) { return ivyChangeBox(g, ids, v, -1, kIvyGrown); }

NF_SMALL Rect ivyChangeBox(const Grid& g, const RuinIds& ids, const Ivy& v, double fromT, double toT) {
  if (v.points == 0) return {};
  double x0 = 1e18, x1 = -1e18, y0 = 1e18, y1 = -1e18;
  auto take = [&](double ax, double ay, double bx, double by) {
    x0 = std::min(x0, std::min(ax, bx)), x1 = std::max(x1, std::max(ax, bx));
    y0 = std::min(y0, std::min(ay, by)), y1 = std::max(y1, std::max(ay, by));
  };
  // The stem between the shorter frame's end and the longer's: the segments they share, whole.
  const int f0 = ivyStemFrame(v, fromT), f1 = ivyStemFrame(v, toT);
  if (f0 != f1) {
    const double s0 = v.length * std::min(f0, f1) / v.frames, s1 = v.length * std::max(f0, f1) / v.frames;
    double walked = 0;
    for (int k = 1; k < v.points && walked <= s1; ++k) {
      const double L = sceneHypot(v.px[k] - v.px[k - 1], v.py[k] - v.py[k - 1]);
      if (walked + L >= s0) take(v.px[k - 1], v.py[k - 1], v.px[k], v.py[k]);  // float to double
      walked += L;
    }
  }
  for (int n = 0; n < v.leafCount; ++n) {
    const IvyLeaf& f = v.leaves[n];
    if (leafScale(f, fromT) != leafScale(f, toT)) take(f.x0, f.y0, f.x0 + f.s, f.y0 + f.s);
  }
  if (x0 > x1) return {};
  // The stem's half-width and a pixel, then the keylines and the leaves' rims a pixel beyond.
  const double grow = std::max(1.0, 0.5 * g.px) + g.px;
  const Rect r{std::max(ids.i0, g.col(x0 - grow) - 2), std::max(ids.j0, g.row(y0 - grow) - 2),
               std::min(ids.i0 + ids.w, g.col(x1 + grow) + 3), std::min(ids.j0 + ids.h, g.row(y1 + grow) + 3)};
  return r.empty() ? Rect{} : r;
}

NF_SMALL void paintRuinIvy(Image& d, const Grid& g, const Palette& pal, const RuinIds& ids, const RuinLook& look,
                           const Rect& box, double ivyT, PodList<uint8_t>& scratch) {
  if (box.empty() || ids.w <= 0) return;
  // The shapes as drawn at ivyT over the box and one pixel round it: only the grown ivy's pixels can differ.
  const int c0 = box.i0 - ids.i0 - 1, r0 = box.j0 - ids.j0 - 1, w = box.i1 - box.i0 + 2, h = box.j1 - box.j0 + 2;
  scratch.assign(static_cast<size_t>(w) * h, 0);
  const double minHalf = 0.5 * g.px;
  auto fin = [&](int c, int r) -> int {
    if (c < 0 || r < 0 || c >= ids.w || r >= ids.h) return 0;
    return ids.id[static_cast<size_t>(r) * ids.w + c];
  };
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c) {
      const int v = fin(c0 + c, r0 + r), over = v >> 5;
      const bool ivy = over == kStem || over == kLeaf || over == kBloom;
      scratch[static_cast<size_t>(r) * w + c] = static_cast<uint8_t>(
          ivy ? shapeAt(g.sx[ids.i0 + c0 + c], g.sy[ids.j0 + r0 + r], look, minHalf, ivyT) : v);
    }
  auto at = [&](int c, int r) -> int {
    const int lc = c - c0, lr = r - r0;
    if (lc < 0 || lr < 0 || lc >= w || lr >= h) return fin(c, r);
    return scratch[static_cast<size_t>(lr) * w + lc];
  };
  const bool smallLeaves = g.px > 3;
  for (int j = box.j0; j < box.j1; ++j)
    for (int i = box.i0; i < box.i1; ++i)
      d.p[static_cast<size_t>(j) * d.w + i] =
          ruinPixel(g, pal, ids, look, at, fin, i - ids.i0, j - ids.j0, smallLeaves);
}

NF_SMALL bool paneKeyable(const Grid& g, const RuinIds& ids, int c, int r) {
  if (!ids.paneKeys || c < 0 || r < 0 || c >= ids.w || r >= ids.h) return false;
  const double dx = g.sx[ids.i0 + c] - kGateX, dy = g.sy[ids.j0 + r] - kGateY;
  if (dx * dx + dy * dy < 190.0 * 190 && dy < 650 - kGateY) return false;
  // The walker passes in front of the ruin's foot (the near layer, under the pane): her rows, from
  // the strand at 848 up, stay the layer's.
  if (g.sy[ids.j0 + r] + 0.5 * g.px + 2 > 848 - (kWalkerRows + 0.5) * g.px) return false;
  for (int v = r - 1; v <= r + 1; ++v)
    for (int u = c - 1; u <= c + 1; ++u) {
      if (u < 0 || v < 0 || u >= ids.w || v >= ids.h) continue;
      const int q = ids.id[static_cast<size_t>(v) * ids.w + u], o = q & kIdMask, over = q >> 5;
      if (o == kIvyOnly || over == kStem || over == kLeaf || over == kBloom) return false;
    }
  return true;
}

// The fringe's reach beyond the stroke, CSS px: of 0.35 .. 0.75, the one nearest the reference
// renders at both pitches (docs/scene.md, "Exact and reinterpreted").
constexpr double kFringePx = 0.6;

NF_SMALL void paneKeylines(PodList<uint8_t>& keys, const Grid& g, const RuinIds& ids, const RuinLook& look, int x0,
                           int y0, int x1, int y1) {
  const int kw = x1 - x0;
  keys.assign(static_cast<size_t>(std::max(0, kw)) * std::max(0, y1 - y0), 0);
  if (kw <= 0 || y1 <= y0 || !ids.paneKeys || ids.w <= 0 || ids.keyed.size() != static_cast<size_t>(ids.w) * ids.h)
    return;
  // Every outline crosses a keyline pixel; a CSS px within the stroke and its fringe of one lies in
  // a buffer pixel within n of it.
  const int n = static_cast<int>(std::ceil((1 + kFringePx / g.scale) / g.px));
  auto keyedNear = [&](int c, int r) {
    for (int v = std::max(0, r - n); v <= std::min(ids.h - 1, r + n); ++v)
      for (int u = std::max(0, c - n); u <= std::min(ids.w - 1, c + n); ++u)
        if (ids.keyed[static_cast<size_t>(v) * ids.w + u]) return true;
    return false;
  };
  // The stroke's reach about a CSS px centre: a unit each way, in eight directions.
  constexpr double kD = 0.70710678118654752440;
  constexpr double kRx[8] = {1, -1, 0, 0, kD, kD, -kD, -kD}, kRy[8] = {0, 0, 1, -1, kD, -kD, kD, -kD};
  PodList<int> near;  // the buffer pixels looked at, for the fringe
  for (int r = 0; r < ids.h; ++r)
    for (int c = 0; c < ids.w; ++c) {
      if (!keyedNear(c, r) || !paneKeyable(g, ids, c, r)) continue;
      near.push_back(r * ids.w + c);
      const int bi = ids.i0 + c, bj = ids.j0 + r;
      const bool edge = ids.keyed[static_cast<size_t>(r) * ids.w + c] == 2;
      for (int y = std::max(y0, bj * g.pitch); y < std::min(y1, (bj + 1) * g.pitch); ++y) {
        const double sy = (y + 0.5 - g.oy) / g.scale;
        for (int x = std::max(x0, bi * g.pitch); x < std::min(x1, (bi + 1) * g.pitch); ++x) {
          const double sx = (x + 0.5 - g.ox) / g.scale;
          const int s0 = shapeAt(sx, sy, look, 0, kIvyGrown, false) & kIdMask;
          bool ink = false;
          for (int k = 0; k < 8 && !ink; ++k)
            ink = (shapeAt(sx + kRx[k], sy + kRy[k], look, 0, kIvyGrown, false) & kIdMask) != s0;
          uint8_t v = ink ? 1 : 0;
          // Where the layer left the ruin's edge to the pane: the plate inside the outline.
          if (!ink && edge && s0 != kNone) v = static_cast<uint8_t>(2 + materialOf(s0));
          if (v) keys[static_cast<size_t>(y - y0) * kw + (x - x0)] = v;
        }
      }
    }
  // The fringe, as a vector stroke's anti-aliased edge: a CSS px beside the ink whose centre is within
  // 0.6 px more of an outline, ink at half its strength (over the plate the pane paints there, or over
  // the layers).
  const double far = 1 + kFringePx / g.scale;
  const int kh = y1 - y0;
  auto at = [&](int x, int y) { return x < 0 || y < 0 || x >= kw || y >= kh ? 0 : keys[static_cast<size_t>(y) * kw + x]; };
  for (int q : near) {
    const int bi = ids.i0 + q % ids.w, bj = ids.j0 + q / ids.w;
    for (int y = std::max(y0, bj * g.pitch); y < std::min(y1, (bj + 1) * g.pitch); ++y)
      for (int x = std::max(x0, bi * g.pitch); x < std::min(x1, (bi + 1) * g.pitch); ++x) {
        const int lx = x - x0, ly = y - y0, v = at(lx, ly);
        if (v == 1 || v > 4) continue;
        if (at(lx + 1, ly) != 1 && at(lx - 1, ly) != 1 && at(lx, ly + 1) != 1 && at(lx, ly - 1) != 1) continue;
        const double sx = (x + 0.5 - g.ox) / g.scale, sy = (y + 0.5 - g.oy) / g.scale;
        const int s0 = shapeAt(sx, sy, look, 0, kIvyGrown, false) & kIdMask;
        bool in = false;
        for (int k = 0; k < 8 && !in; ++k)
          in = (shapeAt(sx + kRx[k] * far, sy + kRy[k] * far, look, 0, kIvyGrown, false) & kIdMask) != s0;
        if (in) keys[static_cast<size_t>(ly) * kw + lx] = static_cast<uint8_t>(v >= 2 ? v + 3 : 8);
      }
  }
}

}  // namespace nf::scene
