// What the explorer reads from the toolkit: schema hints (soft ranges, ordering links), the type
// capability table, view legends, colour-fill summaries (histogram, band and biome shares) and
// band widths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "noise/field.h"
#include "noise/schema.h"
#include "noise/terrain.h"
#include "toolkit_support.h"

namespace {

using nftest::cfg;

std::vector<std::string> keysOf(const std::vector<const nf::ParamSpec*>& chain) {
  std::vector<std::string> r;
  for (const nf::ParamSpec* p : chain) r.push_back(p->key);
  return r;
}

}  // namespace

TEST(ToolkitExplorer, OrderingLinksLiveInTheTable) {
  EXPECT_STREQ(nf::findParam("t1")->hints.below, "t2");
  EXPECT_STREQ(nf::findParam("t2")->hints.below, "t3");
  EXPECT_STREQ(nf::findParam("m1")->hints.below, "m2");
  EXPECT_EQ(nf::findParam("t3")->hints.below, nullptr);
  EXPECT_STREQ(nf::paramAbove("t2"), "t1");
  EXPECT_STREQ(nf::paramAbove("m2"), "m1");
  EXPECT_EQ(nf::paramAbove("t1"), nullptr);
  const auto& chains = nf::orderingChains();
  ASSERT_EQ(chains.size(), 2u);
  EXPECT_EQ(keysOf(chains[0]), (std::vector<std::string>{"t1", "t2", "t3"}));
  EXPECT_EQ(keysOf(chains[1]), (std::vector<std::string>{"m1", "m2"}));
  // Every link names a parameter of the table.
  for (const nf::ParamSpec& p : nf::fieldSchema())
    if (p.hints.below) {
      EXPECT_NE(nf::findParam(p.hints.below), nullptr) << p.key;
    }

  nf::FieldConfig c;
  c.set("t2", 0.8);
  EXPECT_EQ(c.validate(), "t1 < t2 < t3 is required (got t1 = 0.35, t2 = 0.8, t3 = 0.7)");
  c = nf::FieldConfig();
  c.set("m1", 0.6);
  EXPECT_EQ(c.validate(), "m1 < m2 is required (got m1 = 0.6, m2 = 0.55)");
  c.set("m1", 0.55);  // strict
  EXPECT_NE(c.validate(), "");

  nf::FieldConfig out;
  std::vector<std::string> bad;
  const auto errs = nf::fromQueryLenient("m1=0.9&t3=0.2&o=5", out, &bad);
  EXPECT_EQ(errs.size(), 2u);
  EXPECT_EQ(bad, (std::vector<std::string>{"t1", "m1"}));
  EXPECT_EQ(out.t3, 0.7);
  EXPECT_EQ(out.m1, 0.45);
  EXPECT_EQ(out.octaves, 5);
}

TEST(ToolkitExplorer, SoftRanges) {
  for (const nf::ParamSpec& p : nf::fieldSchema()) {
    if (p.type != nf::ParamType::Int && p.type != nf::ParamType::Float) {
      EXPECT_FALSE(p.hasSoftRange()) << p.key;
      continue;
    }
    EXPECT_LE(p.min, p.softMin()) << p.key;
    EXPECT_LT(p.softMin(), p.softMax()) << p.key;
    EXPECT_LE(p.softMax(), p.max) << p.key;
    EXPECT_LE(p.softMin(), p.def) << p.key;  // the default sits on the slider
    EXPECT_GE(p.softMax(), p.def) << p.key;
  }
  const nf::ParamSpec* scale = nf::findParam("scale");
  EXPECT_TRUE(scale->hasSoftRange());
  EXPECT_EQ(scale->softMin(), 1);
  EXPECT_EQ(scale->softMax(), 256);
  EXPECT_EQ(scale->min, 1e-3);  // the hard range still validates
  EXPECT_EQ(scale->max, 1e6);
  for (const char* k : {"z", "periodX", "periodY", "islandX", "islandY", "islandRadius"})
    EXPECT_TRUE(nf::findParam(k)->hasSoftRange()) << k;
  EXPECT_FALSE(nf::findParam("octaves")->hasSoftRange());
  EXPECT_EQ(nf::findParam("octaves")->softMax(), 16);
  nf::FieldConfig c;
  EXPECT_EQ(c.set("scale", 1000), "");  // outside the soft range is fine
}

