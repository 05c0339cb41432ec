// The scene module's embind glue: the 404 landscape (cpp/scene/landscape.h). RawLandscape is
// wrapped by Module.Landscape in api.scene.post.js; calls that can fail return { error }.
// pixels(layer) is a zero-copy Uint8Array over wasm memory, valid until the next call that may grow
// memory (fetch it again after setViewport, setDay, setWorldSeed, splash or any new object).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "checks.h"
#include "results.h"
#include "scene/compose.h"
#include "scene/landscape.h"

using emscripten::val;
using namespace nf::bind;

namespace {

class JsLandscape {
 public:
  explicit JsLandscape(double worldSeed) : scene_(nf::seedToU32(worldSeed)) {}

  // framing: a name of nf::scene::framingNames(), or "point" with the scene point (x, y).
  val setViewport(double cssWidth, double cssHeight, double pitch, const std::string& framing, double x, double y) {
    std::string e;
    if (!(e = checkInteger("cssWidth", cssWidth, 1, 16384)).empty()) return errorResult(e);
    if (!(e = checkInteger("cssHeight", cssHeight, 1, 16384)).empty()) return errorResult(e);
    if (!(e = checkInteger("pitch", pitch, 0, 8)).empty()) return errorResult(e);
    nf::scene::Framing f;
    if (framing == "point") {
      if (!(std::isfinite(x) && x >= 0 && x <= nf::scene::kSceneW && std::isfinite(y) && y >= 0 && y <= nf::scene::kSceneH))
        return errorResult("framing point must be { x, y } in scene units, x in [0, " + fmtNumber(nf::scene::kSceneW) +
                           "], y in [0, " + fmtNumber(nf::scene::kSceneH) + "] (got " + fmtNumber(x) + ", " + fmtNumber(y) + ")");
      f.kind = nf::scene::Framing::Point;
      f.x = x;
      f.y = y;
    } else if (!nf::scene::framingNamed(framing, &f)) {
      std::string names;
      for (const auto& n : nf::scene::framingNames()) names += (names.empty() ? "" : ", ") + n;
      return errorResult("framing must be one of " + names + " or a point { x, y } (got " + framing + ")");
    }
    if (!scene_.setViewport({static_cast<int>(cssWidth), static_cast<int>(cssHeight), static_cast<int>(pitch), f})) {
      const nf::scene::Grid g = nf::scene::makeGrid(static_cast<int>(cssWidth), static_cast<int>(cssHeight), static_cast<int>(pitch), f);
      return errorResult("setViewport: " + fmtNumber(cssWidth) + " x " + fmtNumber(cssHeight) + " at pitch " +
                         fmtNumber(g.pitch) + " needs about " +
                         fmtNumber(std::ceil(double(g.bw) * g.bh * nf::scene::kBytesPerBufferPixel / 1048576)) +
                         " MB of buffers, more than the module can allocate now; the previous viewport stays");
    }
    return val::undefined();
  }
  val setDay(double day) {
    const std::string e = checkUnit("day", day);
    if (!e.empty()) return errorResult(e);
    scene_.setDay(day);
    return val::undefined();
  }
  val setDayAndDusk(double day, double dusk) {
    std::string e = checkUnit("day", day);
    if (e.empty()) e = checkUnit("dusk", dusk);
    if (!e.empty()) return errorResult(e);
    scene_.setDayAndDusk(day, dusk);
    return val::undefined();
  }
  val setDusk(double dusk) {
    const std::string e = checkUnit("dusk", dusk);
    if (!e.empty()) return errorResult(e);
    scene_.setDusk(dusk);
    return val::undefined();
  }
  // NaN (from null in JS): no snow.
  val setSeason(double winterDay) {
    if (!std::isnan(winterDay) && !(winterDay >= 0 && winterDay <= 365))
      return errorResult("season must be a day of the year in [0, 365] or null for no snow (got " + fmtNumber(winterDay) + ")");
    scene_.setSeason(winterDay);
    return val::undefined();
  }
  double season() const { return scene_.season(); }
  double dusk() const { return scene_.dusk(); }
  val setWorldSeed(double seed) {
    std::string e = checkInteger("seed", seed, 0, 4294967295.0);
    if (!e.empty()) return errorResult(e);
    scene_.setWorldSeed(static_cast<uint32_t>(seed));
    return val::undefined();
  }
  // A double, not an int: embind would wrap 2^32 + 1 to 1 ("hot") before any check could see it.
  val setPortalMode(double mode) {
    if (!(mode == 0 || mode == 1 || mode == 2))
      return errorResult("portal mode must be idle, hot or enter (or 0, 1, 2) (got " + fmtNumber(mode) + ")");
    scene_.setPortalMode(static_cast<nf::scene::PortalMode>(static_cast<int>(mode)));
    return val::undefined();
  }
  val setClock(double seconds) {
    if (!(std::isfinite(seconds) && seconds >= 0)) return errorResult("clock must be a finite number >= 0 (got " + fmtNumber(seconds) + ")");
    scene_.setClock(seconds);
    return val::undefined();
  }
  // Hot path: no validation objects. Non-finite coordinates are dropped here.
  void setPointer(double x, double y, bool inside) {
    if (std::isfinite(x) && std::isfinite(y)) scene_.setPointer(x, y, inside);
  }
  void splash(double x, double y) {
    if (std::isfinite(x) && std::isfinite(y)) scene_.splash(x, y);
  }
  uint32_t advance(double dt) { return scene_.advance(dt); }
  uint32_t renderAll() { return scene_.renderAll(); }
  void setStepped(bool on) { scene_.setStepped(on); }
  bool repainting() const { return scene_.repainting(); }
  bool stepRepaint(double budgetMs) { return scene_.stepRepaint(budgetMs); }
  void beginRender() { scene_.beginRender(); }
  double clock() const { return scene_.clock(); }
  double day() const { return scene_.day(); }
  double worldSeed() const { return scene_.worldSeed(); }
  double heat() const { return scene_.heat(); }
  bool starsShown() const { return scene_.starsShown(); }
  int starCount() const { return static_cast<int>(scene_.stars().size()); }
  int paintOnceCount() const { return scene_.paintOnceCount(); }
  int renderCount() const { return scene_.renderCount(); }
  int bufferWidth() const { return scene_.bufferWidth(); }
  int bufferHeight() const { return scene_.bufferHeight(); }
  int pitch() const { return scene_.pitch(); }
  double sceneXFromCss(double x) const { return scene_.sceneXFromCss(x); }
  double sceneYFromCss(double y) const { return scene_.sceneYFromCss(y); }
  double gScenePerPixel() const { return scene_.gScenePerPixel(); }
  // Called once per relayout, not per frame.
  val placement() const {
    const auto pl = scene_.placement();
    val o = val::object();
    o.set("scale", pl.scale);
    o.set("ox", pl.ox);
    o.set("oy", pl.oy);
    o.set("inset", pl.inset);
    o.set("sceneWidth", pl.sceneWidth);
    o.set("sceneHeight", pl.sceneHeight);
    o.set("gateX", pl.gateX);
    o.set("gateY", pl.gateY);
    o.set("gateR", pl.gateR);
    o.set("waterY", pl.waterY);
    return o;
  }
  // The seven layers composited as the page stacks them (scene/compose.h), at rest: "buffer" is
  // the buffer pixels the viewport shows, zoom x zoom each (the page's Save picture); "viewport"
  // is the page's picture at a devicePixelRatio of zoom (the native CLI's PNG). { width, height,
  // pixels }: pixels is a zero-copy RGBA view, valid until the next call that may grow memory.
  val picture(double zoom, const std::string& region) {
    std::string e = checkInteger("zoom", zoom, 1, 16);
    if (e.empty() && region != "buffer" && region != "viewport") e = "region must be buffer or viewport (got " + region + ")";
    if (e.empty() && !scene_.pixels(nf::scene::kSky)) e = "no pixels before setViewport()";
    if (!e.empty()) return errorResult(e);
    const int z = static_cast<int>(zoom);
    const nf::scene::ComposeRect r =
        region == "buffer" ? nf::scene::bufferViewRect(scene_, z) : nf::scene::viewportRect(scene_, z);
    if (static_cast<double>(r.width) * r.height > 64.0 * 1024 * 1024) return errorResult("picture too large: choose a smaller zoom");
    picture_ = nf::scene::composite(scene_, r);
    val o = val::object();
    o.set("width", r.width);
    o.set("height", r.height);
    o.set("pixels", val(emscripten::typed_memory_view(picture_.size(), picture_.data())));
    return o;
  }
  val pixels(int layer) const {
    if (layer < 0 || layer >= nf::scene::kLayerCount) return errorResult("layer must be an integer in [0, 6]");
    const uint8_t* p = scene_.pixels(static_cast<nf::scene::Layer>(layer));
    if (!p) return errorResult("no pixels before setViewport()");
    const size_t n = static_cast<size_t>(scene_.bufferWidth()) * static_cast<size_t>(scene_.bufferHeight()) * 4;
    return val(emscripten::typed_memory_view(n, p));
  }

