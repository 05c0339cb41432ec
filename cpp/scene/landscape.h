// The 404 landscape scene: seven RGBA layers on one pixel grid, painted once per size/daylight/world
// and repainted in stop-motion ticks. This is the interface the wasm bindings and the page use.
//
// Buffers: every layer is bufferWidth() x bufferHeight() RGBA8 (bytes r, g, b, a; straight alpha,
// 0 = transparent). The buffer covers the layer canvas, which is the viewport grown by 48 CSS px on
// every side (for parallax): buffer pixel (i, j) covers canvas CSS pixels [i*pitch, (i+1)*pitch), i.e.
// viewport CSS x in [i*pitch - 48, (i+1)*pitch - 48). Show the canvas at (cssWidth + 96) x
// (cssHeight + 96) CSS px, offset by (-48, -48), with image-rendering: pixelated.
//
// Until setViewport() is called there are no buffers: pixels() returns nullptr and advance() only
// runs the simulation.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "grid.h"
#include "hands.h"
#include "palette.h"
#include "raster.h"
#include "ridges.h"
#include "rift.h"
#include "ruin.h"
#include "seeds.h"
#include "sky.h"
#include "spill.h"
#include "comets.h"
#include "fireflies.h"
#include "island.h"
#include "ivy_growth.h"
#include "letters.h"
#include "trees.h"
#include "water.h"
#include "world.h"

namespace nf::scene {

// Back to front. The gate layer holds the ruin (ruin.h), above the island it stands on; fx the
// fireflies (fireflies.h) and the comets (comets.h), which look as if in the rift.
enum Layer : int { kSky = 0, kLand, kRift, kHill, kGate, kNear, kFx, kCanopy, kLayerCount };
// The layers' names in that order, for the JS face (one list, here), and their parallax depths (the
// page moves layer l by -p * depth * (64, 30) CSS px for a pointer offset p: docs/scene.md, "Layers").
constexpr std::string_view kLayerNames = "sky,land,rift,hill,gate,near,fx,canopy";
constexpr std::string_view kLayerDepths = "0.1,0.18,0.42,0.42,0.42,0.42,0.42,1";
// The layers whose every pixel is alpha 0 or 255 (dithered pixel art), so that blending a run of
// them first (compose.h, flattenRect) gives what the browser's compositor gives, to the bit; the
// canopy's leaf edges are soft. tests/wasm/flatten.test.mjs checks it on rendered frames.
constexpr std::string_view kLayerHardAlpha = "1,1,1,1,1,1,1,0";
// The opaque base: the run of layers (names, back to front) whose flattening is opaque at every
// pixel (the sky and the land together are), which the page shows as ONE canvas while they sit at
// one parallax offset (the pointer has not moved it). Its soft pixels (the canopy's) are blended
// onto what is below them as Chromium's software compositor blends a canvas onto an opaque one
// (compose.h, flattenRect), so the one canvas shows the pixels the layers' canvases show;
// tests/wasm/flatten.test.mjs checks both, tests/browser/frames.test.mjs the screen.
constexpr std::string_view kOpaqueBase = "sky,land,rift,hill,gate,near,fx,canopy";
// The parallax travel of a layer of depth 1 (CSS px), which the page applies.
constexpr double kSwayX = 64, kSwayY = 30;
// The layers whose parallax the page's input follows: the pointer's eddies are the sky's, the
// portal is the gate's, a splash lands on the water of the near layer.
constexpr Layer kPointerLayer = kSky, kPortalLayer = kGate, kWaterLayer = kNear;
enum class PortalMode : int { Idle = 0, Hot = 1, Enter = 2 };
// Their names in that order (world_params.h's portal row has the same).
constexpr std::string_view kPortalModeNames = "idle,hot,enter";
// The colour scheme (world_params.h's theme row, in its order): dark caps the daylight at
// kDarkDayCap; auto is light here (the page resolves it to the site's scheme first).
enum class Scheme : int { Light = 0, Dark = 1, Auto = 2 };
// Night: stars and the moon below this daylight.
constexpr double kNightBelow = 0.35;
// Landscape::Placement's fields in order, for the JS face.
constexpr std::string_view kPlacementNames = "scale,ox,oy,inset,sceneWidth,sceneHeight,gateX,gateY,gateR,waterY";

// A live sky tick is spread over this many frames at 60 Hz (fewer when frames come slower): the
// layer shows it kSkyTickFrames - 1 frames after its moment.
constexpr int kSkyTickFrames = 5;

// The shortest time between two ticks of one kind: the rift's (with the clock hands), 20 a
// second; field, near and canopy tick 10 a second each, the sky 8 (landscape.cpp). A page that puts
// what all the frames since its last one changed on screen at least this often shows every tick's
// picture, however the ticks of different kinds share its frames (web/landscape-core.js).
constexpr double kShortestTick = 1.0 / 20;

constexpr uint32_t kAllLayers = (1u << kLayerCount) - 1;
// The pane (letters.h): the tablet's line and the falling letters at one CSS px a pixel, one small
// canvas above layer kPaneAbove (below the next) at its parallax. Its bit in advance()'s mask (and
// renderAll()'s) is 1 << kPaneLayer, after the layers', set when it changed (or went away).
constexpr int kPaneLayer = kLayerCount;
constexpr Layer kPaneAbove = kFx;
constexpr uint32_t kPaneBit = 1u << kPaneLayer;

struct Viewport {
  int cssWidth;
  int cssHeight;
  int pitch;  // 0 = automatic: clamp(round((cssWidth + 96) / 380), 3, 6)
  Framing framing = {};  // what stays in view (grid.h); framingNamed() gives the scene's named ones
};

// The named framings of this scene, in order: "cover" (fill, the default), "gate" (the ring whole,
// with the top of its pedestal), "island" (the island and the water before it), "shore" (cover,
// zoomed out only as far as it takes to show both the ring and the water line: the 404 page's).
const std::array<std::string_view, 4>& framingNames();
// The framing of a name from framingNames(); false for an unknown name.
bool framingNamed(std::string_view name, Framing* out);

struct TreeStats {
  int segments;
  int tips;
  double firstEndX, firstEndY;
};

class Landscape {
 public:
  explicit Landscape(uint32_t worldSeed = kDefaultWorldSeed);

