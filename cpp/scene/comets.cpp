#include "comets.h"

#include <algorithm>
#include <cmath>

#include "noise/random.h"
#include "palette.h"
#include "walker.h"
#include "exp_math.h"
#include "trig_math.h"

namespace nf::scene {

NF_SMALL Comets startComets(uint32_t seed) {
  Comets s{};
  s.rng = seed;
  s.nextLaunch = 2.5;
  return s;
}

bool stepComets(Comets& s, double heat, double inflow) {
  const double dt = kLifeStep;
  s.nextLaunch -= dt;
  if (s.nextLaunch <= 0) {
    const double a = 2 * kPi * nf::drawFrom(s.rng), v = 130 + 170 * nf::drawFrom(s.rng);
    s.nextLaunch = heat > 0.5 ? 0.5 + 0.8 * nf::drawFrom(s.rng) : 3 + 5 * nf::drawFrom(s.rng);
    if (s.count < kMaxComets) {
      Comet& c = s.c[s.count++];
      const double ca = sceneCos(a), sa = sceneSin(a);
      c = Comet{};
      c.x = kGateX + 208 * ca;
      c.y = kGateY + 208 * sa;
      c.vx = -v * sa - 40 * ca;  // the clockwise tangent, and inward
      c.vy = v * ca - 40 * sa;
    }
  }
  bool swallowed = false;
  const double drag = sceneExp(-1.4 * inflow * dt);
  int kept = 0;
  for (int n = 0; n < s.count; ++n) {
    Comet c = s.c[n];
    const double dx = c.x - kGateX, dy = c.y - kGateY;
    const double R2 = dx * dx + dy * dy + 300, pull = 4.5e6 / (R2 * std::sqrt(R2));
    c.vx = (c.vx - dx * pull * dt) * drag;
    c.vy = (c.vy - dy * pull * dt) * drag;
    c.x += c.vx * dt;
    c.y += c.vy * dt;
    c.age += dt;
    if (c.trail == kCometTrail) {
      std::copy(c.tx + 1, c.tx + kCometTrail, c.tx);
      std::copy(c.ty + 1, c.ty + kCometTrail, c.ty);
      --c.trail;
    }
    c.tx[c.trail] = static_cast<float>(c.x);
    c.ty[c.trail] = static_cast<float>(c.y);
    ++c.trail;
    if (R2 < 450) {
      swallowed = true;
      continue;
    }
    if (R2 > 520.0 * 520 || c.age >= 3.2) continue;
    s.c[kept++] = c;
  }
  s.count = kept;
  return swallowed;
}

Rect paintComets(Image& d, const Grid& g, const Opening& o, const Image& gate, const Comets& s) {
  if (o.i1 < o.i0 || s.count == 0) return {};
  Rect painted;
  auto plot = [&](double x, double y, Px c, double alpha) {
    const int i = g.col(x), j = g.row(y);
    if (i < o.i0 || i > o.i1 || j < o.j0 || j > o.j1) return;
    const size_t k = static_cast<size_t>(j) * g.bw + i;
    if (!(alpha * o.mask[k] > bayer(i, j) * 255) || chA(gate.p[k]) == 255) return;
    d.p[k] = c;
    painted = painted.unite(Rect{i, j, i + 1, j + 1});
  };
  for (int n = 0; n < s.count; ++n) {
    const Comet& c = s.c[n];
    const double fade = std::min(1.0, (3.2 - c.age) / 0.6);
    const int m = c.trail;
    for (int k = 1; k < m; ++k) {
      const double w = static_cast<double>(k) / m;
      const Px col = w > 0.7 ? kCream : (w > 0.35 ? kGolden : kRose);
      const double ax = c.tx[k - 1], ay = c.ty[k - 1], bx = c.tx[k], by = c.ty[k];
      const int steps = std::max(1, static_cast<int>(std::ceil(sceneHypot(bx - ax, by - ay) / (0.8 * g.px))));
      for (int st = 0; st < steps; ++st) plot(ax + (bx - ax) * st / steps, ay + (by - ay) * st / steps, col, fade * w);
    }
    plot(c.x, c.y, kCream, fade);
  }
  return painted;
}

}  // namespace nf::scene
