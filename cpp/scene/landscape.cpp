#include "landscape.h"

#include "world_params.h"

#include <cstdlib>

#include <algorithm>
#include <climits>
#include <cmath>

#include "noise/fbm.h"
#include "tint.h"
#include "noise/random.h"
#include "exp_math.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

constexpr double kEps = 1e-9;  // so 3 x (1/60) counts as the 1/20 s it is meant to be
constexpr double kJobEvery = 0.1;
constexpr double kSkyEvery = 1.0 / 8;
constexpr double kRiftEvery = kShortestTick;
static_assert(kJobEvery >= kShortestTick && kSkyEvery >= kShortestTick, "kShortestTick is the shortest cadence");
// A live sky tick runs in kSkyTickFrames steps of about a fifth of its work each, one a frame while
// the frames come at least as often as that before the next tick (60 Hz: 7.5 frames a tick): the
// copy of the base and the flow with the first half of the strokes' inks, the other half, then the
// strokes' walks in thirds (the last also shows it).
constexpr int kInkSteps = 2;
constexpr Layer kJobLayer[3] = {kHill, kNear, kCanopy};
// The sky's drift wraps after about 28 hours of wind, so the stroke lattice's cell indices stay small.
constexpr double kDriftPeriod = 1e6;
// A stepped repaint's unit: about this many buffer pixels' worth of painting (a few ms natively);
// a one-shot repaint takes each piece whole.
constexpr int kUnitPixels = 1 << 17;
constexpr int kWhole = 1 << 30;
// A sky stroke walks about ten steps: ten pixels' worth.
constexpr int kStrokeCost = 10;
constexpr int kRenderStage = 9;  // Landscape::runUnit's first tick-layer stage

struct ModeTargets {
  double rate, inflow, pull;
};
ModeTargets targets(PortalMode m) {
  switch (m) {
    case PortalMode::Hot: return {26, 0.22, 1};
    case PortalMode::Enter: return {90, 1.8, 2.5};
    default: return {1.1, 0, 0};
  }
}

double clampUnitOrZero(double v) { return v >= 0 ? (v > 1 ? 1 : v) : 0; }  // NaN -> 0

// Whether a tick with this period is due, taking the period from its accumulator when it is. The
// remainder carries over, so ticks keep their cadence on average at any frame rate: starting again
// from zero stretched every period to a whole number of frames (1/8 s at 60 Hz became 8 frames, 7.5
// sky ticks a second). A tick missed in a slow frame stays owed, at most one period's worth.
bool takeTick(double& acc, double every) {
  if (acc < every - kEps) return false;
  acc = std::min(acc - every, every);
  return true;
}

}  // namespace

Landscape::Landscape(uint32_t worldSeed) : seeds_(worldSeed) { setWorld(worldSeed); }

void Landscape::setWorld(uint32_t seed) {
  seeds_ = Seeds(seed);
  world_ = makeWorld(seed);
  canopyShaped_ = false;
  riftRampFor(world_, riftRamp_);
  riftUnder_.fresh = false;
  pal_ = makePalette(day_, dusk_, world_);
  makeMotes(rift_.motes, seeds_.motes);
  makeRipples(ripples_, seeds_);
  makeStars(stars_, seeds_, world_);
  pines_ = makePines(seeds_, world_);
  ruinLook_ = makeRuinLook(seed);
  placeWalker();
  placeLife();
  placeLetters();
  splashState_ = seeds_.splash;
}

namespace {
// Views of literals: a vector of strings cost the page's module its construction code.
constexpr std::array<std::string_view, 4> kFramingNames = {"cover", "gate", "island", "shore"};
constexpr double kRingMargin = kGateR + kGateRing + 16;  // the ring's outer edge, and a margin
// The named framings' regions, in kFramingNames' order (cover's is unused): a table, not a branch
// per name. "shore": the ring and the water line, from a narrow strip through the gate's middle:
// cover's zoom wherever that shows both, less only in a wide short window.
constexpr Framing kFramings[4] = {
    {},
    {Framing::Region, kGateX - kRingMargin, kGateY - kRingMargin, kGateX + kRingMargin, kGateY + kRingMargin},
    {Framing::Region, kGateX - 3.5 * kGateR, kGateY + kGateR, kGateX + 3.5 * kGateR, kSceneH},
    {Framing::Region, kGateX - 100, kGateY - kRingMargin, kGateX + 100, kWater + 50, false},
};
}  // namespace

const std::array<std::string_view, 4>& framingNames() { return kFramingNames; }

bool framingNamed(std::string_view name, Framing* out) {
  for (size_t k = 0; k < kFramingNames.size(); ++k)
    if (name == kFramingNames[k]) {
      *out = kFramings[k];
      return true;
    }
  return false;
}

