// The one Emscripten file: embind glue between the pure C++ library and JavaScript.
// Convention: nothing here throws. Functions that can fail return a JS object with an `error`
// string; the api.*.post.js files turn that into a thrown Error. Throwing from C++ would skip
// destructors (embind's argument cleanup included) and leak on every bad call.
#include <emscripten/bind.h>
#include <emscripten/val.h>

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

