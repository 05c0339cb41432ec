// The scene's boundary to JavaScript: plain exported C functions (no embind), so the 404 page's
// module carries no binding runtime. Both modules link this file; cpp/bindings/scene.face.js turns
// these exports into Module.Landscape, worldParams(), parseWorldParam() ... in each of them.
//
// Conventions: nothing here throws. A call that can fail returns 0 and leaves its message in
// nf_error() (NUL-terminated UTF-8); texts going in are written by JS into nf_scratch(n) first.
// Returned pointers into wasm memory stay valid until the next call that may allocate.
#include <emscripten/em_macros.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "checks.h"
#include "noise/hash.h"
#include "noise/number_text.h"
#include "scene/compose.h"
#include "scene/departures.h"
#include "scene/landscape.h"
#include "scene/world_params.h"
#include "scene/world_state.h"

namespace sc = nf::scene;

namespace {

// A growable NUL-terminated byte buffer on malloc/realloc: the messages, results and JS texts of
// this file, built with << instead of std::string's temporaries (the 404 page downloads this code).
struct Text {
  char* p = nullptr;
  size_t n = 0, cap = 0;
  char* reserve(size_t size) {  // room for size bytes and a NUL
    if (size + 1 > cap) {  // malloc, copy, free: emmalloc's realloc is far more code
      cap = std::max(size + 1, 2 * cap);
      char* q = static_cast<char*>(std::malloc(cap));
      if (!q) std::abort();
      if (p) std::memcpy(q, p, n + 1);
      std::free(p);
      p = q;
    }
    return p;
  }
  Text& clear() {
    n = 0;
    reserve(0)[0] = 0;
    return *this;
  }
  Text& operator<<(std::string_view s) {
    reserve(n + s.size());
    std::memcpy(p + n, s.data(), s.size());
    n += s.size();
    p[n] = 0;
    return *this;
  }
  Text& operator<<(const char* s) { return *this << std::string_view(s); }
  Text& operator<<(double v) {  // JS-style NaN, Infinity; written in place, no std::string
    char buf[nf::kNumberTextMax];
    return *this << std::string_view(buf, nf::formatNumber(v, buf));
  }
  const char* c_str() { return n ? p : (clear(), p); }
};

Text error_;    // the last failure's message
Text text_;     // the last text result
Text scratch_;  // texts from JS
double number_ = 0;  // the last number result

// A failure: return failed(error() << "message " << value);
Text& error() { return error_.clear(); }
int failed(const Text&) { return 0; }

using nf::bind::integerIn;
using nf::bind::unitIn;

struct Scene {
  explicit Scene(uint32_t seed) : scene(seed) {}
  sc::Landscape scene;
  sc::WorldState world;  // the world as given through nf_scene_set_world
  sc::WorldView view;
  sc::PodList<uint8_t> picture;
  int pictureWidth = 0, pictureHeight = 0;
  sc::PodList<uint8_t> flat;  // nf_scene_flatten's layers, bufferWidth x bufferHeight
  double placement[10] = {};
  int32_t changed[4 * (sc::kLayerCount + 1)] = {};  // the layers', then the pane's
  int32_t pane[4] = {};
};

// nf_scene_set_world's texts' byte lengths, written by JS: name, value, name, value ...
int32_t worldLengths_[2 * sc::kMaxWorldRows];

Text& framings(Text& t, const char* separator) {
  const auto& names = sc::framingNames();
  for (size_t i = 0; i < names.size(); ++i) t << (i ? separator : "") << std::string_view(names[i]);
  return t;
}

const char* kindName(sc::ParamKind k) {
  switch (k) {
    case sc::ParamKind::Seed: return "seed";
    case sc::ParamKind::Number: return "number";
    case sc::ParamKind::Integer: return "integer";
    case sc::ParamKind::Season: return "season";
    case sc::ParamKind::Choice: return "choice";
    case sc::ParamKind::Switch: return "switch";
    case sc::ParamKind::Flag: return "flag";
    case sc::ParamKind::Path: return "path";
    case sc::ParamKind::Text: return "text";
  }
  return "";
}

}  // namespace