// Resizing holds the old buffers and the new ones at once. Ask malloc, which reports failure
// (operator new would abort the module), for the new ones' worth first, in pieces the size of one
// layer as the buffers will come: if that is refused, nothing has changed yet. Freed at once, the
// space is there for the vectors setViewport makes.
bool Landscape::memoryFor(const Grid& g) {
  const size_t layer = static_cast<size_t>(g.bw) * static_cast<size_t>(g.bh) * 4;
  constexpr int kPieces = static_cast<int>((kBytesPerBufferPixel + 3) / 4);
  static void* volatile held[kPieces];  // volatile: the compiler may not elide the malloc/free pairs
  int n = 0;
  for (; n < kPieces; ++n) {
    held[n] = std::malloc(layer);
    if (!held[n]) break;
  }
  const bool ok = n == kPieces;
  while (n > 0) {
    std::free(held[--n]);
    held[n] = nullptr;
  }
  return ok;
}

bool Landscape::setViewport(const Viewport& v) {
  Grid next = makeGrid(v.cssWidth, v.cssHeight, v.pitch, v.framing);
  if (!memoryFor(next)) return false;
  canopyShaped_ = false;
  if (stepped_) {
    jobGrid_ = std::move(next);
    repaintAll(true, false);
    return true;
  }
  grid_ = std::move(next);
  hasGrid_ = true;
  for (Image& l : layers_) l.resize(grid_.bw, grid_.bh);
  repaintAll(true, false);
  return true;
}

void Landscape::setStepped(bool on) {
  if (!on && job_) stepRepaint(INT_MAX);
  stepped_ = on;
}

void Landscape::repaintAll(bool newGrid, bool newWorld) {
  const bool gridToCome = job_ && jobBack_ && jobNewGrid_;
  if (!hasGrid_ && !gridToCome && !(stepped_ && newGrid)) return;
  // A repaint in progress starts over with both changes.
  jobNewGrid_ = newGrid || (job_ && jobNewGrid_);
  jobNewWorld_ = newWorld || (job_ && jobNewWorld_);
  jobStage_ = jobPart_ = 0;
  job_ = true;
  jobRenderOnly_ = false;
  skyStage_ = -1;  // a sky tick in progress shares the flow scratch
  // Stepped, the back buffers take the new layers while the old ones stay shown (setViewport has
  // made sure of the memory for a new grid's); with no memory for them, the repaint runs at once in place.
  jobBack_ = stepped_ && (gridToCome || newGrid || memoryFor(grid_));
  out_ = jobBack_ ? back_ : layers_;
  if (jobBack_) return;
  while (!runUnit(kWhole)) {
  }
  dirty_ |= kAllLayers | paneBit();  // the page learns of the repaint from the next advance()
}

void Landscape::beginRender() {
  if (!stepped_ || (!hasGrid_ && !job_)) {
    renderAll();
    return;
  }
  if (job_) {  // its tick layers come (again) after the change of clock or state
    if (jobStage_ > kRenderStage) {
      jobStage_ = kRenderStage;
      jobPart_ = 0;
    }
    return;
  }
  if (!memoryFor(grid_)) {
    renderAll();
    return;
  }
  job_ = jobBack_ = jobRenderOnly_ = true;
  jobNewGrid_ = jobNewWorld_ = jobReshape_ = false;
  jobStage_ = 1;  // the back buffers, then the paint-once layers copied, then the tick layers
  jobPart_ = 0;
  out_ = back_;
  skyStage_ = -1;
}

bool Landscape::stepRepaint(int units) {
  if (!job_) return false;
  for (int n = 0;; ++n) {
    if (runUnit(kUnitPixels)) return true;
    if (n + 1 >= units) return false;
  }
}