TEST(ToolkitExplorer, CapabilityTableMatchesTheKernels) {
  const nf::ParamSpec* type = nf::findParam("type");
  ASSERT_EQ(type->values.size(), std::size(nf::kTypeCaps));
  for (size_t i = 0; i < std::size(nf::kTypeCaps); ++i) {
    const nf::TypeCaps& caps = nf::kTypeCaps[i];
    EXPECT_EQ(static_cast<size_t>(caps.type), i);
    EXPECT_EQ(type->values[i], caps.name);
    EXPECT_EQ(&nf::typeCaps(caps.type), &caps);

    nf::FieldConfig c = cfg({{"type", caps.name}, {"scale", "8"}});
    const nf::Field flat(c);
    EXPECT_EQ(flat.hasAnalyticGradient(), caps.analyticGradient) << caps.name;

    // dims3: the 3-D slice moves with z.
    c.set("dimensions", 3);
    c.set("z", 0.3);
    const nf::Field a(c);
    c.set("z", 1.7);
    const nf::Field b(c);
    int differ = 0;
    for (int k = 0; k < 50; ++k) differ += a.sample(k * 1.37, k * 0.91) != b.sample(k * 1.37, k * 0.91);
    EXPECT_EQ(differ > 0, caps.dims3) << caps.name;

    // tileable: validate() accepts a period exactly for the tileable types.
    nf::FieldConfig t = cfg({{"type", caps.name}});
    t.set("periodX", 4);
    EXPECT_EQ(t.validate().empty(), caps.tileable) << caps.name << ": " << t.validate();
    if (!caps.tileable) {
      EXPECT_EQ(t.validate(), std::string("periodX must be 0 for type ") + caps.name + " (" + caps.name +
                                  " noise is not tileable; use value, gradient, simplex or cellular)");
      // The message and the lenient parser's bad keys name the period(s) given, and only those.
      for (const char* q : {"py=4", "px=4", "px=3&py=4"}) {
        nf::FieldConfig out;
        std::vector<std::string> bad;
        const auto errs = nf::fromQueryLenient(std::string("t=") + caps.name + "&" + q, out, &bad);
        const std::string want = q[1] == 'y' ? "periodY" : q[3] == '3' ? "periodX/periodY" : "periodX";
        ASSERT_EQ(errs.size(), 1u) << q;
        EXPECT_EQ(errs[0].rfind(want + " must be 0 for type ", 0), 0u) << errs[0];
        const std::vector<std::string> keys = q[1] == 'y' ? std::vector<std::string>{"periodY"}
                                              : q[3] == '3' ? std::vector<std::string>{"periodX", "periodY"}
                                                            : std::vector<std::string>{"periodX"};
        EXPECT_EQ(bad, keys) << q;
        EXPECT_EQ(out.periodX, 0);
        EXPECT_EQ(out.periodY, 0);
      }
    }
  }
}

