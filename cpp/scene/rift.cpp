#include "rift.h"

#include <algorithm>
#include <cmath>

#include "noise/fbm.h"
#include "noise/random.h"
#include "palette.h"
#include "exp_math.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

constexpr double kLeak = 58;
constexpr double kRim = kGateR + kLeak + 4;
constexpr double kGlow = 230;
constexpr double kPitch = 0.3;
const double kWind = 2 / std::tan(kPitch);

}  // namespace

NF_SMALL void makeOpening(Opening& o, const Grid& g) {
  clearOpening(o, g);
  openingRows(o, g, 0, g.bh);
}

NF_SMALL void clearOpening(Opening& o, const Grid& g) {
  o.mask.assign(static_cast<size_t>(g.bw) * g.bh, 0);
  o.i0 = g.bw;
  o.i1 = -1;
  o.j0 = g.bh;
  o.j1 = -1;
}

NF_SMALL void openingRows(Opening& o, const Grid& g, int rowFrom, int rowTo) {
  const double reach = kGateR + g.px;
  const double gap = hourAngle(kMissingHour);
  // Only the box around the ring and its leak can be covered.
  const int ia = std::max(0, g.col(kGateX - kRim) - 1), ib = std::min(g.bw - 1, g.col(kGateX + kRim) + 1);
  const int ja = std::max(0, g.row(kGateY - kRim) - 1), jb = std::min(g.bh - 1, g.row(kGateY + kRim) + 1);
  for (int j = std::max(ja, rowFrom); j <= std::min(jb, rowTo - 1); ++j)
    for (int i = ia; i <= ib; ++i) {
      const double dx = g.sx[i] - kGateX, dy = g.sy[j] - kGateY;
      const double r = sceneHypot(dx, dy);
      const double off = sceneAtan2(dy, dx) - gap;
      const bool bleed = r > kGateR && std::fabs(sceneAtan2(sceneSin(off), sceneCos(off))) < kPi / 12;
      int cover = 0;
      if (bleed) cover = jsRound(255 * scenePow(std::max(0.0, 1 - (r - kGateR) / kLeak), 1.5));
      else if (sceneHypot(dx, dy - kGateDepth) <= reach) cover = 255;
      if (!cover) continue;
      o.mask[static_cast<size_t>(j) * g.bw + i] = static_cast<uint8_t>(cover);
      o.i0 = std::min(o.i0, i);
      o.i1 = std::max(o.i1, i);
      o.j0 = std::min(o.j0, j);
      o.j1 = std::max(o.j1, j);
    }
}

NF_SMALL void makeMotes(PodList<Mote>& motes, uint32_t seed404) {
  motes.clear();
  motes.reserve(1600);
  nf::Mulberry32 rand(seed404);
  for (int n = 0; n < 1600; ++n) {
    Mote m{};
    m.r = kRim * std::sqrt(rand.next());
    m.a0 = m.a = rand.next() * kPi * 2;
    m.star = -1;
    if (rand.next() < 0.05) m.star = static_cast<int>(std::floor(rand.next() * 6));
    m.tone = nf::nebulaUnchecked(sceneCos(m.a) * m.r * 0.006, sceneSin(m.a) * m.r * 0.006);
    m.thr = rand.next();
    m.len = m.star >= 0 ? 1 : 3 + static_cast<int>(std::floor(rand.next() * 4));
    m.wide = m.star < 0 && rand.next() < 0.45;
    const double mr = rand.next();
    m.mag = mr * mr;
    m.freq = 0.8 + rand.next() * 2.4;
    m.phase = rand.next() * kPi * 2;
    motes.push_back(m);
  }
}

void stepRift(RiftState& s, double dt) {
  s.rate += (s.target - s.rate) * std::min(1.0, dt * 2.2);
  s.inflow += (s.inflowTarget - s.inflow) * std::min(1.0, dt * 1.6);
  s.heat = clampd((s.rate - 1.1) / 24, 0, 1);
  s.flare *= sceneExp(-dt * 2.5);
  const double spin = s.rate * kPi / 180;
  s.pattern -= spin * 0.6 * dt;
  for (Mote& m : s.motes) m.a += orbitRate(m.r) * spin * dt;
}