// The stages of a repaint, each in parts (a part is one unit): jobStage_ and jobPart_ say which
// comes next. Every part paints what the one-shot repaint paints there, in the same order.
bool Landscape::runUnit(int unit) {
  const Grid& g = workGrid();
  Image* L = out_;
  const int rowsPer = std::max(1, unit / std::max(1, g.bw));
  const int rowParts = (g.bh + rowsPer - 1) / rowsPer;
  auto rows = [&](int part, int& j0, int& j1) {
    j0 = part * rowsPer;
    j1 = std::min(g.bh, j0 + rowsPer);
  };
  const int part = jobPart_;
  bool last = true;  // the stage's last part
  int j0 = 0, j1 = 0;
  switch (jobStage_) {
    case 0:  // the caches' sizes and the grid's and world's tables
      if (jobNewGrid_) {
        skyBack_.resize(g.bw, g.bh);
        skyBase_.resize(g.bw, g.bh);
        hillBase_.resize(g.bw, g.bh);
        clearOpening(opening_, g);
        riftUnder_.fresh = false;
      }
      if (jobNewGrid_ || jobNewWorld_) {
        makeRidgeTables(ridges_, g, seeds_);
        makeMeadow(meadow_, g, seeds_, world_);
        placeLetters();
      }
      ++paintOnceCount_;
      air_.bodyR = day_ < kNightBelow ? kMoonR : kSunR;
      bodyAt(world_, day_, air_.bodyX, air_.bodyY);
      makeLandTables(landTables_, g, seeds_, world_, std::isfinite(winterDay_) ? snowlineFor(winterDay_) : std::nan(""));
      jobReshape_ = !canopyShaped_;
      break;
    case 1:  // the back buffers, a layer at a time
      if (jobBack_) L[part].resize(g.bw, g.bh);
      last = part == kLayerCount - 1;
      break;
    case 2:  // the opening, in bands of rows
      if (jobNewGrid_) {
        rows(part, j0, j1);
        openingRows(opening_, g, j0, j1);
        last = part + 1 >= rowParts;
      }
      break;
    case 3:
      if (jobRenderOnly_) {
        L[kLand].p = layers_[kLand].p;  // same size: a copy
        break;
      }
      paintLandPart(L[kLand], g, pal_, seeds_, world_, ridges_, pines_,
                    std::isfinite(winterDay_) ? snowlineFor(winterDay_) : std::nan(""), landTables_, part, unit);
      last = part + 1 >= landParts(g, ridges_, unit);
      break;
    case 4:
      if (jobRenderOnly_) break;
      rows(part, j0, j1);
      paintSkyBase(skyBase_, g, pal_, ridges_.skylineMax + 30, air_, j0, j1);
      last = part + 1 >= rowParts;
      break;
    case 5: {  // the ruin: its shapes, then its colours, in bands of rows
      if (jobRenderOnly_) {
        L[kGate].p = layers_[kGate].p;
        break;
      }
      const int parts = ruinParts(g, unit);
      if (part == 0) ruinIds_.paneKeys = carving_.n > 0;  // a path: the pane shows, with keylines
      if (part < parts) ruinIdRows(ruinIds_, g, ruinLook_, part, parts);
      else paintRuinRows(L[kGate], g, pal_, ruinIds_, ruinLook_, part - parts, parts);
      last = part + 1 >= 2 * parts;
      if (last) {  // what lies under the hands, for their ticks
        const Rect r = handsBox(g);
        handsBase_.clear();
        for (int j = r.j0; j < r.j1; ++j)
          for (int i = r.i0; i < r.i1; ++i) handsBase_.push_back(L[kGate].p[static_cast<size_t>(j) * g.bw + i]);
        for (int n = 0; n < 2; ++n) {
          ivyShown_[n] = ivyShownAt(ruinLook_.ivy[n], kIvyGrown);
          ivyPaintedT_[n] = kIvyGrown;
        }
        handsPaint_.valid = false;  // the ruin without hands
        const Rect s = spillBox(g);
        spillBase_.clear();
        for (int j = s.j0; j < s.j1; ++j)
          for (int i = s.i0; i < s.i1; ++i) spillBase_.push_back(L[kGate].p[static_cast<size_t>(j) * g.bw + i]);
        spillShown_ = 0;
      }
      break;
    }
    case 6:
      if (jobRenderOnly_) break;
      rows(part, j0, j1);
      paintHillBase(hillBase_, g, pal_, meadow_, seeds_, world_, j0, j1);
      last = part + 1 >= rowParts;
      break;
    case 7:  // a new daylight, twilight or season repaints the bark only; the trees and leaves stay
      if (jobReshape_) {
        last = shapeCanopyPart(canopy_, g, seeds_, world_, meadow_.top, part, unit);
        if (last) canopyShaped_ = true;
      }
      break;
    case 8:
      if (!jobRenderOnly_) paintBark(canopy_, g, pal_);
      break;
    case kRenderStage:  // every tick layer, as renderAll paints them
      if (part == 0) {
        ++renderCount_;
        for (Layer l : {kHill, kRift, kNear, kFx}) L[l].used = L[l].all();  // their bases may be new
      }
      last = prepareSkyPart(L[kSky], skyBase_, g, pal_, air_, ridges_, seeds_.cloud, world_, flow_, part, unit);
      break;
    case 10: {
      const size_t n = flow_.strokes.size();
      const size_t per = static_cast<size_t>(std::max(1, unit / kStrokeCost));
      walkSky(L[kSky], g, flow_, part * per, std::min(n, (part + 1) * per));
      last = (part + 1) * per >= n;
      break;
    }
    case 11:
      if (day_ < kNightBelow) paintStars(L[kSky], g, pal_, stars_, clock_);
      paintFieldTick(L, g);
      break;
    case 12:
      paintRiftTick(L, g);
      handsPaint_.valid = false;  // a render paints the hands whole (a new palette keeps the ruin's base)
      paintGateTick(L, g);
      paintFxTick(L, g);
      break;
    case 13: paintNearTick(L, g); break;  // after the layers it reflects
    case 14: paintCanopyTick(L, g); break;
    default: {  // complete: the new layers take the old ones' place
      job_ = false;
      dirty_ = 0;
      if (jobBack_) {
        if (jobNewGrid_) {
          grid_ = std::move(jobGrid_);
          hasGrid_ = true;
        }
        for (int l = 0; l < kLayerCount; ++l) {
          std::swap(layers_[l], back_[l]);
          back_[l] = Image{};
        }
      }
      out_ = layers_;
      jobNewGrid_ = jobNewWorld_ = jobBack_ = jobRenderOnly_ = false;
      {
        const bool had = !pane_.box.empty();
        setupPane(pane_, grid_, carving_, ruinIds_, ruinLook_, pal_);
        repaintPane();
        if (had && pane_.box.empty()) dirty_ |= kPaneBit;  // gone: the page clears its canvas
      }
      return true;
    }
  }
  if (last) {
    ++jobStage_;
    jobPart_ = 0;
  } else {
    ++jobPart_;
  }
  return false;
}

