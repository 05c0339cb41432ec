// The one Emscripten file: embind glue between the pure C++ library and JavaScript.
// Convention: nothing here throws. Functions that can fail return a JS object with an `error`
// string; the api.*.post.js files turn that into a thrown Error. Throwing from C++ would skip
// destructors (embind's argument cleanup included) and leak on every bad call.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "noise/fade.h"
#include "noise/fbm.h"
#include "noise/grid.h"
#include "noise/hash.h"
#include "noise/landscape_fill.h"
#include "noise/random.h"
#include "noise/schema.h"
#include "noise/value_noise.h"
#include "noise/version.h"
#include "scene/compose.h"
#include "scene/landscape.h"

using emscripten::val;

namespace {

val errorResult(const std::string& message) {
  val r = val::object();
  r.set("error", message);
  return r;
}

std::string fmtNumber(double v) { return nf::formatNumber(v); }  // JS-style NaN, Infinity

// JS numbers -> integer parameter, with a message naming the parameter and its range.
std::string checkInteger(const char* name, double v, double lo, double hi) {
  if (!(std::isfinite(v) && std::trunc(v) == v && v >= lo && v <= hi)) {
    return std::string(name) + " must be an integer in [" + fmtNumber(lo) + ", " + fmtNumber(hi) + "] (got " +
           fmtNumber(v) + ")";
  }
  return "";
}

std::string checkUnit(const char* name, double v) {
  if (!(std::isfinite(v) && v >= 0 && v <= 1)) return std::string(name) + " must be a number in [0, 1] (got " + fmtNumber(v) + ")";
  return "";
}

std::string checkFinite(const char* name, double v) {
  if (!std::isfinite(v)) return std::string(name) + " must be a finite number (got " + fmtNumber(v) + ")";
  return "";
}

// Builds a GridSpec from the JS numbers of a fill call; "" or the first problem found.
std::string gridFromNumbers(double width, double height, double x, double y, double stepX, double stepY,
                            double offsetX, double offsetY, nf::GridSpec& g) {
  std::string e;
  if (!(e = checkInteger("width", width, 1, nf::kMaxFillSide)).empty()) return e;
  if (!(e = checkInteger("height", height, 1, nf::kMaxFillSide)).empty()) return e;
  if (!(e = checkFinite("x", x)).empty()) return e;
  if (!(e = checkFinite("y", y)).empty()) return e;
  if (!(e = checkFinite("step", stepX)).empty()) return e;
  if (!(e = checkFinite("stepY", stepY)).empty()) return e;
  if (!(e = checkInteger("offsetX", offsetX, -4503599627370496.0, 4503599627370496.0)).empty()) return e;
  if (!(e = checkInteger("offsetY", offsetY, -4503599627370496.0, 4503599627370496.0)).empty()) return e;
  g.width = static_cast<int>(width);
  g.height = static_cast<int>(height);
  g.originX = x;
  g.originY = y;
  g.stepX = stepX;
  g.stepY = stepY;
  g.offsetX = static_cast<int64_t>(offsetX);
  g.offsetY = static_cast<int64_t>(offsetY);
  return nf::validateGrid(g);
}

val statsObject(const nf::FillStats& s, int width, int height, const float* data) {
  val r = val::object();
  r.set("min", s.min);
  r.set("max", s.max);
  r.set("mean", s.mean);
  r.set("width", width);
  r.set("height", height);
  r.set("view", val(emscripten::typed_memory_view(static_cast<size_t>(width) * height, data)));
  return r;
}

// ---- the exact landscape primitives ----
// Seeds follow JS ToUint32 (what Math.imul does), so any integer seed in [-2^31, 2^32) works.
double jsHash(double x, double y, double seed) {
  return nf::hashU32(nf::seedToU32(x), nf::seedToU32(y), nf::seedToU32(seed)) / nf::kTwoPow32;
}
double jsValueNoise(double x, double y, double seed) { return nf::valueNoise(x, y, nf::seedToU32(seed)); }
double jsFbm(double x, double y, double seed, int octaves) { return nf::fbm(x, y, nf::seedToU32(seed), octaves); }
double jsNebula(double x, double y) { return nf::nebula(x, y); }

class JsMulberry32 {
 public:
  explicit JsMulberry32(double seed) : rng_(nf::seedToU32(seed)) {}
  double next() { return rng_.next(); }
  double nextU32() { return rng_.nextU32(); }