// Adding a noise type is one kernel and one row of NF_NOISE_TYPES: the row is the type's enumerator,
// capability row, schema value and dispatch case at once. This holds each row to its kernel and its
// dispatch (the capability flags: CapabilityTableMatchesTheKernels; the keys:
// ApplicabilityRulesMatchTheKernels, both over every row).
TEST(ToolkitExplorer, EveryTypeRowIsItsEnumSchemaValueAndDispatch) {
  const nf::ParamSpec* type = nf::findParam("type");
  ASSERT_EQ(std::size(nf::kTypeCaps), nf::kNoiseTypeCount);
  EXPECT_EQ(type->max, static_cast<double>(nf::kNoiseTypeCount - 1));
  std::string described = "Noise type: ";
  std::vector<nf::Field> fields;
  for (size_t i = 0; i < nf::kNoiseTypeCount; ++i) {
    const nf::TypeCaps& row = nf::kTypeCaps[i];
    // The id is the row's index, the name its schema value (what share links and JS configs carry).
    EXPECT_EQ(static_cast<size_t>(row.type), i);
    nf::FieldConfig c;
    ASSERT_EQ(c.setEnum("type", row.name), "") << row.name;
    EXPECT_EQ(c.type, row.type);
    EXPECT_EQ(c.get("type"), static_cast<double>(i));
    nf::FieldConfig back;
    ASSERT_EQ(nf::fromQuery(nf::toQuery(c), back), "") << row.name;
    EXPECT_EQ(back.type, row.type);
    described += std::string(i ? ", " : "") + row.name + " (" + row.blurb + ")";
    // Its keys are schema parameters whose rule names this type.
    std::string keys = row.keys;
    for (size_t at = 0; !keys.empty();) {
      const size_t space = keys.find(' ', at);
      const std::string key = keys.substr(at, space == std::string::npos ? std::string::npos : space - at);
      const nf::ParamSpec* p = nf::findParam(key);
      EXPECT_NE(p, nullptr) << row.name << " reads an unknown parameter " << key;
      if (p) {
        EXPECT_TRUE(p->rule().types & nf::typeBit(row.type)) << key;
      }
      EXPECT_TRUE(nf::typeReads(row, key)) << key;
      if (space == std::string::npos) break;
      at = space + 1;
    }
    // Dispatch: a tiled field's gradient is analytic exactly where the row says.
    if (row.tileable) {
      nf::FieldConfig t = c;
      ASSERT_EQ(t.set("periodX", 4), "");
      EXPECT_EQ(nf::Field(t).hasAnalyticGradient(), row.analyticGradient && row.analyticWhenTiled) << row.name;
    }
    c.set("scale", 8);
    c.set("fractal", 0);
    fields.emplace_back(c);
  }
  EXPECT_EQ(type->description, described + ".");
  // Dispatch: every type reaches a kernel of its own (a type without its case would get the
  // fallback, value noise, and sample like it).
  for (size_t i = 0; i < fields.size(); ++i)
    for (size_t j = i + 1; j < fields.size(); ++j) {
      int differ = 0;
      for (int k = 0; k < 50; ++k) differ += fields[i].sample(k * 1.37, k * 0.91) != fields[j].sample(k * 1.37, k * 0.91);
      EXPECT_GT(differ, 25) << nf::kTypeCaps[i].name << " and " << nf::kTypeCaps[j].name << " sample alike";
    }
  EXPECT_FALSE(nf::typeReads(nf::typeCaps(nf::NoiseType::Cellular), "cell"));  // whole keys only
  EXPECT_TRUE(nf::typeReads(nf::typeCaps(nf::NoiseType::Cellular), "jitter"));
}

TEST(ToolkitExplorer, SchemaMarkdownHasHintsAndCapabilities) {
  const std::string md = nf::schemaMarkdown();
  EXPECT_NE(md.find("Use 8 to 32 for tile maps. Slider range [1, 256]. |"), std::string::npos);
  EXPECT_NE(md.find("Must stay below `t2`. |"), std::string::npos);
  EXPECT_NE(md.find("### capabilities of the noise types"), std::string::npos);
  EXPECT_NE(md.find("| `cellular` | yes | yes | no |"), std::string::npos);
  EXPECT_NE(md.find("| `value` | yes | yes | yes |"), std::string::npos);
}