void Landscape::setDay(double day) { setDayAndDusk(day, dusk_); }
void Landscape::setDusk(double dusk) { setDayAndDusk(dayAsked_, dusk); }
void Landscape::setScheme(Scheme s) {
  dark_ = s == Scheme::Dark;
  setDayAndDusk(dayAsked_, dusk_);
}

void Landscape::setDayAndDusk(double day, double dusk) {
  dayAsked_ = day = clampUnitOrZero(day);
  if (dark_ && day > kDarkDayCap) day = kDarkDayCap;
  dusk = clampUnitOrZero(dusk);
  if (day == day_ && dusk == dusk_) return;
  day_ = day;
  dusk_ = dusk;
  pal_ = makePalette(day_, dusk_, world_);
  repaintAll();
}

void Landscape::setSeason(double winterDay) {
  const double w = std::isfinite(winterDay) ? std::fmod(std::fabs(winterDay), 366.0) : std::nan("");
  if (w == winterDay_ || (std::isnan(w) && std::isnan(winterDay_))) return;
  winterDay_ = w;
  repaintAll();
}

void Landscape::setWorldSeed(uint32_t seed) {
  if (seed == seeds_.world) return;
  setWorld(seed);
  placeRift(rift_, clock_);
  repaintAll(false, true);
}

void Landscape::setPortalMode(PortalMode m) {
  mode_ = m;
  const ModeTargets t = targets(m);
  rift_.target = t.rate;
  rift_.inflowTarget = t.inflow;
  pullTarget_ = t.pull;
}

void Landscape::setPointer(double sceneX, double sceneY, bool inside, double nearX, double nearY) {
  const bool finite = std::isfinite(sceneX) && std::isfinite(sceneY);
  ptrInside_ = inside && finite;
  if (finite) {
    ptrX_ = sceneX;
    ptrY_ = sceneY;
  }
  if (std::isnan(nearX) && std::isnan(nearY)) {
    nearX = sceneX;
    nearY = sceneY;
  }
  if (touchLetters(letters_, nearX, nearY, ptrInside_)) paneKey_ = -1;  // drawn on the next advance
}

void Landscape::splash(double sceneX, double sceneY) {
  if (!std::isfinite(sceneX) || !std::isfinite(sceneY)) return;
  if (sceneY <= kWater + grid_.px || sceneY > 1e4 || std::fabs(sceneX) > 1e5) return;
  if (splashCount_ == kMaxSplashes) {
    std::copy(splashes_ + 1, splashes_ + kMaxSplashes, splashes_);
    --splashCount_;
  }
  // A seeded stream stands in for the unseeded size of the scene we ported (docs/scene.md, "Water").
  const double size = 34 + 20 * nf::drawFrom(splashState_);
  splashes_[splashCount_++] = {sceneX, sceneY, size, 0};
}

void Landscape::setPath(std::string_view path) {
  const Carving c = carvingOf(path);
  if (c.n == carving_.n && std::equal(c.glyph, c.glyph + c.n, carving_.glyph)) return;
  carving_ = c;
  placeLetters();
  repaintAll();
}

double Landscape::timeOfDay() const {
  const double t = std::fmod(std::fmod(wallClock(), 86400.0) + 86400.0, 86400.0);
  return std::round(t * 1000) / 1000;
}

void Landscape::setWallClock(double localSeconds) {
  if (!std::isfinite(localSeconds)) return;
  hands_.wall = std::fmod(localSeconds, 86400.0 * 400) - clock_;  // whole days don't move the hands
  settleClock(hands_, clock_);
}

// A frozen clock and the live loop take the same fixed steps from her start; past an hour she
// starts again (a stroll of an hour is as good as any, and setClock stays a few ms at any t).
void Landscape::placeWalker() {
  walker_ = startWalker(layerSeed(4044, seeds_.world));
  const long long steps = static_cast<long long>(std::floor(std::fmod(clock_, 3600.0) / kLifeStep + 1e-9));
  for (long long n = 0; n < steps; ++n) stepWalker(walker_, static_cast<int>(mode_));
  lifeAcc_ = 0;
}

