// The gate's ticks repaint only what changed (hands.h, ruin.h ivyChangeBox): the hands the rows'
// spans a moving hand reaches, the ivy the new stem and the popped leaves. At every tick the
// picture must be the whole repaint's, bit for bit (the hands' box and the creepers' boxes painted
// from the ruin), and no pixel may change outside what the tick reports, with the hands racing,
// ringing on the minute and winding back, the ivy growing and shrinking (a clock set back), at fine
// and coarse pitches, in two worlds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "scene/landscape.h"
#include "scene/ruin.h"

namespace {

using namespace nf::scene;

size_t strays(const Image& after, const PodList<Px>& before, const Rect& r) {
  size_t n = 0;
  for (int j = 0; j < after.h; ++j)
    for (int i = 0; i < after.w; ++i) {
      const size_t k = static_cast<size_t>(j) * after.w + i;
      if (after.p[k] != before[k] && (i < r.i0 || i >= r.i1 || j < r.j0 || j >= r.j1)) ++n;
    }
  return n;
}

size_t differing(const Image& a, const Image& b) {
  size_t n = 0;
  for (size_t k = 0; k < a.p.size(); ++k) n += a.p[k] != b.p[k];
  return n;
}

struct Gate {
  const Grid& g;
  const Palette& pal;
  RuinLook look;
  RuinIds ids;
  Image ruin;  // the ruin painted once, ivy grown, no hands
  Rect box;

  Gate(const Landscape& s, uint32_t world) : g(s.grid()), pal(s.palette()), look(makeRuinLook(world)) {
    ruinIdRows(ids, g, look, 0, 1);
    ruin.resize(g.bw, g.bh);
    paintRuinRows(ruin, g, pal, ids, look, 0, 1);
    box = handsBox(g);
  }
  PodList<Px> under(const Image& d) const {
    PodList<Px> base;
    for (int j = box.j0; j < box.j1; ++j)
      for (int i = box.i0; i < box.i1; ++i) base.push_back(d.p[static_cast<size_t>(j) * g.bw + i]);
    return base;
  }
  // The whole repaint at ivy time t: the creepers' boxes from the ruin, then the hands' box.
  Image whole(const ClockState& c, double clock, double t, PodList<uint8_t>& scratch) const {
    Image d = ruin;
    for (const Ivy& v : look.ivy) paintRuinIvy(d, g, pal, ids, look, ivyBox(g, ids, v), t, scratch);
    HandsPaint fresh;
    paintHands(d, g, pal, under(d), c, clock, fresh);
    return d;
  }
};

// The ivy's time at tick k: growing, set back to 0.7 s, growing again, then grown.
double ivyTime(int k) {
  const double t = 0.05 * k;
  if (k >= 150) return kIvyGrown;
  return t < 3 ? t : t - 2.3;
}

TEST(SceneGateRepaint, PartialRepaintsAreTheWholeRepaint) {
  struct Case {
    uint32_t world;
    int cssW, cssH, pitch, ticks;
  };
  for (const Case& c : {Case{404, 1280, 800, 2, 170}, Case{405, 1920, 1080, 5, 170}, Case{404, 1280, 800, 1, 60},
                        Case{404, 1920, 1080, 0, 170}}) {
    Landscape s(c.world);
    s.setViewport({c.cssW, c.cssH, c.pitch});
    Gate gate(s, c.world);
    PodList<uint8_t> scratch;
    ClockState hands;
    hands.wall = 36000 + 58.2;  // the minute's impulse a second in, and again as they race
    double clock = 0;
    settleClock(hands, clock);
    Image live = gate.ruin;
    PodList<Px> base = gate.under(live);
    HandsPaint last;
    double painted[2] = {kIvyGrown, kIvyGrown};
    paintHands(live, gate.g, gate.pal, base, hands, clock, last);
    size_t partialPixels = 0, wholePixels = 0;
    for (int k = 1; k <= c.ticks; ++k) {
      clock += 0.05;
      // Hot for 3 s, entering for 1 s, then idle: they race, fly, and wind back to the time.
      stepClock(hands, clock, 0.05, k < 60 ? 1 : (k < 80 ? 2 : 0));
      const double t = ivyTime(k);
      const PodList<Px> before = live.p;
      Rect ivy;
      for (int n = 0; n < 2; ++n) {
        const Ivy& v = gate.look.ivy[n];
        const Rect r = ivyChangeBox(gate.g, gate.ids, v, painted[n], t);
        painted[n] = t;
        paintRuinIvy(live, gate.g, gate.pal, gate.ids, gate.look, r, t, scratch);
        partialPixels += static_cast<size_t>(r.i1 - r.i0) * (r.j1 - r.j0);
        const Rect all = ivyBox(gate.g, gate.ids, v);
        wholePixels += static_cast<size_t>(all.i1 - all.i0) * (all.j1 - all.j0);
        // The ruin under the hands, where the creeper's repaint overlaps their box (as the scene keeps it).
        const int w = gate.box.i1 - gate.box.i0;
        for (int j = std::max(r.j0, gate.box.j0); j < std::min(r.j1, gate.box.j1); ++j)
          for (int i = std::max(r.i0, gate.box.i0); i < std::min(r.i1, gate.box.i1); ++i)
            base[static_cast<size_t>(j - gate.box.j0) * w + (i - gate.box.i0)] = live.p[static_cast<size_t>(j) * gate.g.bw + i];
        ivy = ivy.unite(r);
      }
      const Rect h = paintHands(live, gate.g, gate.pal, base, hands, clock, last, ivy);
      partialPixels += static_cast<size_t>(last.computed);
      wholePixels += static_cast<size_t>(gate.box.i1 - gate.box.i0) * (gate.box.j1 - gate.box.j0);
      EXPECT_EQ(strays(live, before, ivy.unite(h)), 0u) << "tick " << k << " pitch " << c.pitch;
      const Image ref = gate.whole(hands, clock, t, scratch);
      ASSERT_EQ(differing(live, ref), 0u) << "tick " << k << " pitch " << c.pitch << " world " << c.world;
    }
    // What it is for: far fewer pixels worked out than the whole boxes.
    EXPECT_LT(partialPixels * 3, wholePixels) << "pitch " << c.pitch;
  }
}

// The scene's own loop: each live frame's gate layer is what a render (the hands painted whole, the
// ivy as it shows) makes of the same moment, with the portal hot, then entering, then cooling.
TEST(SceneGateRepaint, LiveGateEqualsRender) {
  for (int pitch : {2, 5}) {
    Landscape s;
    s.setViewport({1280, 800, pitch});
    s.setWallClock(36000 + 57.5);
    s.setPortalMode(PortalMode::Hot);
    s.setClock(0);
    s.renderAll();
    const size_t n = static_cast<size_t>(s.bufferWidth()) * s.bufferHeight() * 4;
    for (int f = 1; f <= 330; ++f) {
      if (f == 150) s.setPortalMode(PortalMode::Enter);
      if (f == 200) s.setPortalMode(PortalMode::Idle);
      s.advance(1.0 / 60);
      if (f % 3) continue;
      const std::vector<uint8_t> live(s.pixels(kGate), s.pixels(kGate) + n);
      s.renderAll();
      ASSERT_EQ(std::memcmp(live.data(), s.pixels(kGate), n), 0) << "frame " << f << " pitch " << pitch;
    }
  }
}

}  // namespace