TEST(ToolkitExplorer, ViewLegendsAreTheFillColours) {
  const auto& views = nf::viewInfos();
  ASSERT_EQ(views.size(), 5u);
  for (size_t i = 0; i < views.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(views[i].view), i);
    EXPECT_STREQ(views[i].name, nf::viewName(views[i].view));
    EXPECT_GT(std::strlen(views[i].label), 0u);
  }
  EXPECT_EQ(views[2].legend.size(), 4u);
  EXPECT_EQ(views[3].legend.size(), 10u);
  EXPECT_STREQ(views[3].legend[0].name, "water");
  EXPECT_STREQ(views[3].legend[9].name, "snow");

  // Every pixel of the flat-coloured views is its legend entry, and the right one.
  nf::FieldConfig c = cfg({{"scale", "12"}, {"octaves", "5"}});
  const nf::Field f(c);
  const nf::GridSpec g = nftest::grid(48, 40, -20, 7);
  std::vector<float> h(static_cast<size_t>(g.samples()));
  std::vector<uint8_t> px(h.size() * 4);
  for (nf::View v : {nf::View::Land, nf::View::Bands, nf::View::Biomes}) {
    f.fillColor(v, g, px.data(), h.data(), nullptr);
    const auto& legend = views[static_cast<size_t>(v)].legend;
    for (int j = 0; j < g.height; ++j)
      for (int i = 0; i < g.width; ++i) {
        const size_t k = static_cast<size_t>(j) * g.width + i;
        size_t want = 0;
        if (v == nf::View::Land) want = h[k] < c.t1 ? 0 : 1;
        if (v == nf::View::Bands) want = static_cast<size_t>(nf::bandOf(h[k], c.t1, c.t2, c.t3));
        if (v == nf::View::Biomes)
          want = h[k] < c.t1 ? 0
                             : 1 + static_cast<size_t>(nf::biomeOf(h[k], f.moisture(g.sampleX(i), g.sampleY(j)), c.t2,
                                                                   c.t3, c.m1, c.m2));
        const nf::Rgb8 col = legend[want].color;
        ASSERT_EQ(px[4 * k], col.r) << nf::viewName(v) << " " << i << "," << j;
        ASSERT_EQ(px[4 * k + 1], col.g);
        ASSERT_EQ(px[4 * k + 2], col.b);
      }
  }
}

TEST(ToolkitExplorer, ColorSummary) {
  nf::FieldConfig c = cfg({{"scale", "10"}, {"octaves", "4"}, {"t1", "0.4"}, {"t2", "0.47"}});
  const nf::Field f(c);
  const nf::GridSpec g = nftest::grid(64, 50, 3.5, -11, 0.75, 1);
  std::vector<float> h(static_cast<size_t>(g.samples()));
  std::vector<uint8_t> px(h.size() * 4);
  for (int bins : {1, 7, 32, 128, 1024}) {
    f.fillColor(nf::View::Bands, g, px.data(), h.data(), nullptr);
    const nf::ColorFillSummary s = f.colorSummary(nf::View::Bands, g, h.data(), px.data(), bins);
    EXPECT_EQ(s.histogram, nf::histogram(h.data(), h.size(), bins)) << bins;
    EXPECT_FALSE(s.hasBiomes);
  }
  f.fillColor(nf::View::Biomes, g, px.data(), h.data(), nullptr);
  const nf::ColorFillSummary s = f.colorSummary(nf::View::Biomes, g, h.data(), px.data(), 0);
  EXPECT_TRUE(s.histogram.empty());
  int64_t bands[4] = {}, biomes[10] = {};
  for (int j = 0; j < g.height; ++j)
    for (int i = 0; i < g.width; ++i) {
      const float v = h[static_cast<size_t>(j) * g.width + i];
      ++bands[static_cast<int>(nf::bandOf(v, c.t1, c.t2, c.t3))];
      ++biomes[v < c.t1 ? 0
                        : 1 + static_cast<int>(nf::biomeOf(v, f.moisture(g.sampleX(i), g.sampleY(j)), c.t2, c.t3,
                                                           c.m1, c.m2))];
    }
  double sumB = 0, sumM = 0;
  for (int b = 0; b < 4; ++b) {
    EXPECT_DOUBLE_EQ(s.bands[b], bands[b] / static_cast<double>(g.samples())) << b;
    sumB += s.bands[b];
  }
  ASSERT_TRUE(s.hasBiomes);
  int kinds = 0;
  for (int b = 0; b < 10; ++b) {
    EXPECT_DOUBLE_EQ(s.biomes[b], biomes[b] / static_cast<double>(g.samples())) << b;
    sumM += s.biomes[b];
    kinds += biomes[b] > 0;
  }
  EXPECT_NEAR(sumB, 1, 1e-12);
  EXPECT_NEAR(sumM, 1, 1e-12);
  EXPECT_GE(kinds, 3);  // the test sees several biomes
  std::printf("band shares water %.3f sand %.3f grass %.3f rock %.3f; %d biome kinds\n", s.bands[0], s.bands[1],
              s.bands[2], s.bands[3], kinds);
}