// The fireflies and comets: their steps from the start, within the last 120 s (20 flies' steps are
// dearer than hers; two minutes keep setClock a few ms), at the rift's heat and inflow.
void Landscape::placeLife() {
  fireflies_ = startFireflies(layerSeed(4043, seeds_.world));
  comets_ = startComets(layerSeed(4042, seeds_.world));
  const long long steps = static_cast<long long>(std::floor(std::fmod(clock_, 120.0) / kLifeStep + 1e-9));
  for (long long n = 0; n < steps; ++n) {
    stepFireflies(fireflies_, false, 0, 0);
    stepComets(comets_, rift_.heat, rift_.inflow);  // a pole flare is the live loop's alone
  }
}

void Landscape::setLife(bool on) {
  if (on == walkerOn_) return;
  walkerOn_ = on;
  placeLetters();
  lettersChanged();
}

void Landscape::setMotion(bool on) {
  if (on != still_) return;
  still_ = !on;
  placeLetters();
  lettersChanged();
}

namespace {
long long lifeSteps(double clock) { return static_cast<long long>(std::floor(clock / kLifeStep + 1e-9)); }
}  // namespace

void Landscape::placeLetters() {
  setupLetters(letters_, paneLayout(workGrid(), carving_), ruinLook_, carving_, seeds_.crumble, seeds_.falling,
               walkerOn_ && !still_);
  lettersTo(letters_, lifeSteps(clock_));
  paneKey_ = -1;
}

Rect Landscape::repaintPane() {
  paneKey_ = letters_.hour * kLetterHourSteps + letters_.step;
  paneMoving_ = lettersMoving(letters_);
  return paintPane(pane_, layers_[kGate], ruinLook_, letters_, pal_[kRuinInkC]);
}

void Landscape::lettersChanged() {
  dirty_ |= 1u << kNear | 1u << kFx;
  if (hasGrid_ && !job_) {
    paintNearTick(layers_, grid_);
    paintFxTick(layers_, grid_);
    changed_[kNear] = layers_[kNear].all();
    changed_[kFx] = layers_[kFx].all();
    repaintPane();
    dirty_ |= paneBit();
  }
}

void Landscape::resetSimulation() {
  skyStage_ = -1;
  settleClock(hands_, clock_);
  placeWalker();
  placeLetters();
  const ModeTargets t = targets(mode_);
  air_.drift = std::fmod(10 * clock_, kDriftPeriod);
  air_.time = clock_;
  air_.pull = t.pull;
  air_.count = 0;
  rift_.rate = rift_.target = t.rate;
  rift_.inflow = rift_.inflowTarget = t.inflow;
  rift_.heat = clampd((rift_.rate - 1.1) / 24, 0, 1);
  rift_.flare = 0;
  placeRift(rift_, clock_);
  placeLife();
  spillLevel_ = mode_ == PortalMode::Idle ? 0 : kSpillLevels;  // at its mode's target, as the heat
  spillAcc_ = 0;
  gust_ = 0;
  wind_ = 0.05 * clock_;
  splashCount_ = 0;
  splashState_ = seeds_.splash;
  hasLast_ = false;
  shed_ = 0;
  shedSign_ = 1;
  skyAcc_ = 0;
  riftAcc_ = 0;
  jobAcc_[0] = 0.03;
  jobAcc_[1] = 0.06;
  jobAcc_[2] = 0.09;
}

void Landscape::setClock(double seconds) {
  clock_ = std::isfinite(seconds) ? clampd(seconds, 0, 1e9) : 0.0;
  resetSimulation();
}

const uint8_t* Landscape::pixels(Layer l) const {
  if (!hasGrid_ || l < 0 || l >= kLayerCount) return nullptr;
  return reinterpret_cast<const uint8_t*>(layers_[l].p.data());
}

Rect Landscape::changedRect(int l) const {
  if (l == kPaneLayer) return hasGrid_ ? paneChanged_ : Rect{};
  return hasGrid_ && l >= 0 && l < kLayerCount ? changed_[l] : Rect{};
}

void Landscape::paintSkyTick(Image* L, const Grid& g) {
  paintSky(L[kSky], skyBase_, g, pal_, air_, ridges_, seeds_.cloud, world_, flow_);
  if (day_ < kNightBelow) paintStars(L[kSky], g, pal_, stars_, clock_);
}

void Landscape::startSkyTick() {
  skyAir_ = air_;  // the tick's moment: its later steps ink with this air
  skyClock_ = clock_;
  skyUnit_ = skyInkUnit(grid_, ridges_, kInkSteps);
  skyStage_ = 0;
  stepSkyTick(1);
}