 private:
  nf::scene::Landscape scene_;
  std::vector<uint8_t> picture_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(noisefield_scene) {
  using namespace emscripten;
  constant("kLandscapeLayerCount", static_cast<int>(nf::scene::kLayerCount));
  constant("kDefaultWorldSeed", static_cast<double>(nf::scene::kDefaultWorldSeed));
  constant("kMaxBufferPixels", static_cast<double>(nf::scene::kMaxBufferPixels));
  function("landscapeFramings", +[]() {
    val names = val::array();
    for (const auto& n : nf::scene::framingNames()) names.call<void>("push", n);
    return names;
  });
  function("landscapeAutoPitch", +[](double cssWidth) {
    return nf::scene::autoPitch(std::isfinite(cssWidth) ? static_cast<int>(std::max(1.0, std::min(cssWidth, 16384.0))) : 1);
  });
  class_<JsLandscape>("RawLandscape")
      .constructor<double>()
      .function("setViewport", &JsLandscape::setViewport)
      .function("setDay", &JsLandscape::setDay)
      .function("setDusk", &JsLandscape::setDusk)
      .function("setDayAndDusk", &JsLandscape::setDayAndDusk)
      .function("setWorldSeed", &JsLandscape::setWorldSeed)
      .function("setSeason", &JsLandscape::setSeason)
      .function("season", &JsLandscape::season)
      .function("dusk", &JsLandscape::dusk)
      .function("setPortalMode", &JsLandscape::setPortalMode)
      .function("setClock", &JsLandscape::setClock)
      .function("setPointer", &JsLandscape::setPointer)
      .function("splash", &JsLandscape::splash)
      .function("advance", &JsLandscape::advance)
      .function("renderAll", &JsLandscape::renderAll)
      .function("setStepped", &JsLandscape::setStepped)
      .function("repainting", &JsLandscape::repainting)
      .function("stepRepaint", &JsLandscape::stepRepaint)
      .function("beginRender", &JsLandscape::beginRender)
      .function("clock", &JsLandscape::clock)
      .function("day", &JsLandscape::day)
      .function("worldSeed", &JsLandscape::worldSeed)
      .function("heat", &JsLandscape::heat)
      .function("starsShown", &JsLandscape::starsShown)
      .function("starCount", &JsLandscape::starCount)
      .function("paintOnceCount", &JsLandscape::paintOnceCount)
      .function("renderCount", &JsLandscape::renderCount)
      .function("bufferWidth", &JsLandscape::bufferWidth)
      .function("bufferHeight", &JsLandscape::bufferHeight)
      .function("pitch", &JsLandscape::pitch)
      .function("sceneXFromCss", &JsLandscape::sceneXFromCss)
      .function("sceneYFromCss", &JsLandscape::sceneYFromCss)
      .function("gScenePerPixel", &JsLandscape::gScenePerPixel)
      .function("placement", &JsLandscape::placement)
      .function("pixels", &JsLandscape::pixels)
      .function("picture", &JsLandscape::picture);
}