TEST(ToolkitExplorer, BandWidths) {
  nf::FieldConfig c = cfg({{"scale", "16"}, {"octaves", "4"}});
  const nf::GridSpec g = nftest::grid(64, 64, -32, -32);
  const nf::Field f(c);
  const nf::BandWidths w = f.bandWidths(g);
  EXPECT_TRUE(w.analytic);
  EXPECT_EQ(w.counts[0] + w.counts[1] + w.counts[2] + w.counts[3], g.samples());
  EXPECT_TRUE(std::isnan(w.median[0]));
  EXPECT_TRUE(std::isnan(w.median[3]));
  ASSERT_GT(w.counts[1], 8);
  EXPECT_GT(w.median[1], 0);
  EXPECT_EQ(w.sandEstimate(), w.median[1]);

  // The counts are the fill's band counts.
  std::vector<float> h(static_cast<size_t>(g.samples()));
  f.fill(g, h.data());
  int64_t counts[4] = {};
  for (float v : h) ++counts[static_cast<int>(nf::bandOf(v, c.t1, c.t2, c.t3))];
  for (int b = 0; b < 4; ++b) EXPECT_EQ(w.counts[b], counts[b]) << b;

  // The median by hand, from central differences of the field: within a few per cent.
  std::vector<double> sand;
  const double e = 1e-4;
  for (int j = 0; j < g.height; ++j)
    for (int i = 0; i < g.width; ++i) {
      const double x = g.sampleX(i), y = g.sampleY(j);
      const double v = f.sample(x, y);
      if (!(v >= c.t1 && v < c.t2)) continue;
      const double gx = (f.sample(x + e, y) - f.sample(x - e, y)) / (2 * e);
      const double gy = (f.sample(x, y + e) - f.sample(x, y - e)) / (2 * e);
      sand.push_back((c.t2 - c.t1) / std::hypot(gx, gy));
    }
  std::sort(sand.begin(), sand.end());
  const double byHand = sand.size() % 2 ? sand[sand.size() / 2]
                                        : 0.5 * (sand[sand.size() / 2 - 1] + sand[sand.size() / 2]);
  EXPECT_NEAR(w.median[1], byHand, 0.02 * byHand);

  // Widths are in sample units: doubling the scale (and the grid with it) doubles them exactly.
  nf::FieldConfig c2 = c;
  c2.set("scale", 32);
  nf::GridSpec g2 = g;
  g2.originX *= 2;
  g2.originY *= 2;
  g2.stepX = g2.stepY = 2;
  const nf::BandWidths w2 = nf::Field(c2).bandWidths(g2);
  for (int b = 0; b < 4; ++b) EXPECT_EQ(w2.counts[b], w.counts[b]);
  EXPECT_DOUBLE_EQ(w2.median[1], 2 * w.median[1]);
  EXPECT_DOUBLE_EQ(w2.median[2], 2 * w.median[2]);

  // Scale 1 (one lattice cell per tile): the sand band is a fraction of a tile.
  nf::FieldConfig c1 = c;
  c1.set("scale", 1);
  const nf::BandWidths w1 = nf::Field(c1).bandWidths(g);
  EXPECT_LT(w1.sandEstimate(), 1);
  std::printf("sand width: scale 16 %.2f tiles, scale 32 %.2f, scale 1 %.3f (grass %.2f at scale 16)\n", w.median[1],
              w2.median[1], w1.median[1], w.median[2]);

  // Warped value noise: analytic through the warp; warped cellular: central differences.
  nf::FieldConfig cw = c;
  cw.set("warpLevels", 1);
  const nf::BandWidths ww = nf::Field(cw).bandWidths(g);
  EXPECT_TRUE(ww.analytic);
  EXPECT_EQ(ww.counts[0] + ww.counts[1] + ww.counts[2] + ww.counts[3], g.samples());
  cw.setEnum("type", "cellular");
  const nf::BandWidths ws = nf::Field(cw).bandWidths(g);
  EXPECT_FALSE(ws.analytic);
  EXPECT_EQ(ws.counts[0] + ws.counts[1] + ws.counts[2] + ws.counts[3], g.samples());

  // sandEstimate: 0 when water meets land without sand, NaN without a shore.
  nf::BandWidths s;
  s.counts[0] = 100;
  s.counts[2] = 50;
  s.counts[1] = 3;
  s.median[1] = 0.4;
  EXPECT_EQ(s.sandEstimate(), 0);
  EXPECT_EQ(s.sandEstimate(3), 0.4);
  s.counts[0] = 0;
  EXPECT_TRUE(std::isnan(s.sandEstimate()));
}