uint32_t Landscape::stepSkyTick(int steps) {
  for (; steps > 0 && skyStage_ >= 0 && skyStage_ < kSkyTickFrames; --steps, ++skyStage_) {
    if (skyStage_ < kInkSteps) {
      // Part 0 copies the base (only the rows a tick paints: they alone go to the layer) and
      // samples the flow; ink part p + 1 in step p, and the last step any left.
      auto part = [&](int p) {
        return prepareSkyPart(skyBack_, skyBase_, grid_, pal_, skyAir_, ridges_, seeds_.cloud, world_, flow_, p,
                              skyUnit_, false);
      };
      if (skyStage_ == 0) part(0);
      for (int p = skyStage_ + 1; !part(p) && skyStage_ == kInkSteps - 1; ++p) {
      }
      continue;
    }
    const size_t n = flow_.strokes.size();
    const int walks = kSkyTickFrames - kInkSteps, w = skyStage_ - kInkSteps;
    walkSky(skyBack_, grid_, flow_, n * w / walks, n * (w + 1) / walks);
  }
  if (skyStage_ < kSkyTickFrames) return 0;
  skyStage_ = -1;
  // A copy, not a swap: the page holds views of the layer's memory. Below skyRows both are the
  // base's transparent.
  const int rows = skyRows(grid_, ridges_);
  layers_[kSky].copyRows(skyBack_, 0, rows);
  if (day_ < kNightBelow) paintStars(layers_[kSky], grid_, pal_, stars_, skyClock_);
  changed_[kSky] = changed_[kSky].unite({0, 0, grid_.bw, rows});
  return 1u << kSky;
}

Rect Landscape::paintFieldTick(Image* L, const Grid& g) {
  return paintField(L[kHill], hillBase_, g, pal_, meadow_, seeds_, world_, clock_, sway());
}

Rect Landscape::paintRiftTick(Image* L, const Grid& g) {
  return paintRift(L[kRift], g, opening_, riftUnder_, rift_, clock_, seeds_, riftRamp_);
}

Rect Landscape::paintNearTick(Image* L, const Grid& g) {
  // The letters' rings with the clicks'.
  Splash splashes[kMaxSplashes];
  int n = splashCount_;
  std::copy(splashes_, splashes_ + n, splashes);
  for (int k = std::max(0, letters_.splashCount - (kMaxSplashes - n)); k < letters_.splashCount; ++k)
    splashes[n++] = letters_.splashes[k];
  WaterInputs in{};
  in.gate = &L[kGate];
  in.hill = &L[kHill];
  in.rift = &L[kRift];
  in.land = &L[kLand];
  in.ridges = &ridges_;
  in.ripples = &ripples_;
  in.splashes = splashes;
  in.splashCount = n;
  in.clock = clock_;
  in.heat = rift_.heat;
  in.dark = day_ < 0.5;
  in.bodyX = air_.bodyX;
  in.sunLit = world_.original ? 1.0 : 1 - nf::smooth(0.55, 0.95, world_.cover);
  in.walker = walkerOn_ ? &walker_ : nullptr;
  in.walkerRow = g.row(std::max(848.0, hillTop(walker_.x) + 8));
  in.ruin = &ruinIds_;
  in.ruinInk = pal_[kRuinInkC];
  return paintWater(L[kNear], g, pal_, seeds_, in, scratch_);
}

Rect Landscape::paintGateTick(Image* L, const Grid& g) {
  const Rect ivy = paintIvyTick(L, g), spill = paintSpillTick(L, g);
  return ivy.unite(spill).unite(paintHands(L[kGate], g, pal_, handsBase_, hands_, clock_, handsPaint_, ivy));
}

Rect Landscape::paintIvyTick(Image* L, const Grid& g) {
  Rect changed;
  const Rect hands = handsBox(g);
  for (int n = 0; n < 2; ++n) {
    const Ivy& v = ruinLook_.ivy[n];
    const IvyShown s = ivyShownAt(v, still_ ? kIvyGrown : clock_);
    if (s == ivyShown_[n]) continue;
    ivyShown_[n] = s;
    // Only what changed since the layer's picture of it: the new stem and the leaves that popped.
    const double t = ivyGrown(v, s) ? kIvyGrown : clock_;
    const Rect r = ivyChangeBox(g, ruinIds_, v, ivyPaintedT_[n], t);
    ivyPaintedT_[n] = t;
    paintRuinIvy(L[kGate], g, pal_, ruinIds_, ruinLook_, r, t, scratch_);
    // The ruin under the hands, where the box overlaps theirs.
    const int hw = hands.i1 - hands.i0;
    if (handsBase_.size() == static_cast<size_t>(hw) * (hands.j1 - hands.j0))
      for (int j = std::max(r.j0, hands.j0); j < std::min(r.j1, hands.j1); ++j)
        for (int i = std::max(r.i0, hands.i0); i < std::min(r.i1, hands.i1); ++i)
          handsBase_[static_cast<size_t>(j - hands.j0) * hw + (i - hands.i0)] = L[kGate].p[static_cast<size_t>(j) * g.bw + i];
    changed = changed.unite(r);
  }
  return changed;
}

