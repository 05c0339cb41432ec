#include "walker.h"

#include <cmath>

#include "island.h"
#include "noise/random.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

// Rows top to bottom, four cells each: C cap, S face, B dress, D dress shade, K shoes.
constexpr char kFigure[8][5] = {".CC.", ".CS.", ".BB.", "DBBB", "DBB.", "DBBB", "DDBB", "DBBB"};
constexpr char kLegs[3][5] = {".K.K", "..K.", ".KK."};

int colourOf(char c) { return c == 'C' ? 0 : c == 'S' ? 1 : c == 'B' ? 2 : c == 'D' ? 3 : c == 'K' ? 4 : -1; }

}  // namespace

NF_SMALL Walker startWalker(uint32_t seed) {
  Walker w;
  w.rng = seed;
  return w;
}

void stepWalker(Walker& w, int mode) {
  const double dt = kLifeStep;
  w.walking = false;
  if (mode != 0) {
    const double to = 800 - w.x;
    if (std::fabs(to) > 12) {
      w.facing = w.dir = to > 0 ? 1 : -1;
      w.x += w.dir * 40 * dt;
      w.walking = true;
    }
  } else if (w.pausing) {
    w.pause -= dt;
    if (w.pause <= 0) {
      w.pausing = false;
      w.dir = nf::drawFrom(w.rng) < 0.5 ? -1 : 1;
      w.facing = w.dir;
    }
  } else {
    w.x += 16 * w.dir * dt;
    if (w.x < 250) w.dir = 1;
    if (w.x > 1350) w.dir = -1;
    w.facing = w.dir;
    w.walking = true;
    w.nextStop -= dt;
    if (w.nextStop <= 0) {
      w.pausing = true;
      w.pause = 2.5 + 3 * nf::drawFrom(w.rng);
      w.nextStop = 8 + 10 * nf::drawFrom(w.rng);
      w.facing = w.x < 800 ? 1 : -1;  // she faces the gate while she rests
    }
  }
  if (w.walking) w.walked += dt;
}

void paintWalker(Image& d, const Grid& g, const Palette& pal, const Walker& w, int bottomRow, double clock) {
  const Px* c = pal.at(kWalkerC);
  const int legs = w.walking ? static_cast<int>(std::fmod(std::floor(w.walked / 0.22), 2.0)) : 2;
  const int i0 = g.col(w.x) - 2;
  const int shore = g.row(kWater);
  for (int r = 0; r < 9; ++r) {
    const char* row = r < 8 ? kFigure[r] : kLegs[legs];
    const int j = bottomRow - 8 + r;
    const double y = g.sy[0] + j * g.px;
    const double yr = kWater + 0.62 * (kWater - y);
    const int jr = g.row(yr);
    const int shift = jsRound(0.7 * sceneSin(1.7 * jr + 5 * clock));
    for (int k = 0; k < 4; ++k) {
      const int col = colourOf(row[w.facing > 0 ? k : 3 - k]);
      if (col < 0) continue;
      const int i = i0 + k;
      d.dot(i, j, c[col]);
      if (yr > kWater + g.px && jr > shore && ((jr + i) & 1) == 0) d.dot(i + shift, jr, c[col]);
    }
  }
}

}  // namespace nf::scene