  // Rebuilds the grid and every paint-once layer, then paints the tick layers for the current clock.
  // False, with nothing changed, when the memory for the new buffers cannot be had: the scene
  // keeps its previous viewport (or none) and stays usable.
  bool setViewport(const Viewport& v);
  void setDay(double day);          // clamped to [0, 1]; repaints the paint-once layers if changed
  void setDusk(double dusk);        // optional twilight in [0, 1] (docs/scene.md, "Light"); default 0
  // Both at once, with one repaint if either changed (each clamped to [0, 1]).
  void setDayAndDusk(double day, double dusk);
  // Dark caps the daylight at kDarkDayCap (day() is then the capped one); repaints if that changes it.
  void setScheme(Scheme s);
  // Snow on the ranges for a day of the year (0 = 1 January; docs/scene.md, "Ranges"); NaN (the
  // default) paints no snow. Repaints the paint-once layers if changed.
  void setSeason(double winterDay);
  double season() const { return winterDay_; }
  void setWorldSeed(uint32_t seed); // regrows trees, stars, ridges, motes ...
  void setPortalMode(PortalMode m);
  // Scene units (the sky's, for eddies and gust); nearX, nearY: the same point in the near layer's
  // units (its parallax), where it knocks the tablet's letters off (letters.h); NaN: (sceneX, sceneY).
  void setPointer(double sceneX, double sceneY, bool inside, double nearX = std::nan(""), double nearY = std::nan(""));
  void splash(double sceneX, double sceneY);                   // ignored unless on the water
  // The visitor's local wall-clock time (seconds; of the day is enough) at the current scene clock,
  // which the clock hands show from then on (a frozen moment: that moment's time). Default 0:
  // midnight at clock 0. Non-finite values are ignored.
  void setWallClock(double localSeconds);
  // The page's missing path, carved on the ruin's tablet (ruin.h, carvingOf); "" (the default)
  // leaves the tablet blank, as a banner's. Repaints the paint-once layers if it changed.
  void setPath(std::string_view path);
  // The ruin's life (docs/scene.md, "Life"): off, no walker, no fireflies and no falling letters,
  // the path intact (a banner's choice). Default on.
  void setLife(bool on);
  bool life() const { return walkerOn_; }
  // Reduced motion (not a frozen moment, which shows its time; docs/scene.md, "Life"): off, the
  // ruin's life is shown still: the ivy grown (at the next paint), the tablet's letters carved.
  // Default on.
  void setMotion(bool on);
  bool motion() const { return !still_; }
  const Letters& letters() const { return letters_; }
  const RuinIds& ruinIds() const { return ruinIds_; }  // the ruin's last paint (the pane's keylines)
  const Walker& walker() const { return walker_; }
  const Fireflies& fireflies() const { return fireflies_; }
  const Comets& comets() const { return comets_; }
  double wallClock() const { return hands_.wall + clock_; }
  // The hands' time of day now: seconds after midnight in [0, 86400), to the millisecond (what a
  // share link carries as `at`).
  double timeOfDay() const;