extern "C" {

// With their byte lengths: a text may hold a NUL (a seed word from a URL's %00 does).
EMSCRIPTEN_KEEPALIVE const char* nf_error() { return error_.c_str(); }
EMSCRIPTEN_KEEPALIVE int nf_error_size() { return static_cast<int>(error_.n); }
EMSCRIPTEN_KEEPALIVE const char* nf_text() { return text_.c_str(); }
EMSCRIPTEN_KEEPALIVE int nf_text_size() { return static_cast<int>(text_.n); }
EMSCRIPTEN_KEEPALIVE double nf_number() { return number_; }
// Room for n bytes of text from JS (may grow memory).
EMSCRIPTEN_KEEPALIVE char* nf_scratch(int n) { return scratch_.reserve(static_cast<size_t>(std::max(n, 0))); }
EMSCRIPTEN_KEEPALIVE double nf_heap_used() { return static_cast<double>(mallinfo().uordblks); }

// ---- constants ----
EMSCRIPTEN_KEEPALIVE double nf_default_world_seed() { return sc::kDefaultWorldSeed; }
EMSCRIPTEN_KEEPALIVE double nf_max_world_seed() { return sc::kMaxWorldSeed; }
EMSCRIPTEN_KEEPALIVE double nf_max_buffer_pixels() { return static_cast<double>(sc::kMaxBufferPixels); }
EMSCRIPTEN_KEEPALIVE double nf_dark_day_cap() { return sc::kDarkDayCap; }
EMSCRIPTEN_KEEPALIVE double nf_shortest_tick() { return sc::kShortestTick; }
EMSCRIPTEN_KEEPALIVE int nf_layer_count() { return sc::kLayerCount; }
// The layers' names, comma-separated, back to front (landscape.h).
EMSCRIPTEN_KEEPALIVE const char* nf_layer_names() { return (text_.clear() << sc::kLayerNames).c_str(); }
// Their parallax depths, in that order.
EMSCRIPTEN_KEEPALIVE const char* nf_layer_depths() { return (text_.clear() << sc::kLayerDepths).c_str(); }
EMSCRIPTEN_KEEPALIVE const char* nf_layer_hard_alpha() { return (text_.clear() << sc::kLayerHardAlpha).c_str(); }
// The opaque base's layers, comma-separated names, back to front (landscape.h, kOpaqueBase).
EMSCRIPTEN_KEEPALIVE const char* nf_opaque_base() { return (text_.clear() << sc::kOpaqueBase).c_str(); }
// The named framings, comma-separated, in order.
EMSCRIPTEN_KEEPALIVE const char* nf_framings() { return framings(text_.clear(), ",").c_str(); }
EMSCRIPTEN_KEEPALIVE int nf_auto_pitch(double cssWidth) {
  return sc::autoPitch(std::isfinite(cssWidth) ? static_cast<int>(std::max(1.0, std::min(cssWidth, double(sc::kMaxViewportCss)))) : 1);
}
// The scene's facts (landscape.h), so no page writes them again.
EMSCRIPTEN_KEEPALIVE double nf_max_viewport_css() { return sc::kMaxViewportCss; }
EMSCRIPTEN_KEEPALIVE double nf_night_below() { return sc::kNightBelow; }
// 0 kSwayX, 1 kSwayY, then the layers the page's input follows: 2 pointer, 3 portal, 4 water.
EMSCRIPTEN_KEEPALIVE double nf_parallax(int f) {
  const double v[5] = {sc::kSwayX, sc::kSwayY, double(sc::kPointerLayer), double(sc::kPortalLayer), double(sc::kWaterLayer)};
  return f >= 0 && f < 5 ? v[f] : 0;
}
// The pane (landscape.h): 0 its bit's index in advance()'s mask (kPaneLayer), 1 the layer it is above.
EMSCRIPTEN_KEEPALIVE int nf_pane(int f) { return f == 0 ? sc::kPaneLayer : (f == 1 ? int(sc::kPaneAbove) : -1); }
EMSCRIPTEN_KEEPALIVE const char* nf_portal_modes() { return (text_.clear() << sc::kPortalModeNames).c_str(); }
EMSCRIPTEN_KEEPALIVE const char* nf_placement_names() { return (text_.clear() << sc::kPlacementNames).c_str(); }

// The departures board's i-th wandering pick among `pages` pages (scene/departures.h); -1 for a
// count or index out of range (the board asks for at most a few of at most a few hundred pages).
EMSCRIPTEN_KEEPALIVE int nf_wander_pick(double world, int pages, int i) {
  if (pages < 1 || pages > 10000 || i < 0 || i > 100) return -1;
  return static_cast<int>(sc::wanderPick(nf::seedToU32(world), static_cast<uint32_t>(pages), static_cast<uint32_t>(i)));
}

// ---- the parameter table (cpp/scene/world_params.h) ----
EMSCRIPTEN_KEEPALIVE int nf_param_count() { return static_cast<int>(sc::worldParams().size()); }
// Field f of row i: 0 name, 1 option, 2 kind, 3 choices (comma-separated), 4 allowed. The rows'
// documentation (defaults in words, descriptions) is nf_param_doc(), in the full module only
// (scene_docs_exports.cpp): the 404 page shows none of it.
EMSCRIPTEN_KEEPALIVE const char* nf_param_text(int i, int f) {
  const sc::WorldParam& p = sc::worldParams()[static_cast<size_t>(i)];
  switch (f) {
    case 0: return p.name;
    case 1: return p.option;
    case 2: return kindName(p.kind);
    case 3: return p.choices;
    default: return p.allowed;
  }
}
EMSCRIPTEN_KEEPALIVE double nf_param_min(int i) { return sc::worldParams()[static_cast<size_t>(i)].min; }
EMSCRIPTEN_KEEPALIVE double nf_param_max(int i) { return sc::worldParams()[static_cast<size_t>(i)].max; }
// Bits: 1 in URLs, 2 in mount() options, 4 on the CLI.
EMSCRIPTEN_KEEPALIVE int nf_param_scope(int i) { return static_cast<int>(sc::worldParams()[static_cast<size_t>(i)].scope); }
// The row's effect (world_state.h): 0 the scene, 1 the view, 2 the page's own, 3 the scene's with
// its value read back from it (the clock, the time of day).
EMSCRIPTEN_KEEPALIVE int nf_param_effect(int i) {
  const sc::WorldParam& p = sc::worldParams()[static_cast<size_t>(i)];
  const sc::WorldEffect e = sc::worldEffect(p);
  return e == sc::WorldEffect::Scene && sc::worldReadsBack(p) ? 3 : static_cast<int>(e);
}

// Parses the text in scratch (name: the first nameLength bytes, then the value). 0: error
// (nf_error() is the message); else bit 1 (2) when the value is text (nf_text()) rather than a number
// (nf_number()), bit 2 (4) for a word seed (nf_text() is the word).
EMSCRIPTEN_KEEPALIVE int nf_parse_param(int nameLength, int valueLength) {
  const std::string_view name(scratch_.p, static_cast<size_t>(nameLength));
  const std::string_view raw(scratch_.p + nameLength, static_cast<size_t>(valueLength));
  const sc::WorldParam* p = sc::findWorldParam(name);
  if (!p) return failed(error() << "unknown parameter " << name);
  const sc::ParamValue v = sc::parseWorldParam(*p, raw);
  if (!v.ok) return failed(error() << "expected " << p->allowed);
  number_ = v.number;
  text_.clear() << v.text;
  const bool text = p->kind == sc::ParamKind::Choice || p->kind == sc::ParamKind::Switch ||
                    p->kind == sc::ParamKind::Path || p->kind == sc::ParamKind::Text || (p->kind == sc::ParamKind::Season && std::isnan(v.number));
  return 1 | (text ? 2 : 0) | (v.word ? 4 : 0);
}
EMSCRIPTEN_KEEPALIVE double nf_seed_from_text(int length) {
  return sc::seedFromText(std::string_view(scratch_.p, static_cast<size_t>(length)));
}

// ---- the scene (cpp/scene/landscape.h) ----
EMSCRIPTEN_KEEPALIVE Scene* nf_scene_new(double worldSeed) { return new Scene(nf::seedToU32(worldSeed)); }
EMSCRIPTEN_KEEPALIVE void nf_scene_delete(Scene* s) { delete s; }

// framing: a name of framingNames() in scratch (length bytes), or length -1 for the scene point (x, y).
EMSCRIPTEN_KEEPALIVE int nf_scene_set_viewport(Scene* s, double cssWidth, double cssHeight, double pitch, int length,
                                               double x, double y) {
  if (!integerIn(error(), "cssWidth", cssWidth, 1, sc::kMaxViewportCss) || !integerIn(error(), "cssHeight", cssHeight, 1, sc::kMaxViewportCss) ||
      !integerIn(error(), "pitch", pitch, 0, 8))
    return 0;
  sc::Framing f;
  if (length < 0) {
    if (!(std::isfinite(x) && x >= 0 && x <= sc::kSceneW && std::isfinite(y) && y >= 0 && y <= sc::kSceneH))
      return failed(error() << "framing point must be { x, y } in scene units, x in [0, " << double(sc::kSceneW) << "], y in [0, "
                     << double(sc::kSceneH) << "] (got " << x << ", " << y << ")");
    f.kind = sc::Framing::Point;
    f.x = x;
    f.y = y;
  } else {
    const std::string_view name(scratch_.p, static_cast<size_t>(length));
    if (!sc::framingNamed(name, &f))
      return failed(framings(error() << "framing must be one of ", ", ") << " or a point { x, y } (got " << name << ")");
  }
  const int w = static_cast<int>(cssWidth), h = static_cast<int>(cssHeight), p = static_cast<int>(pitch);
  if (!s->scene.setViewport({w, h, p, f})) {
    const sc::Grid g = sc::makeGrid(w, h, p, f);
    return failed(error() << "setViewport: " << cssWidth << " x " << cssHeight << " at pitch " << double(g.pitch) << " needs about "
                   << std::ceil(double(g.bw) * g.bh * sc::kBytesPerBufferPixel / 1048576)
                   << " MB of buffers, more than the module can allocate now; the previous viewport stays");
  }
  return 1;
}
// The world (scene/world_state.h), the one way in for a page's state: `pairs` (name, raw text)
// pairs in scratch, one text after another, their byte lengths in nf_world_lengths(). Every value
// is checked by the parameter table before any is applied (0: nf_error() names the first bad
// one); then the scene takes them in the table's order, each by its row's effect.
EMSCRIPTEN_KEEPALIVE int32_t* nf_world_lengths() { return worldLengths_; }
EMSCRIPTEN_KEEPALIVE int nf_scene_set_world(Scene* s, int pairs) {
  if (pairs < 0 || pairs > static_cast<int>(sc::worldParams().size()))
    return failed(error() << "a world has at most " << double(sc::worldParams().size()) << " parameters");
  for (int pass = 0; pass < 2; ++pass) {
    size_t at = 0;
    for (int i = 0; i < pairs; ++i) {
      const int32_t nl = worldLengths_[2 * i], vl = worldLengths_[2 * i + 1];
      if (nl < 0 || vl < 0 || at + size_t(nl) + size_t(vl) > scratch_.cap) return failed(error() << "world texts out of range");
      const std::string_view name(scratch_.p + at, size_t(nl)), raw(scratch_.p + at + nl, size_t(vl));
      at += size_t(nl) + size_t(vl);
      if (pass == 0 ? !s->world.check(name, raw, sc::kInOptions) : !s->world.set(name, raw, sc::kInOptions))
        return failed(error() << std::string_view(s->world.error(), s->world.errorSize()));
    }
  }
  s->world.apply(s->scene, &s->view);
  return 1;
}
// Row i of the world as the scene has it, for a share link: 0 none (not given, not a URL
// parameter, or the page's own), 1 a number (nf_number()), 2 a text (nf_text(), nf_text_size()).
// The clock, the time of day and the pitch are the scene's (they move); the rest as given.
EMSCRIPTEN_KEEPALIVE int nf_scene_world_value(Scene* s, int i) {
  if (i < 0 || i >= static_cast<int>(sc::worldParams().size())) return 0;
  const sc::WorldParam& p = sc::worldParams()[static_cast<size_t>(i)];
  if (!(p.scope & sc::kInUrl) || sc::worldEffect(p) == sc::WorldEffect::Page) return 0;
  if (sc::worldSceneValue(p, s->scene, &number_)) return 1;
  if (!s->world.has(p)) return 0;
  const sc::ParamValue& v = s->world.value(p);
  if (p.kind == sc::ParamKind::Number || p.kind == sc::ParamKind::Integer || (p.kind == sc::ParamKind::Seed && !v.word) ||
      (p.kind == sc::ParamKind::Season && !std::isnan(v.number))) {
    number_ = v.number;
    return 1;
  }
  text_.clear() << v.text;
  return 2;
}
EMSCRIPTEN_KEEPALIVE int nf_scene_set_day(Scene* s, double day) {
  if (!unitIn(error(), "day", day)) return 0;
  s->scene.setDay(day);
  return 1;
}
EMSCRIPTEN_KEEPALIVE int nf_scene_set_dusk(Scene* s, double dusk) {
  if (!unitIn(error(), "dusk", dusk)) return 0;
  s->scene.setDusk(dusk);
  return 1;
}
EMSCRIPTEN_KEEPALIVE int nf_scene_set_day_and_dusk(Scene* s, double day, double dusk) {
  if (!unitIn(error(), "day", day) || !unitIn(error(), "dusk", dusk)) return 0;
  s->scene.setDayAndDusk(day, dusk);
  return 1;
}
// NaN (null in JS): no snow.
EMSCRIPTEN_KEEPALIVE int nf_scene_set_season(Scene* s, double winterDay) {
  if (!std::isnan(winterDay) && !(winterDay >= 0 && winterDay <= 365))
    return failed(error() << "season must be a day of the year in [0, 365] or null for no snow (got " << winterDay << ")");
  s->scene.setSeason(winterDay);
  return 1;
}
EMSCRIPTEN_KEEPALIVE int nf_scene_set_world_seed(Scene* s, double seed) {
  if (!integerIn(error(), "seed", seed, 0, sc::kMaxWorldSeed)) return 0;
  s->scene.setWorldSeed(static_cast<uint32_t>(seed));
  return 1;
}
// A double: 2^32 + 1 must be refused, not wrapped to 1 ("hot").
EMSCRIPTEN_KEEPALIVE int nf_scene_set_portal_mode(Scene* s, double mode) {
  if (!(mode == 0 || mode == 1 || mode == 2))
    return failed(error() << "portal mode must be idle, hot or enter (or 0, 1, 2) (got " << mode << ")");
  s->scene.setPortalMode(static_cast<sc::PortalMode>(static_cast<int>(mode)));
  return 1;
}
EMSCRIPTEN_KEEPALIVE int nf_scene_set_clock(Scene* s, double seconds) {
  if (!(std::isfinite(seconds) && seconds >= 0)) return failed(error() << "clock must be a finite number >= 0 (got " << seconds << ")");
  s->scene.setClock(seconds);
  return 1;
}
// Hot path: non-finite coordinates are dropped, nothing is reported. (nx, ny): the point in the
// near layer's units (NaN: the same point).
EMSCRIPTEN_KEEPALIVE void nf_scene_set_pointer(Scene* s, double x, double y, int inside, double nx, double ny) {
  if (std::isfinite(x) && std::isfinite(y)) s->scene.setPointer(x, y, inside != 0, nx, ny);
}
// The path in scratch, length bytes of UTF-8.
EMSCRIPTEN_KEEPALIVE void nf_scene_set_path(Scene* s, int length) {
  s->scene.setPath(std::string_view(scratch_.p, static_cast<size_t>(std::max(length, 0))));
}
EMSCRIPTEN_KEEPALIVE int nf_scene_set_wall_clock(Scene* s, double seconds) {
  if (!std::isfinite(seconds)) return failed(error() << "wall clock must be a finite number of seconds (got " << seconds << ")");
  s->scene.setWallClock(seconds);
  return 1;
}
EMSCRIPTEN_KEEPALIVE double nf_scene_wall_clock(Scene* s) { return s->scene.wallClock(); }
EMSCRIPTEN_KEEPALIVE void nf_scene_set_life(Scene* s, int on) { s->scene.setLife(on != 0); }
EMSCRIPTEN_KEEPALIVE void nf_scene_set_motion(Scene* s, int on) { s->scene.setMotion(on != 0); }
EMSCRIPTEN_KEEPALIVE void nf_scene_splash(Scene* s, double x, double y) {
  if (std::isfinite(x) && std::isfinite(y)) s->scene.splash(x, y);
}
EMSCRIPTEN_KEEPALIVE uint32_t nf_scene_advance(Scene* s, double dt) { return s->scene.advance(dt); }
EMSCRIPTEN_KEEPALIVE uint32_t nf_scene_render_all(Scene* s) { return s->scene.renderAll(); }
// Per layer, then the pane, four ints x, y, width, height: where the last advance() changed it
// (changedRect; the pane's in pane pixels).
EMSCRIPTEN_KEEPALIVE const int32_t* nf_scene_changed(Scene* s) {
  for (int l = 0; l <= sc::kLayerCount; ++l) {
    const sc::Rect r = s->scene.changedRect(l);
    const bool none = r.empty();
    int32_t* o = s->changed + 4 * l;
    o[0] = none ? 0 : r.i0;
    o[1] = none ? 0 : r.j0;
    o[2] = none ? 0 : r.i1 - r.i0;
    o[3] = none ? 0 : r.j1 - r.j0;
  }
  return s->changed;
}
// Stepped repaints (cpp/scene/landscape.h): the face turns a time budget into units.
EMSCRIPTEN_KEEPALIVE void nf_scene_set_stepped(Scene* s, int on) { s->scene.setStepped(on != 0); }
EMSCRIPTEN_KEEPALIVE int nf_scene_repainting(Scene* s) { return s->scene.repainting(); }
EMSCRIPTEN_KEEPALIVE int nf_scene_step_repaint(Scene* s, int units) { return s->scene.stepRepaint(units); }
EMSCRIPTEN_KEEPALIVE void nf_scene_begin_render(Scene* s) { s->scene.beginRender(); }
EMSCRIPTEN_KEEPALIVE double nf_scene_clock(Scene* s) { return s->scene.clock(); }
EMSCRIPTEN_KEEPALIVE double nf_scene_day(Scene* s) { return s->scene.day(); }
EMSCRIPTEN_KEEPALIVE double nf_scene_dusk(Scene* s) { return s->scene.dusk(); }
EMSCRIPTEN_KEEPALIVE double nf_scene_season(Scene* s) { return s->scene.season(); }
EMSCRIPTEN_KEEPALIVE double nf_scene_world_seed(Scene* s) { return s->scene.worldSeed(); }
EMSCRIPTEN_KEEPALIVE double nf_scene_heat(Scene* s) { return s->scene.heat(); }
EMSCRIPTEN_KEEPALIVE int nf_scene_stars_shown(Scene* s) { return s->scene.starsShown(); }
EMSCRIPTEN_KEEPALIVE int nf_scene_star_count(Scene* s) { return static_cast<int>(s->scene.stars().size()); }
EMSCRIPTEN_KEEPALIVE int nf_scene_paint_once_count(Scene* s) { return s->scene.paintOnceCount(); }
EMSCRIPTEN_KEEPALIVE int nf_scene_render_count(Scene* s) { return s->scene.renderCount(); }
EMSCRIPTEN_KEEPALIVE int nf_scene_buffer_width(Scene* s) { return s->scene.bufferWidth(); }
EMSCRIPTEN_KEEPALIVE int nf_scene_buffer_height(Scene* s) { return s->scene.bufferHeight(); }
EMSCRIPTEN_KEEPALIVE int nf_scene_pitch(Scene* s) { return s->scene.pitch(); }
EMSCRIPTEN_KEEPALIVE double nf_scene_x_from_css(Scene* s, double x) { return s->scene.sceneXFromCss(x); }
EMSCRIPTEN_KEEPALIVE double nf_scene_y_from_css(Scene* s, double y) { return s->scene.sceneYFromCss(y); }
EMSCRIPTEN_KEEPALIVE double nf_scene_g_per_pixel(Scene* s) { return s->scene.gScenePerPixel(); }
// Ten doubles: scale, ox, oy, inset, sceneWidth, sceneHeight, gateX, gateY, gateR, waterY.
EMSCRIPTEN_KEEPALIVE const double* nf_scene_placement(Scene* s) {
  const auto pl = s->scene.placement();
  const double v[10] = {pl.scale, pl.ox, pl.oy, pl.inset, pl.sceneWidth, pl.sceneHeight, pl.gateX, pl.gateY, pl.gateR, pl.waterY};
  std::copy(v, v + 10, s->placement);
  return s->placement;
}
// The RGBA8 layer, bufferWidth x bufferHeight (nullptr before setViewport).
// The pane's box on the layer canvas (CSS px: x, y, width, height; all 0 for none) and its pixels.
EMSCRIPTEN_KEEPALIVE const int32_t* nf_scene_pane(Scene* s) {
  const sc::Rect r = s->scene.paneBox();
  const bool none = r.empty();
  s->pane[0] = none ? 0 : r.i0;
  s->pane[1] = none ? 0 : r.j0;
  s->pane[2] = none ? 0 : r.i1 - r.i0;
  s->pane[3] = none ? 0 : r.j1 - r.j0;
  return s->pane;
}
EMSCRIPTEN_KEEPALIVE const uint8_t* nf_scene_pane_pixels(Scene* s) { return s->scene.panePixels(); }
EMSCRIPTEN_KEEPALIVE const uint8_t* nf_scene_pixels(Scene* s, int layer) {
  return layer >= 0 && layer < sc::kLayerCount ? s->scene.pixels(static_cast<sc::Layer>(layer)) : nullptr;
}
// Layers first..last flattened within [x0, x1) x [y0, y1) (scene/compose.h, flattenRect) into the
// scene's flat buffer, bufferWidth x bufferHeight RGBA8: -> the buffer (nullptr, and nf_error, for a
// bad run or before setViewport()).
EMSCRIPTEN_KEEPALIVE const uint8_t* nf_scene_flatten(Scene* s, int first, int last, int x0, int y0, int x1, int y1) {
  if (!(first >= 0 && first <= last && last < sc::kLayerCount)) {
    failed(error() << "flatten: the layers must be a run first <= last in 0.." << (sc::kLayerCount - 1) << " (got " << first << ", " << last << ")");
    return nullptr;
  }
  if (!sc::flattenRect(s->scene, first, last, x0, y0, x1, y1, s->flat)) {
    failed(error() << "no pixels before setViewport()");
    return nullptr;
  }
  return s->flat.data();
}
// The seven layers composited as the page stacks them (scene/compose.h), at rest: region 0 "buffer"
// (the buffer pixels the viewport shows, zoom x zoom each; the page's Save picture), 1 "viewport"
// (the page's picture at a devicePixelRatio of zoom, the native CLI's PNG). Then
// nf_scene_picture_pixels / _width / _height.
EMSCRIPTEN_KEEPALIVE int nf_scene_picture(Scene* s, double zoom, int region) {
  if (!integerIn(error(), "zoom", zoom, 1, 16)) return 0;
  if (!s->scene.pixels(sc::kSky)) return failed(error() << "no pixels before setViewport()");
  const int z = static_cast<int>(zoom);
  const sc::ComposeRect r = region == 0 ? sc::bufferViewRect(s->scene, z) : sc::viewportRect(s->scene, z);
  if (static_cast<double>(r.width) * r.height > 64.0 * 1024 * 1024) return failed(error() << "picture too large: choose a smaller zoom");
  s->picture = sc::composite(s->scene, r);
  s->pictureWidth = r.width;
  s->pictureHeight = r.height;
  return 1;
}
EMSCRIPTEN_KEEPALIVE const uint8_t* nf_scene_picture_pixels(Scene* s) { return s->picture.data(); }
EMSCRIPTEN_KEEPALIVE int nf_scene_picture_width(Scene* s) { return s->pictureWidth; }
EMSCRIPTEN_KEEPALIVE int nf_scene_picture_height(Scene* s) { return s->pictureHeight; }

}  // extern "C"