 private:
  nf::Mulberry32 rng_;
};

// A float buffer owned by the module; fills write into it and hand JS a zero-copy view.
class NoiseGrid {
 public:
  val fillLandscape(int kind, double width, double height, double x, double y, double stepX, double stepY,
                    double offsetX, double offsetY, double seed, double octaves) {
    nf::GridSpec g;
    std::string e = gridFromNumbers(width, height, x, y, stepX, stepY, offsetX, offsetY, g);
    if (e.empty() && kind == static_cast<int>(nf::LandscapeKind::Fbm)) {
      e = checkInteger("octaves", octaves, nf::kMinOctaves, nf::kMaxOctaves);
    }
    if (e.empty()) e = checkInteger("seed", seed, -2147483648.0, 4294967295.0);
    if (e.empty() && !(kind >= 0 && kind <= 2)) e = "kind must be one of value, fbm, nebula";
    if (!e.empty()) return errorResult(e);
    data_.resize(static_cast<size_t>(g.samples()));
    width_ = g.width;
    height_ = g.height;
    const nf::FillStats s = nf::fillLandscape(static_cast<nf::LandscapeKind>(kind), g, nf::seedToU32(seed),
                                              static_cast<int>(octaves), data_.data());
    return statsObject(s, width_, height_, data_.data());
  }
  val view() const { return val(emscripten::typed_memory_view(data_.size(), data_.data())); }
  int width() const { return width_; }
  int height() const { return height_; }
  void release() { std::vector<float>().swap(data_); width_ = height_ = 0; }

 private:
  std::vector<float> data_;
  int width_ = 0, height_ = 0;
};

double heapUsedBytes() { return static_cast<double>(mallinfo().uordblks); }

val limits() {
  val r = val::object();
  r.set("maxSide", nf::kMaxFillSide);
  r.set("maxSamples", static_cast<double>(nf::kMaxFillSamples));
  r.set("minOctaves", nf::kMinOctaves);
  r.set("maxOctaves", nf::kMaxOctaves);
  r.set("nonFiniteResult", nf::kNonFiniteResult);
  return r;
}

}  // namespace

EMSCRIPTEN_BINDINGS(noisefield_core) {
  using namespace emscripten;
  function("rawHash", &jsHash);
  function("rawValueNoise", &jsValueNoise);
  function("rawFbm", &jsFbm);
  function("rawNebula", &jsNebula);
  function("rawClamp01", &nf::clamp01);
  function("rawSmooth", &nf::smooth);
  function("rawSmoothstep", &nf::smoothstep);
  function("rawQuintic", &nf::quintic);
  function("rawLerp", &nf::lerp);
  function("heapUsedBytes", &heapUsedBytes);
  function("limits", &limits);
  constant("version", std::string(nf::kVersion));
  class_<JsMulberry32>("RawMulberry32").constructor<double>().function("next", &JsMulberry32::next).function(
      "nextU32", &JsMulberry32::nextU32);
  class_<NoiseGrid>("RawNoiseGrid")
      .constructor<>()
      .function("fillLandscape", &NoiseGrid::fillLandscape)
      .function("view", &NoiseGrid::view)
      .function("width", &NoiseGrid::width)
      .function("height", &NoiseGrid::height)
      .function("release", &NoiseGrid::release);
}

// ==== toolkit bindings ====
// Left out of the landscape-only module (NF_LANDSCAPE_ONLY) that the 404 page loads, to keep it small.
#ifndef NF_LANDSCAPE_ONLY
// The noise toolkit (cpp/noise/field.h, schema.h). RawField is wrapped by Module.Field in
// api.toolkit.post.js. set*/compile return "" or an error message; fills return { error } or a result
// whose views are zero-copy over wasm memory (valid until the next call that may grow memory).
#include "noise/field.h"
#include "noise/schema.h"

