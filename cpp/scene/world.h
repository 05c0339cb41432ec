// A world's composition (docs/scene.md, "World seeds"): everything about the scene's layout and
// look that the world seed decides beyond the per-layer noise seeds of seeds.h. The default world
// (404) is the original scene: makeWorld(404) returns the original constants, and every consumer
// evaluates them with the original arithmetic, so its pixels do not move. Any other world draws
// each aspect from its own mulberry32 stream (uint32 seeds from layerSeed), inside bounds chosen
// so the scene stays readable: the gate and the water line never move, the island always seats
// the gate without hiding it, the sun and moon stay clear of the ridges and the ring.
#pragma once
#include <cstdint>

namespace nf::scene {

constexpr int kMaxBumps = 6;
constexpr int kMaxIslandCypresses = 5;
constexpr int kMaxOutcrops = 8;
constexpr int kRiftRamps = 6;

// A Gaussian bump on the island's rise: h * exp(-((x - x0) / w)^2) scene units (up is positive).
struct Bump {
  double x, w, h;
};

// rise(x) = height * bell + bumps + (fbm - 0.5) * fbmAmp * bell, bell = (0.5 + 0.5 cos(pi u))^exponent,
// u = clamp((x - centre) / reach, -1, 1); top = water - max(0, rise) + (noise - 0.5) * nibble * bell.
struct IslandShape {
  int kind;  // 0 the original knoll, 1 two summits, 2 one shoulder, 3 long and low
  double centre, reach, exponent, height, nibble, fbmAmp;
  Bump bumps[kMaxBumps];
  int bumpCount;
};

struct IslandCypress {
  double x, h, w;
};

// The L-system's constants (docs/scene.md, "Trees"); species 0 is the original growth.
struct Growth {
  int species;
  double straight;               // roll below this continues the limb straight
  double both;                   // roll above this forks to both sides
  double trunk;                  // limbs wider than trunk * initial width never fork
  double spread0, spreadR;       // side-limb angle: spread0 + spreadR * r
  double curlMain, curlSide;     // pull toward vertical per segment
  double decayStraight, decayMain, side0, sideR;  // length factors
  double size;                   // scales the initial width and length
};

struct Outcrop {
  double x, down, w, h;  // on the mid range, `down` below its crest; w, h half-extents
};

struct World {
  uint32_t seed;
  bool original;  // world 404: every consumer takes its original code path

  IslandShape island;
  IslandCypress cypresses[kMaxIslandCypresses];
  int cypressCount;

  int pinesPerSpan[2];

  // Sun by day: at (sunX, sunY) at full daylight, sinking by sunSink * (1 - day)^2 toward its
  // setting side (sunDrift * (1 - day) in x). The moon sits still at (moonX, moonY).
  double sunX, sunY, sunDrift, sunSink;
  double moonX, moonY;

  // Clouds: smooth(cloudLo, cloudHi, c) * (1 - smooth(cloudTop0, cloudTop1, y)).
  double cover, cloudLo, cloudHi, cloudTop0, cloudTop1;
  bool halo;   // the sun's banded halo (hidden under heavy cloud)
  int maxStars;

  // Ridges: faceted spurs (0 = none, the original) and rock outcrops on the mid range.
  double spur, spurFarFreq, spurMidFreq, spurPhase;
  Outcrop outcrops[kMaxOutcrops];
  int outcropCount;

  Growth trees[2];

  // Palette shifts, degrees of hue and saturation factors (0 / 1 = unchanged), and which of the
  // rift's ramps (tint.h; 0 = the original's) with a small hue turn of its own.
  double skyHue, vegHue, vegSat, sunHue, flowerHue, riftHue;
  int riftRamp;
};

World makeWorld(uint32_t seed);
// makeWorld(kDefaultWorldSeed), made once.
const World& originalWorld();

// The island's top edge (scene y) at x.
double islandTop(const IslandShape& s, double x, double water, uint32_t noiseSeed, uint32_t fbmSeed);

// Where the sun stands for a daylight value (the moon ignores day).
void bodyAt(const World& w, double day, double& x, double& y);

}  // namespace nf::scene