NF_SMALL void placeRift(RiftState& s, double clock) {
  const double spin = s.rate * kPi / 180;
  s.pattern = -spin * 0.6 * clock;
  for (Mote& m : s.motes) m.a = m.a0 + std::fmod(orbitRate(m.r) * spin * clock, 2 * kPi);
}

NF_SMALL Rect paintRift(Image& d, const Grid& g, const Opening& o, RiftUnder& under, const RiftState& s, double clock,
               const Seeds& seeds, const Px* colours) {
  // Every mark is clipped to the opening's box: outside it the layer stays transparent.
  const Rect last = d.used;
  const Rect box = o.i1 < o.i0 ? Rect{} : Rect{o.i0, o.j0, o.i1 + 1, o.j1 + 1};
  if (last.i0 < box.i0 || last.j0 < box.j0 || last.i1 > box.i1 || last.j1 > box.j1) d.clear(last);
  d.used = box;
  if (box.empty()) return last;
  const uint8_t* mask = o.mask.data();
  const int bw = g.bw;
  // plotHot in the motes' trails (most of the marks), inlined there; plot, one call, elsewhere.
  auto plotHot = [&](double x, double y, Px c, double alpha) __attribute__((always_inline)) {
    const int i = g.col(x), j = g.row(y);
    if (i < o.i0 || i > o.i1 || j < o.j0 || j > o.j1) return;
    const size_t k = static_cast<size_t>(j) * bw + i;
    if (alpha * mask[k] > bayer(i, j) * 255) d.p[k] = c;
  };
  // noinline: else halo's trampoline inlines a second copy of it.
  auto plot = [&](double x, double y, Px c, double alpha) __attribute__((noinline)) { plotHot(x, y, c, alpha); };
  const double poleX = kGateX, poleY = kGateY;

  // Underpainting: a dark well that brightens toward the pole. It is the same every tick, so it is
  // painted once (per grid and world) and copied over the box.
  const int uw = box.i1 - box.i0;
  if (!under.fresh) {
    under.p.assign(static_cast<size_t>(uw) * (box.j1 - box.j0), 0u);
    for (int j = o.j0; j <= o.j1; ++j)
      for (int i = o.i0; i <= o.i1; ++i) {
        const size_t k = static_cast<size_t>(j) * bw + i;
        if (mask[k] <= bayer(i, j) * 255) continue;
        const double glow = 1 - std::min(1.0, sceneHypot(g.sx[i] - poleX, g.sy[j] - poleY) / kGlow);
        under.p[static_cast<size_t>(j - o.j0) * uw + (i - o.i0)] = ramp(colours, 8, 0.04 + glow * 0.34, i, j);
      }
    under.fresh = true;
  }
  for (int j = o.j0; j <= o.j1; ++j)
    std::copy(under.p.begin() + static_cast<size_t>(j - o.j0) * uw, under.p.begin() + static_cast<size_t>(j - o.j0 + 1) * uw,
              d.p.begin() + static_cast<size_t>(j) * bw + o.i0);

  // Each stroke runs back along its mote's spiral; colour mixes the nebula the mote was born in with
  // a two-armed density wave turned against the spin.
  const double spin = s.rate * kPi / 180;
  const double trail = std::min(1.1, std::max(0.0, (s.rate - 2) / 30));
  const int cross[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (const Mote& m : s.motes) {
    double sa0, ca0;
    sceneSinCos(m.a, sa0, ca0);
    const double x = poleX + ca0 * m.r, y = poleY + sa0 * m.r;
    const double pitch = std::min(1.25, kPitch + sceneAtan2(s.inflow, orbitRate(m.r) * spin));
    const double glow = 1 - std::min(1.0, m.r / kGlow);
    const double arm = sceneCos(2 * (m.a - s.pattern) + kWind * sceneLogNormal(m.r / 25 + 0.05));
    const double twinkle =
        m.star >= 0 ? 0.75 * (0.35 + 0.65 * m.mag * (0.6 + 0.4 * sceneSin(clock * m.freq + m.phase))) : 1;
    const double arm2 = std::max(0.0, arm) * std::max(0.0, arm), crest = arm2 * arm2 * 0.22;
    const Px ink = m.star >= 0 ? kStarColors[m.star]
                               : pick(colours, 8, m.tone * 1.2 - 0.36 + glow * 0.3 + arm * 0.16 + crest, m.thr);
    const double len = std::max(m.len * g.px, m.r * trail * orbitRate(m.r) * 0.6);
    const int n = static_cast<int>(std::ceil(len / (g.px * 0.8)));
    double sp, cp;
    sceneSinCos(pitch, sp, cp);
    cp = cp * len / n;
    sp = sp * len / n;
    double r = m.r, a = m.a;
    for (int st = 0; st < n; ++st) {
      const double fade = twinkle * (1 - (static_cast<double>(st) / n) * trail * 0.85);
      // The wide strokes' second mark one pixel further out: one inlined plotHot for both (r + 0 * px
      // is r, so the first mark's point is the same double).
      double sa, ca;
      sceneSinCos(a, sa, ca);
      for (int w = 0; w <= int(m.wide); ++w)
        plotHot(poleX + ca * (r + w * g.px), poleY + sa * (r + w * g.px), ink, fade);
      a -= cp / std::max(r, 1e-6);
      r += sp;
    }
    if (m.star >= 0 && m.mag > 0.8)
      for (const auto& c : cross) plot(x + c[0] * g.px, y + c[1] * g.px, ink, twinkle * 0.8);
    if (m.star >= 0 && m.mag > 0.93) halo(plot, x, y, g.px * 2.3, g.px * 0.8, ink, twinkle * 0.45, clock * 0.3, 4);
  }

  // The pole star: a hard core inside two counter-turning broken rings.
  const double breath = 0.5 + 0.5 * sceneSin(clock * 2.2);
  plot(poleX, poleY, kCream, 1);
  for (const auto& c : cross) plot(poleX + c[0] * g.px, poleY + c[1] * g.px, kCream, 1);
  halo(plot, poleX, poleY, (3.2 + s.flare * 2) * g.px, g.px * 0.7, kGolden, 0.9, clock * 0.5, 6);
  halo(plot, poleX, poleY, (5.6 + breath * 0.8 + s.flare * 4) * g.px, g.px * 0.7, kRose, 0.45 + 0.35 * breath,
       -clock * 0.35, 8);

  // Echoes of the dial peel off the ring and sink into the pole while the portal is hot.
  if (s.heat > 0.02) {
    for (int k = 0; k < 4; ++k) {
      const double cycle = clock / 1.7 + k / 4.0;
      const double p = frac(cycle);
      const double size = (kGateR - 6) * scenePow(1 - p, 1.3);
      const double cy = poleY + kGateDepth * (1 - p);
      const double alpha = (1 - p) * std::min(1.0, s.heat);
      const Px ink = p < 0.45 ? kCream : (p < 0.75 ? kGolden : kRose);
      // Unsigned, so a frozen clock of a billion seconds wraps instead of overflowing.
      const uint32_t beat = static_cast<uint32_t>(k) + static_cast<uint32_t>(floorInt(cycle)) * 7u;
      for (int t = 0; t < 60; ++t) {
        if (nf::hashU32(static_cast<uint32_t>(t), beat, seeds.echoTicks) / 4294967296.0 < 0.18) continue;
        const double th = t * kPi / 30 - kPi / 2 + p * 1.2;
        const double r = size * (1 + 0.07 * sceneSin(3 * th + clock * 2.4 + k) +
                                 0.18 * (nf::valueNoiseUnchecked(th * 1.7 + k * 5, clock * 0.9, seeds.echoWobble) - 0.5));
        if (r <= 1e-6) continue;
        const bool hour = t % 5 == 0;
        const double len = r * (hour ? 0.14 : 0.06);
        const int n = std::max(1, static_cast<int>(std::ceil(len / (g.px * 0.8))));
        for (int st = 0; st <= n; ++st) {
          const double rr = r - len * st / n;
          const double a = th + (static_cast<double>(st) / n) * 0.05;
          plot(poleX + sceneCos(a) * rr, cy + sceneSin(a) * rr, ink, alpha);
          if (hour) plot(poleX + sceneCos(a + g.px / rr) * rr, cy + sceneSin(a + g.px / rr) * rr, ink, alpha);
        }
      }
    }
  }
  return last.unite(d.used);
}

}  // namespace nf::scene