namespace {

// The applicability rule: null (always applies) or { types: [names], requires: null or { key,
// min | equals | notEquals: value (enum name, boolean or number) }, text }.
val ruleObject(const nf::ParamSpec& p) {
  const nf::ParamRule& r = p.rule();
  if (r.always()) return val::null();
  val o = val::object();
  val types = val::array();
  int n = 0;
  for (const nf::TypeCaps& t : nf::kTypeCaps)
    if (r.types & nf::typeBit(t.type)) types.set(n++, std::string(t.name));
  o.set("types", types);
  val req = val::null();
  if (r.op != nf::RuleOp::None) {
    req = val::object();
    req.set("key", std::string(r.key));
    const nf::ParamSpec* other = nf::findParam(r.key);
    val v = val(r.value);
    if (other && other->type == nf::ParamType::Enum) v = val(other->values[static_cast<size_t>(r.value)]);
    else if (other && other->type == nf::ParamType::Bool) v = val(r.value != 0);
    req.set(r.op == nf::RuleOp::Min ? "min" : r.op == nf::RuleOp::Equals ? "equals" : "notEquals", v);
  }
  o.set("requires", req);
  o.set("text", nf::ruleText(p));
  return o;
}

val paramSpecObject(const nf::ParamSpec& p) {
  val o = val::object();
  o.set("key", std::string(p.key));
  o.set("short", std::string(p.shortKey));
  o.set("type", std::string(nf::paramTypeName(p.type)));
  o.set("group", std::string(p.group));
  o.set("description", std::string(p.description));
  if (p.type == nf::ParamType::Enum) {
    val values = val::array();
    for (size_t i = 0; i < p.values.size(); ++i) values.set(i, p.values[i]);
    o.set("values", values);
    o.set("default", p.values[static_cast<size_t>(p.def)]);
  } else if (p.type == nf::ParamType::Bool) {
    o.set("default", p.def != 0);
  } else {
    o.set("default", p.def);
    o.set("min", p.min);
    o.set("max", p.max);
    o.set("step", p.step);
    o.set("softMin", p.softMin());  // recommended slider range ([min, max] when none is given)
    o.set("softMax", p.softMax());
  }
  if (p.hints.below) o.set("below", std::string(p.hints.below));
  if (const char* above = nf::paramAbove(p.key)) o.set("above", std::string(above));
  o.set("applies", ruleObject(p));
  return o;
}

val rgbArray(nf::Rgb8 c) {
  val a = val::array();
  a.set(0, c.r);
  a.set(1, c.g);
  a.set(2, c.b);
  return a;
}

// [{ name, label, legend: [{ name, color: [r, g, b] }] }] in View order.
val toolkitViews() {
  val arr = val::array();
  const auto& views = nf::viewInfos();
  for (size_t i = 0; i < views.size(); ++i) {
    val v = val::object();
    v.set("name", std::string(views[i].name));
    v.set("label", std::string(views[i].label));
    val legend = val::array();
    for (size_t k = 0; k < views[i].legend.size(); ++k) {
      val e = val::object();
      e.set("name", std::string(views[i].legend[k].name));
      e.set("color", rgbArray(views[i].legend[k].color));
      legend.set(k, e);
    }
    v.set("legend", legend);
    arr.set(i, v);
  }
  return arr;
}

// { type: { dims3, tileable, analyticGradient, analyticWhenTiled } } from nf::kTypeCaps.
val toolkitCapabilities() {
  val o = val::object();
  for (const nf::TypeCaps& t : nf::kTypeCaps) {
    val c = val::object();
    c.set("dims3", t.dims3);
    c.set("tileable", t.tileable);
    c.set("analyticGradient", t.analyticGradient);
    c.set("analyticWhenTiled", t.analyticWhenTiled);
    o.set(std::string(t.name), c);
  }
  return o;
}

val numberOrNull(double v) { return std::isnan(v) ? val::null() : val(v); }

val toolkitSchema() {
  val arr = val::array();
  const auto& s = nf::fieldSchema();
  for (size_t i = 0; i < s.size(); ++i) arr.set(i, paramSpecObject(s[i]));
  return arr;
}

std::string toolkitSchemaMarkdown() { return nf::schemaMarkdown(); }

val configObject(const nf::FieldConfig& c) {
  val o = val::object();
  for (const nf::ParamSpec& p : nf::fieldSchema()) {
    const double v = p.get(c);
    if (p.type == nf::ParamType::Enum) o.set(p.key, p.values[static_cast<size_t>(v)]);
    else if (p.type == nf::ParamType::Bool) o.set(p.key, v != 0);
    else o.set(p.key, v);
  }
  return o;
}

class JsField {
 public:
  std::string set(const std::string& key, double v) { return config_.set(key, v); }
  std::string setEnum(const std::string& key, const std::string& v) { return config_.setEnum(key, v); }
  std::string compile() { return nf::Field::create(config_, &field_); }
  // lenient: returns { errors: [..], badKeys: [..] }; strict: { error } or { errors: [] }.
  val fromQuery(const std::string& q, bool lenient) {
    val r = val::object();
    val errs = val::array(), keys = val::array();
    if (lenient) {
      std::vector<std::string> bad;
      const auto e = nf::fromQueryLenient(q, config_, &bad);
      for (size_t i = 0; i < e.size(); ++i) errs.set(i, e[i]);
      for (size_t i = 0; i < bad.size(); ++i) keys.set(i, bad[i]);
    } else {
      const std::string e = nf::fromQuery(q, config_);
      if (!e.empty()) return errorResult(e);
    }
    field_ = nf::Field(config_);
    r.set("errors", errs);
    r.set("badKeys", keys);
    return r;
  }
  std::string toQuery() const { return nf::toQuery(field_.config()); }
  val config() const { return configObject(field_.config()); }
  double sample(double x, double y) const { return field_.sample(x, y); }
  double sample3(double x, double y, double z) const { return field_.sample(x, y, z); }
  double moisture(double x, double y) const { return field_.moisture(x, y); }
  val sampleGrad(double x, double y) const {
    double gx, gy;
    const double h = field_.sampleGrad(x, y, &gx, &gy);
    val r = val::object();
    r.set("value", h);
    r.set("dx", gx);
    r.set("dy", gy);
    r.set("analytic", field_.hasAnalyticGradient());
    return r;
  }

