// The toolkit module's embind glue (cpp/noise/field.h, schema.h; api.toolkit.post.js wraps it).
// RawField is wrapped by Module.Field. set*/compile return "" or an error message; fills return
// { error } or a result whose views are zero-copy over wasm memory (valid until the next call that
// may grow memory). Only the full module has it: the 404 page's module leaves the toolkit out.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "checks.h"
#include "noise/field.h"
#include "noise/grid.h"
#include "noise/heightmap.h"
#include "noise/schema.h"
#include "results.h"

using emscripten::val;
using namespace nf::bind;

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

constexpr nf::HeightmapFormat kFormats[] = {nf::HeightmapFormat::Png16, nf::HeightmapFormat::R16, nf::HeightmapFormat::F32};
std::string formatList() {
  std::string s;
  for (nf::HeightmapFormat f : kFormats) s += (s.empty() ? "" : ", ") + std::string(nf::heightmapFormatName(f));
  return s;
}

// { maxSide, formats: [{ name, extension }] } from heightmap.h.
val toolkitHeightmapFormats() {
  val o = val::object();
  o.set("maxSide", nf::kMaxHeightmapSide);
  val list = val::array();
  int n = 0;
  for (nf::HeightmapFormat f : kFormats) {
    val e = val::object();
    e.set("name", std::string(nf::heightmapFormatName(f)));
    e.set("extension", std::string(nf::heightmapExtension(f)));
    list.set(n++, e);
  }
  o.set("formats", list);
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

// Colour fills write into buffers shared by every RawField (their results are valid until the
// next fill of any object): the explorer makes a new Field per slider move, and fresh megabyte
// buffers for each cost about as much as sampling the field. The cache lets a threshold move
// repaint without sampling, and the views of one field sample its height once.
struct ColorOut {
  std::vector<float> heights;
  std::vector<uint8_t> pixels;
  nf::ColorFillSummary summary;
  nf::ColorFillCache cache;
};
ColorOut& colorOut() {
  static ColorOut out;
  return out;
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
    return fillInto(&nf::Field::fill, data_, width, height, x, y, stepX, stepY, offsetX, offsetY);
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
    ColorOut& out = colorOut();
    out.heights.resize(static_cast<size_t>(g.samples()));
    out.pixels.resize(static_cast<size_t>(g.samples()) * 4);
    nf::FillStats s;
    const uint64_t samplings = out.cache.samplings();
    // The summary (histogram, shares) is counted by the fill itself, row by row as it paints.
    nf::ColorFillSummary& summary = out.summary;
    field_.fillColor(view, g, out.pixels.data(), out.heights.data(), &s, &out.cache, &summary, bins);
    val r = statsObject(s, g.width, g.height, out.heights.data());
    r.set("sampled", out.cache.samplings() != samplings);
    r.set("pixels", val(emscripten::typed_memory_view(out.pixels.size(), out.pixels.data())));
    if (bins > 0)  // zero-copy here; api.toolkit.post.js hands out a copy
      r.set("histogram", val(emscripten::typed_memory_view(summary.histogram.size(), summary.histogram.data())));
    val bands = val::array();
    for (int b = 0; b < 4; ++b) bands.set(b, summary.bands[b]);
    r.set("bands", bands);
    if (summary.hasBiomes) {
      val biomes = val::array();
      for (int b = 0; b < 10; ++b) biomes.set(b, summary.biomes[b]);
      r.set("biomes", biomes);
    }
    return r;
  }

  val fillMoisture(double width, double height, double x, double y, double stepX, double stepY, double offsetX,
                   double offsetY) {
    return fillInto(&nf::Field::fillMoisture, moisture_, width, height, x, y, stepX, stepY, offsetX, offsetY);
  }

  // fill()'s result (the heights) with `ids` (biome legend indices) and `moisture`, zero-copy.
  val fillBiomes(double width, double height, double x, double y, double stepX, double stepY, double offsetX,
                 double offsetY) {
    nf::GridSpec g;
    const std::string e = gridFromNumbers(width, height, x, y, stepX, stepY, offsetX, offsetY, g);
    if (!e.empty()) return errorResult(e);
    const size_t n = static_cast<size_t>(g.samples());
    data_.resize(n);
    moisture_.resize(n);
    ids_.resize(n);
    const nf::FillStats s = field_.fillBiomes(g, ids_.data(), data_.data(), moisture_.data());
    val r = statsObject(s, g.width, g.height, data_.data());
    r.set("ids", val(emscripten::typed_memory_view(n, ids_.data())));
    r.set("moisture", val(emscripten::typed_memory_view(n, moisture_.data())));
    return r;
  }

  // { bytes } (zero-copy: api.toolkit.post.js copies it, then releaseHeightmap() frees it) or
  // { error }. The grid's sides may reach nf::kMaxHeightmapSide (filled in strips in C++).
  val heightmap(const std::string& formatName, double width, double height, double x, double y, double stepX,
                double stepY, double offsetX, double offsetY) {
    nf::HeightmapFormat format;
    if (!nf::parseHeightmapFormat(formatName, &format))
      return errorResult("format must be one of " + formatList() + " (got \"" + formatName.substr(0, 40) + "\")");
    std::string e;
    const double side = nf::kMaxHeightmapSide;
    if (!(e = checkInteger("width", width, 1, side)).empty()) return errorResult(e);
    if (!(e = checkInteger("height", height, 1, side)).empty()) return errorResult(e);
    nf::GridSpec g;  // the numbers' checks on a one-row grid; encodeHeightmap checks the strips
    e = gridFromNumbers(width, 1, x, y, stepX, stepY, offsetX, offsetY, g);
    if (!e.empty()) return errorResult(e);
    g.height = static_cast<int>(height);
    heightmap_.clear();
    e = nf::encodeHeightmap(field_, g, format, &heightmap_);
    if (!e.empty()) return errorResult(e);
    val r = val::object();
    r.set("bytes", val(emscripten::typed_memory_view(heightmap_.size(), heightmap_.data())));
    return r;
  }
  void releaseHeightmap() { std::vector<uint8_t>().swap(heightmap_); }

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
  // fill() and fillMoisture(): one of Field's float fills into one of this object's buffers, which
  // the result's view shows (zero-copy until that buffer's next fill).
  using FloatFill = nf::FillStats (nf::Field::*)(const nf::GridSpec&, float*) const;
  val fillInto(FloatFill fillFn, std::vector<float>& buffer, double width, double height, double x, double y,
               double stepX, double stepY, double offsetX, double offsetY) const {
    nf::GridSpec g;
    const std::string e = gridFromNumbers(width, height, x, y, stepX, stepY, offsetX, offsetY, g);
    if (!e.empty()) return errorResult(e);
    buffer.resize(static_cast<size_t>(g.samples()));
    const nf::FillStats s = (field_.*fillFn)(g, buffer.data());
    return statsObject(s, g.width, g.height, buffer.data());
  }

  nf::FieldConfig config_;
  nf::Field field_;
  std::vector<float> data_, moisture_;
  std::vector<uint8_t> ids_, heightmap_;
  static constexpr int64_t kMaxBandWidthSamples = 1 << 20;  // one gradient per sample: keep it bounded
};

}  // namespace

EMSCRIPTEN_BINDINGS(noisefield_toolkit) {
  using namespace emscripten;
  function("toolkitSchema", &toolkitSchema);
  function("toolkitSchemaMarkdown", &toolkitSchemaMarkdown);
  function("toolkitViews", &toolkitViews);
  function("toolkitCapabilities", &toolkitCapabilities);
  function("toolkitHeightmapFormats", &toolkitHeightmapFormats);
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
      .function("bandWidths", &JsField::bandWidths)
      .function("fillMoisture", &JsField::fillMoisture)
      .function("fillBiomes", &JsField::fillBiomes)
      .function("heightmap", &JsField::heightmap)
      .function("releaseHeightmap", &JsField::releaseHeightmap);
}