Rect Landscape::paintSpillTick(Image* L, const Grid& g) {
  if (spillShown_ == spillLevel_) return {};
  spillShown_ = spillLevel_;
  paintSpill(L[kGate], g, pal_, ruinIds_, spillBase_, spillLevel_, day_ < 0.5);
  return spillBox(g);
}

Rect Landscape::paintFxTick(Image* L, const Grid& g) {
  Image& d = L[kFx];
  const Rect last = d.used;
  d.clear(last);
  Rect now;
  if (!still_) now = paintComets(d, g, opening_, L[kGate], comets_);
  if (walkerOn_) now = now.unite(paintFireflies(d, g, pal_, fireflies_, clock_, still_));
  d.used = now;
  return last.unite(now);
}

Rect Landscape::paintCanopyTick(Image* L, const Grid& g) {
  return paintCanopy(L[kCanopy], g, pal_, seeds_, canopy_, wind_, clock_);
}

uint32_t Landscape::renderAll() {
  if (job_) stepRepaint(INT_MAX);
  if (!hasGrid_) return 0;
  skyStage_ = -1;  // the sky painted here supersedes a tick in progress
  // The repaint's tick-layer stages, run at once into the shown layers: one copy of that code.
  job_ = true;
  jobBack_ = jobNewGrid_ = jobNewWorld_ = jobRenderOnly_ = false;
  jobStage_ = kRenderStage;
  jobPart_ = 0;
  out_ = layers_;
  while (!runUnit(kWhole)) {
  }
  return kAllLayers | paneBit();
}

uint32_t Landscape::paintTick(Layer l) {
  if (job_) stepRepaint(INT_MAX);
  if (!hasGrid_) return 0;
  switch (l) {
    case kSky:
      skyStage_ = -1;  // it shares the flow scratch with a tick in progress
      paintSkyTick(layers_, grid_);
      break;
    case kRift: paintRiftTick(layers_, grid_); break;
    case kGate: paintGateTick(layers_, grid_); break;
    case kHill: paintFieldTick(layers_, grid_); break;
    case kNear: paintNearTick(layers_, grid_); break;
    case kFx: paintFxTick(layers_, grid_); break;
    case kCanopy: paintCanopyTick(layers_, grid_); break;
    default: return 0;
  }
  return 1u << l;
}