  val fill(double width, double height, double x, double y, double stepX, double stepY, double offsetX,
           double offsetY) {
    nf::GridSpec g;
    const std::string e = gridFromNumbers(width, height, x, y, stepX, stepY, offsetX, offsetY, g);
    if (!e.empty()) return errorResult(e);
    data_.resize(static_cast<size_t>(g.samples()));
    const nf::FillStats s = field_.fill(g, data_.data());
    return statsObject(s, g.width, g.height, data_.data());
  }

  val fillColor(const std::string& viewName, double width, double height, double x, double y, double stepX,
                double stepY, double offsetX, double offsetY, int bins) {
    nf::View view;
    if (!nf::parseView(viewName, &view))
      return errorResult("view must be one of raw, land, bands, biomes, relief (got \"" + viewName.substr(0, 40) + "\")");
    nf::GridSpec g;
    const std::string e = gridFromNumbers(width, height, x, y, stepX, stepY, offsetX, offsetY, g);
    if (!e.empty()) return errorResult(e);
    if (!(bins >= 0 && bins <= nf::kMaxHistogramBins))
      return errorResult("bins must be an integer in [1, " + std::to_string(nf::kMaxHistogramBins) +
                         "] (or 0 for no histogram) (got " + std::to_string(bins) + ")");
    data_.resize(static_cast<size_t>(g.samples()));
    pixels_.resize(static_cast<size_t>(g.samples()) * 4);
    nf::FillStats s;
    field_.fillColor(view, g, pixels_.data(), data_.data(), &s);
    val r = statsObject(s, g.width, g.height, data_.data());
    r.set("pixels", val(emscripten::typed_memory_view(pixels_.size(), pixels_.data())));
    summary_ = field_.colorSummary(view, g, data_.data(), pixels_.data(), bins);
    if (bins > 0)  // zero-copy here; api.toolkit.post.js hands out a copy
      r.set("histogram", val(emscripten::typed_memory_view(summary_.histogram.size(), summary_.histogram.data())));
    val bands = val::array();
    for (int b = 0; b < 4; ++b) bands.set(b, summary_.bands[b]);
    r.set("bands", bands);
    if (summary_.hasBiomes) {
      val biomes = val::array();
      for (int b = 0; b < 10; ++b) biomes.set(b, summary_.biomes[b]);
      r.set("biomes", biomes);
    }
    return r;
  }