// The applicability rules of the schema (ParamSpec::rule) are facts about the kernels: a parameter
// that does not apply leaves every sample unchanged, and every rule-bearing parameter changes the
// field in some configuration where it applies.
namespace {
double otherValue(const nf::ParamSpec& p, double v) {
  if (p.type == nf::ParamType::Enum) return std::fmod(v + 1, static_cast<double>(p.values.size()));
  if (p.type == nf::ParamType::Bool) return v != 0 ? 0 : 1;
  const double mid = 0.5 * (p.softMin() + p.softMax());
  for (double cand : {mid, p.softMin(), p.softMax(), p.min, p.max}) {
    if (p.type == nf::ParamType::Int) cand = std::round(cand);
    if (cand != v) return cand;
  }
  return v;
}
std::vector<float> fillOf(const nf::FieldConfig& c) {
  nf::GridSpec g{16, 16, 0.3, 0.7, 0.37, 0.41, 0, 0};
  std::vector<float> out(256);
  nf::Field(c).fill(g, out.data());
  return out;
}
}  // namespace

TEST(ToolkitExplorer, ApplicabilityRulesMatchTheKernels) {
  std::vector<nf::FieldConfig> configs;
  for (const nf::TypeCaps& t : nf::kTypeCaps)  // every row of NF_NOISE_TYPES (noise_types.h)
    for (const char* fractal : {"none", "fbm"})
      for (const char* warp : {"0", "2"})
        for (const char* dims : {"2", "3"})
          for (const char* island : {"false", "true"})
            for (const char* terraces : {"0", "5"})
              configs.push_back(cfg({{"type", t.name}, {"fractal", fractal}, {"warpLevels", warp}, {"dimensions", dims},
                                     {"z", "0.3"}, {"island", island}, {"terraces", terraces}, {"islandRadius", "6"},
                                     {"terraceSmooth", "0.3"}}));
  for (const nf::ParamSpec& p : nf::fieldSchema()) {
    bool changedSomewhere = false, inapplicableSomewhere = false;
    for (const nf::FieldConfig& c : configs) {
      nf::FieldConfig d = c;
      ASSERT_EQ(d.set(p.key, otherValue(p, p.get(c))), "") << p.key;
      if (d.validate() != "") {  // e.g. a period on opensimplex2: refused, so it cannot change the field
        if (!nf::paramApplies(p, c)) inapplicableSomewhere = true;
        continue;
      }
      const bool same = fillOf(c) == fillOf(d);
      if (!nf::paramApplies(p, c)) {
        inapplicableSomewhere = true;
        EXPECT_TRUE(same) << p.key << " does not apply, yet changes the field (" << nf::toQuery(c) << ")";
      } else if (!same) {
        changedSomewhere = true;
      }
    }
    if (!p.rule().always()) {
      EXPECT_TRUE(inapplicableSomewhere) << p.key;
      EXPECT_TRUE(changedSomewhere) << p.key << " never changes the field where its rule says it applies";
      EXPECT_NE(nf::ruleText(p), "") << p.key;
    }
  }
  EXPECT_EQ(nf::ruleText(*nf::findParam("fade")), "Applies to: value, gradient.");
  EXPECT_EQ(nf::ruleText(*nf::findParam("z")), "Applies when `dimensions` = 3.");
  EXPECT_EQ(nf::ruleText(*nf::findParam("warp2")), "Applies when `warpLevels` >= 2.");
  EXPECT_EQ(nf::ruleText(*nf::findParam("islandX")), "Applies when `island` = true.");
  EXPECT_EQ(nf::ruleText(*nf::findParam("octaves")), "Applies when `fractal` != none.");
  EXPECT_EQ(nf::ruleText(*nf::findParam("seed")), "");
}