  // Stepped repaints (off by default), so that no call takes long: with setStepped(true),
  // setViewport, setDay, setDusk, setDayAndDusk, setSeason and setWorldSeed only begin a repaint
  // (a second one restarts it with both changes). The new layers are painted into back buffers in
  // units of bounded work by stepRepaint(); until the last unit the old layers, their size and the
  // placement stay as they were, and advance() runs the simulation but paints no tick. When
  // stepRepaint() returns true the new layers are in place: buffers may have moved and changed
  // size (read bufferWidth/Height, placement and pixels again) and every layer is new. The pixels
  // are those of the one-shot repaint, however the work is stepped. renderAll() and paintTick()
  // finish a repaint in progress first.
  void setStepped(bool on);
  bool stepped() const { return stepped_; }
  bool repainting() const { return job_; }
  // Runs up to `units` repaint units (at least one; each about 2^17 pixels' work, a few ms natively
  // at any pitch); true when the repaint completed. A work budget, not a time one: the scene reads
  // no clock (the JS face turns milliseconds into units as it goes).
  bool stepRepaint(int units = 1);
  // renderAll() as a stepped repaint of the tick layers (a still frame without a long call): when
  // stepped and sized, begins it (or makes the repaint in progress render at the current clock);
  // otherwise renderAll() at once.
  void beginRender();

  // Advances the simulation by dt seconds (capped at 0.05; negative/NaN -> 0) and runs whichever ticks
  // are due. Returns a bitmask (1 << Layer) of layers whose pixels changed since the last call
  // (including repaints caused by setters).
  uint32_t advance(double dt);
  // Paints every tick layer for the current state and clock (frozen time / reduced motion).
  uint32_t renderAll();
  // Paints one tick layer (sky, rift, hill, near or canopy) for the current state, as its tick would;
  // for benchmarks and tools. Returns its bit, or 0 for a paint-once layer or before setViewport().
  uint32_t paintTick(Layer l);
  // Jumps the clock and puts the simulation in the deterministic state for that time: the portal
  // state at its mode's target (heat straight to 0 or 1 as under reduced motion), motes and sky
  // drift positioned as if that spin/wind had held since t = 0, no eddies, splashes or gust. Does
  // not paint: call renderAll(). Same (seed, day, dusk, viewport, mode, clock) -> same pixels.
  // The clock is clamped to [0, 1e9] s.
  void setClock(double seconds);
  double clock() const { return clock_; }

  // Where the last advance() may have changed the pixels of layer l (its bit set in the mask it
  // returned): the whole layer after a repaint, else the part its tick painted or cleared, so a
  // page need copy only that much to its canvas. Empty for a layer advance() did not report.
  // kPaneLayer: the pane's, in pane pixels.
  Rect changedRect(int l) const;
  // The pane: its box on the layer canvas (CSS px; empty: none, as a banner's) and its pixels
  // (box-sized RGBA8, straight alpha, every pixel 0 or 255).
  Rect paneBox() const { return hasGrid_ ? pane_.box : Rect{}; }
  const uint8_t* panePixels() const {
    return hasGrid_ && !pane_.box.empty() ? reinterpret_cast<const uint8_t*>(pane_.img.p.data()) : nullptr;
  }

  int bufferWidth() const { return grid_.bw; }
  int bufferHeight() const { return grid_.bh; }
  int pitch() const { return grid_.pitch; }
  const uint8_t* pixels(Layer l) const;

  // Scene coordinates of a CSS point inside the viewport (no parallax offset applied).
  double sceneXFromCss(double cssX) const { return (cssX + kInset - grid_.ox) / grid_.scale; }
  double sceneYFromCss(double cssY) const { return (cssY + kInset - grid_.oy) / grid_.scale; }
  double gScenePerPixel() const { return grid_.px; }