  // { sand, grass (median widths in sample units, null when the band is empty), counts: [water,
  //   sand, grass, rock], analytic, sandEstimate (BandWidths::sandEstimate, null: no shore) }.
  val bandWidths(double width, double height, double x, double y, double stepX, double stepY, double offsetX,
                 double offsetY) const {
    nf::GridSpec g;
    const std::string e = gridFromNumbers(width, height, x, y, stepX, stepY, offsetX, offsetY, g);
    if (!e.empty()) return errorResult(e);
    if (g.samples() > kMaxBandWidthSamples)
      return errorResult("bandWidths grid must have at most " + std::to_string(kMaxBandWidthSamples) +
                         " samples (got " + std::to_string(g.samples()) + ")");
    const nf::BandWidths w = field_.bandWidths(g);
    val r = val::object();
    r.set("sand", numberOrNull(w.median[1]));
    r.set("grass", numberOrNull(w.median[2]));
    val counts = val::array();
    for (int b = 0; b < 4; ++b) counts.set(b, static_cast<double>(w.counts[b]));
    r.set("counts", counts);
    r.set("analytic", w.analytic);
    r.set("sandEstimate", numberOrNull(w.sandEstimate()));
    return r;
  }

 private:
  nf::FieldConfig config_;
  nf::Field field_;
  std::vector<float> data_;
  std::vector<uint8_t> pixels_;
  nf::ColorFillSummary summary_;
  static constexpr int64_t kMaxBandWidthSamples = 1 << 20;  // one gradient per sample: keep it bounded
};

}  // namespace

EMSCRIPTEN_BINDINGS(noisefield_toolkit) {
  using namespace emscripten;
  function("toolkitSchema", &toolkitSchema);
  function("toolkitSchemaMarkdown", &toolkitSchemaMarkdown);
  function("toolkitViews", &toolkitViews);
  function("toolkitCapabilities", &toolkitCapabilities);
  class_<JsField>("RawField")
      .constructor<>()
      .function("set", &JsField::set)
      .function("setEnum", &JsField::setEnum)
      .function("compile", &JsField::compile)
      .function("fromQuery", &JsField::fromQuery)
      .function("toQuery", &JsField::toQuery)
      .function("config", &JsField::config)
      .function("sample", &JsField::sample)
      .function("sample3", &JsField::sample3)
      .function("moisture", &JsField::moisture)
      .function("sampleGrad", &JsField::sampleGrad)
      .function("fill", &JsField::fill)
      .function("fillColor", &JsField::fillColor)
      .function("bandWidths", &JsField::bandWidths);
}
#endif  // NF_LANDSCAPE_ONLY
// ==== end toolkit bindings ====

// ==== scene bindings ====
// The 404 landscape (cpp/scene/landscape.h). RawLandscape is wrapped by Module.Landscape in
// api.scene.post.js; calls that can fail return { error }. pixels(layer) is a zero-copy Uint8Array over
// wasm memory, valid until the next call that may grow memory (fetch it again after setViewport,
// setDay, setWorldSeed, splash or any new object).
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
// ==== end scene bindings ====