uint32_t Landscape::advance(double dt) {
  if (!(dt > 0)) dt = 0;
  if (dt > 0.05) dt = 0.05;
  clock_ += dt;

  // Pointer: gust from sideways movement; eddies shed into the sky, alternating sides (a Karman street).
  const double mx = ptrInside_ && hasLast_ ? ptrX_ - lastX_ : 0;
  const double my = ptrInside_ && hasLast_ ? ptrY_ - lastY_ : 0;
  const double moved = sceneHypot(mx, my);
  gust_ = std::min(3.0, gust_ * sceneExp(-dt * 1.2) + std::min(std::fabs(mx), 200.0) * 0.004);
  wind_ += dt * (0.05 + 0.25 * gust_);
  if (ptrInside_ && ptrY_ < 640 && dt > 0 && moved / dt > 120) {
    shed_ += moved;
    if (shed_ > 70) {
      shed_ = 0;
      shedSign_ = -shedSign_;
      if (air_.count == kMaxVortices) {
        std::copy(air_.vortices + 1, air_.vortices + kMaxVortices, air_.vortices);
        --air_.count;
      }
      air_.vortices[air_.count++] = {ptrX_ - (my / moved) * 16 * shedSign_, ptrY_ + (mx / moved) * 16 * shedSign_,
                                     shedSign_ * std::min(moved / dt, 1400.0) * 32, 0};
    }
  }
  hasLast_ = ptrInside_;
  lastX_ = ptrX_;
  lastY_ = ptrY_;
  int kept = 0;
  for (int n = 0; n < air_.count; ++n) {
    Vortex v = air_.vortices[n];
    v.age += dt;
    v.gamma *= sceneExp(-dt / 2.4);
    v.x += 10 * dt;
    if (std::fabs(v.gamma) > 600) air_.vortices[kept++] = v;
  }
  air_.count = kept;
  air_.drift += 10 * dt;
  if (air_.drift >= kDriftPeriod) air_.drift -= kDriftPeriod;
  air_.time = clock_;
  air_.pull += (pullTarget_ - air_.pull) * std::min(1.0, dt * 1.5);
  stepRift(rift_, dt);
  stepClock(hands_, clock_, dt, static_cast<int>(mode_));
  // The light spill: a level each 1/8 s toward its mode's (at once under reduced motion).
  const int spillTo = mode_ == PortalMode::Idle ? 0 : kSpillLevels;
  if (still_) spillLevel_ = spillTo;
  if (spillLevel_ == spillTo) spillAcc_ = 0;
  for (spillAcc_ += dt; spillLevel_ != spillTo && spillAcc_ >= kSpillStep - kEps; spillAcc_ -= kSpillStep)
    spillLevel_ += spillTo > spillLevel_ ? 1 : -1;
  for (lifeAcc_ += dt; lifeAcc_ >= kLifeStep - kEps; lifeAcc_ -= kLifeStep) {
    stepWalker(walker_, static_cast<int>(mode_));
    stepFireflies(fireflies_, ptrInside_, ptrX_, ptrY_);
    if (stepComets(comets_, rift_.heat, rift_.inflow)) rift_.flare = 1;  // swallowed: the pole star flares
  }
  lettersTo(letters_, lifeSteps(clock_));
  kept = 0;
  for (int n = 0; n < splashCount_; ++n) {
    splashes_[n].age += dt;
    if (splashes_[n].age <= kSplashLife) splashes_[kept++] = splashes_[n];
  }
  splashCount_ = kept;

  if (job_) return 0;  // the shown layers wait for the repaint in progress
  uint32_t mask = dirty_;
  dirty_ = 0;
  if (!hasGrid_) return 0;
  for (int l = 0; l < kLayerCount; ++l) changed_[l] = (mask >> l) & 1u ? layers_[l].all() : Rect{};
  paneChanged_ = mask & kPaneBit ? pane_.img.all() : Rect{};
  riftAcc_ += dt;
  if (takeTick(riftAcc_, kRiftEvery)) {
    changed_[kRift] = changed_[kRift].unite(paintRiftTick(layers_, grid_));
    changed_[kGate] = changed_[kGate].unite(paintGateTick(layers_, grid_));
    changed_[kFx] = changed_[kFx].unite(paintFxTick(layers_, grid_));
    mask |= 1u << kRift | 1u << kGate | 1u << kFx;
  }
  skyAcc_ += dt;
  if (takeTick(skyAcc_, kSkyEvery)) {
    mask |= stepSkyTick(kSkyTickFrames);  // a tick still in progress (slow frames) is shown first
    startSkyTick();
  } else if (skyStage_ >= 0) {
    // The rest spread over the frames before the next tick, at this frame's rate.
    const int frames = dt > 0 ? static_cast<int>(std::min(1e6, std::ceil((kSkyEvery - skyAcc_) / dt))) : kSkyTickFrames;
    const int left = kSkyTickFrames - skyStage_;
    mask |= stepSkyTick((left + std::max(1, frames - 1) - 1) / std::max(1, frames - 1));
  }
  // At most one of field / near / canopy per frame, the most overdue, so ticks interleave.
  int due = -1;
  for (int k = 0; k < 3; ++k) {
    jobAcc_[k] += dt;
    if (jobAcc_[k] >= kJobEvery - kEps && (due < 0 || jobAcc_[k] > jobAcc_[due])) due = k;
  }
  if (due >= 0) {
    takeTick(jobAcc_[due], kJobEvery);
    const Rect r = due == 0 ? paintFieldTick(layers_, grid_)
                            : (due == 1 ? paintNearTick(layers_, grid_) : paintCanopyTick(layers_, grid_));
    changed_[kJobLayer[due]] = changed_[kJobLayer[due]].unite(r);
    mask |= 1u << kJobLayer[due];
  }
  // The pane every step while letters fall or fade (and once more after), or when the pointer
  // knocked one off.
  const long long key = letters_.hour * kLetterHourSteps + letters_.step;
  if (key != paneKey_ && !pane_.box.empty() && (paneMoving_ || lettersMoving(letters_))) {
    const Rect r = repaintPane();
    if (!r.empty()) {
      paneChanged_ = paneChanged_.unite(r);
      mask |= kPaneBit;
    }
  }
  return mask;
}

namespace {
TreeStats statsOf(const Tree& t) {
  TreeStats s{static_cast<int>(t.segs.size()), static_cast<int>(t.tips.size()), 0, 0};
  if (!t.segs.empty()) {
    s.firstEndX = t.segs[0].x1;
    s.firstEndY = t.segs[0].y1;
  }
  return s;
}
}  // namespace

TreeStats Landscape::treeStats(int n) const {
  if (!hasGrid_ || n < 0 || n > 1) return {0, 0, 0, 0};
  return statsOf(canopy_.trees[n]);
}

double farRidge(double x, uint32_t worldSeed) { return farRidgeAt(x, layerSeed(11, worldSeed)); }
double midRidge(double x, uint32_t worldSeed) { return midRidgeAt(x, layerSeed(23, worldSeed)); }
double hillTop(double x, double water, uint32_t worldSeed) {
  const Seeds s(worldSeed);
  return islandTop(makeWorld(worldSeed).island, x, water, s.hillNoise, s.islandFbm);
}

TreeStats growTreeStats(uint32_t seed, double x, double y, double lean, double width, double len) {
  Tree t;
  growTree(t, seed, x, y, lean, width, len);
  return statsOf(t);
}

}  // namespace nf::scene