  // Where the scene sits in the viewport, for a page that places elements over it (the portal) or
  // maps input into it: scene point (x, y) is at viewport CSS (x * scale + ox - inset,
  // y * scale + oy - inset) with no parallax. The one place the page learns this mapping.
  struct Placement {
    double scale, ox, oy, inset, sceneWidth, sceneHeight;
    double gateX, gateY, gateR, waterY;
  };
  Placement placement() const {
    return {grid_.scale, grid_.ox, grid_.oy, double(kInset), kSceneW, kSceneH, kGateX, kGateY, kGateR, kWater};
  }

  double farRidge(double x) const { return farRidgeAt(x, seeds_.farRidge); }
  double midRidge(double x) const { return midRidgeAt(x, seeds_.midRidge); }
  double hillTop(double x, double water = kWater) const {
    return islandTop(world_.island, x, water, seeds_.hillNoise, seeds_.islandFbm);
  }

  // Segment / tip counts of the grown canopy tree n (0 left, 1 right); zeros before setViewport().
  TreeStats treeStats(int n) const;

  // Introspection for tests and tools.
  double day() const { return day_; }
  double dusk() const { return dusk_; }
  uint32_t worldSeed() const { return seeds_.world; }
  const World& world() const { return world_; }
  double heat() const { return rift_.heat; }
  const Grid& grid() const { return grid_; }
  int paintOnceCount() const { return paintOnceCount_; }
  int renderCount() const { return renderCount_; }  // renderAll() calls, setViewport's included
  const PodList<SkyStar>& stars() const { return stars_; }
  const Palette& palette() const { return pal_; }
  bool starsShown() const { return day_ < kNightBelow; }

 private:
  static bool memoryFor(const Grid& g);  // whether the buffers of grid g can be allocated now
  // A repaint: the grid's tables (newGrid), the world's (newWorld), the paint-once layers and
  // caches, then every tick layer. Stepped, it paints into back_ and jobGrid_; else it runs at once
  // into layers_ and grid_ (its units as large as they come), reported by the next advance().
  void repaintAll(bool newGrid = false, bool newWorld = false);
  bool runUnit(int unitPixels);  // one unit of the repaint; true when it is complete
  const Grid& workGrid() const { return job_ && jobBack_ && jobNewGrid_ ? jobGrid_ : grid_; }
  void paintSkyTick(Image* L, const Grid& g);
  // The live sky tick spread over kSkyTickFrames steps (the copy and the flow, the inks in parts,
  // the strokes in parts, then shown); the pixels are those paintSkyTick() gives for the tick's
  // moment, shown a few frames later. stepSkyTick runs up to `steps` of them.
  void startSkyTick();
  uint32_t stepSkyTick(int steps);
  // -> the pixels of the layer that may have changed.
  Rect paintFieldTick(Image* L, const Grid& g);
  Rect paintRiftTick(Image* L, const Grid& g);
  Rect paintNearTick(Image* L, const Grid& g);
  void placeLetters();  // the letters laid out for the work grid, at the clock, from their start
  void lettersChanged();  // after placeLetters outside a repaint: the pane again
  Rect repaintPane();     // the pane from the shown layers and the letters now: -> what changed
  uint32_t paneBit() const { return pane_.box.empty() ? 0 : kPaneBit; }  // a repaint's report: none without a pane
  Rect paintCanopyTick(Image* L, const Grid& g);
  Rect paintGateTick(Image* L, const Grid& g);  // the ivy, the spill and the hands, what changed of them
  Rect paintIvyTick(Image* L, const Grid& g);  // the creepers that show something new (before the hands)
  Rect paintFxTick(Image* L, const Grid& g);
  Rect paintSpillTick(Image* L, const Grid& g);  // the light on the steps, when its level changed   // comets and fireflies (after the gate: comets stay under it)
  void resetSimulation();
  void setWorld(uint32_t seed);  // seeds, composition and everything grown from them
  double sway() const { return 0.45 + 0.55 * (gust_ < 1 ? gust_ : 1); }

  Seeds seeds_;
  World world_;
  Px riftRamp_[8];
  Grid grid_;
  bool hasGrid_ = false;
  double day_ = 1, dusk_ = 0;
  double dayAsked_ = 1;  // the daylight set, before a dark scheme's cap
  bool dark_ = false;
  double winterDay_ = std::nan("");  // no snow until setSeason
  Palette pal_{};
  PortalMode mode_ = PortalMode::Idle;

  Image layers_[kLayerCount];
  Image skyBase_, hillBase_;
  RidgeTables ridges_;
  Meadow meadow_;
  Opening opening_;
  RiftUnder riftUnder_;
  RuinLook ruinLook_{};
  RuinIds ruinIds_;
  PodList<Px> handsBase_;  // the ruin's pixels under the hands (handsBox), painted once
  IvyShown ivyShown_[2];   // what the gate layer's creepers show
  double ivyPaintedT_[2] = {kIvyGrown, kIvyGrown};  // the time they were painted as
  HandsPaint handsPaint_;  // the hands as the gate layer shows them
  PodList<Px> spillBase_;  // the ruin's pixels under the light spill (spillBox), painted once
  int spillLevel_ = 0, spillShown_ = 0;  // its level now, and as the gate layer shows it
  double spillAcc_ = 0;
  bool still_ = false;
  ClockState hands_;
  Walker walker_;
  double lifeAcc_ = 0;
  bool walkerOn_ = true;
  void placeWalker();  // her state at the clock, from her start in fixed steps
  void placeLife();    // the fireflies' and comets' likewise (at the portal's settled heat)
  Fireflies fireflies_{};
  Comets comets_{};
  Carving carving_{};
  Letters letters_;
  Pane pane_;             // the tablet's line and the flight at one CSS px a pixel
  long long paneKey_ = -1;  // the letters' step the pane shows
  bool paneMoving_ = false;  // whether the letters were moving then
  Rect paneChanged_;
  CanopyCache canopy_;
  bool canopyShaped_ = false;  // canopy_ holds the trees of this grid and world
  PodList<Cypress> pines_;
  PodList<SkyStar> stars_;
  PodList<Ripple> ripples_;
  PodList<uint8_t> scratch_;
  FlowField flow_;
  Image skyBack_;       // the sky tick in progress paints here, then is copied to the layer
  int skyStage_ = -1;   // the next step of the sky tick in progress; -1: none
  double skyClock_ = 0; // that tick's moment (the stars twinkle by it)
  Air skyAir_;          // and its air (the inks of its later steps)
  int skyUnit_ = 1;     // its ink parts' size (prepareSkyPart's unitPixels)
  Rect changed_[kLayerCount];  // what the last advance() changed, per layer

  // The repaint in progress (stepped) or running (one-shot).
  bool stepped_ = false;
  bool job_ = false, jobBack_ = false, jobNewGrid_ = false, jobNewWorld_ = false, jobReshape_ = false;
  bool jobRenderOnly_ = false;  // beginRender's: the paint-once layers are copied, not painted
  int jobStage_ = 0, jobPart_ = 0;
  Grid jobGrid_;
  Image back_[kLayerCount];
  Image* out_ = layers_;  // where the repaint paints: back_ when stepped, else layers_
  LandTables landTables_;

  // Simulation.
  double clock_ = 0;
  Air air_;
  double pullTarget_ = 0;
  RiftState rift_;
  double wind_ = 0, gust_ = 0;
  Splash splashes_[kMaxSplashes] = {};
  int splashCount_ = 0;
  uint32_t splashState_ = 0;
  double ptrX_ = 0, ptrY_ = 0, lastX_ = 0, lastY_ = 0, shed_ = 0;
  bool ptrInside_ = false, hasLast_ = false;
  int shedSign_ = 1;

  // Cadence.
  double skyAcc_ = 0, riftAcc_ = 0, jobAcc_[3] = {0.03, 0.06, 0.09};
  uint32_t dirty_ = 0;
  int paintOnceCount_ = 0;
  int renderCount_ = 0;
};

// Free functions for the golden tests (docs/scene.md, "Golden values"), for any world.
double farRidge(double x, uint32_t worldSeed = kDefaultWorldSeed);
double midRidge(double x, uint32_t worldSeed = kDefaultWorldSeed);
double hillTop(double x, double water, uint32_t worldSeed = kDefaultWorldSeed);
TreeStats growTreeStats(uint32_t seed, double x, double y, double lean, double width, double len);

}  // namespace nf::scene
