// The parameter table and everything generated from it.
#include "schema.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace nf {
namespace {

template <class T>
double toD(T v) {
  if constexpr (std::is_enum_v<T>) return static_cast<double>(static_cast<int>(v));
  else return static_cast<double>(v);
}
template <class T>
void assignD(T& m, double v) {
  if constexpr (std::is_enum_v<T>) m = static_cast<T>(static_cast<int>(v));
  else if constexpr (std::is_same_v<T, bool>) m = v != 0;
  else if constexpr (std::is_same_v<T, uint32_t>) m = static_cast<uint32_t>(static_cast<int64_t>(v));
  else m = static_cast<T>(v);
}

#define NF_ACC(m) \
  [](const FieldConfig& c) { return toD(c.m); }, [](FieldConfig& c, double v) { assignD(c.m, v); }

constexpr double kU32Max = 4294967295.0;
using V = std::vector<std::string>;

// The optional trailing part of an entry: a recommended slider range, an ordering link.
ParamHints soft(double softMin, double softMax) {
  ParamHints h;
  h.softMin = softMin;
  h.softMax = softMax;
  return h;
}
ParamHints below(const char* key) {
  ParamHints h;
  h.below = key;
  return h;
}

// Applicability: only(mask) limits a parameter to some noise types, when(key, op, value) makes it
// depend on another parameter; `|` combines trailing parts.
ParamHints only(uint32_t types) {
  ParamHints h;
  h.applies.types = types;
  return h;
}
ParamHints when(const char* key, RuleOp op, double value) {
  ParamHints h;
  h.applies.key = key;
  h.applies.op = op;
  h.applies.value = value;
  return h;
}
ParamHints operator|(ParamHints a, const ParamHints& b) {
  if (b.softMin == b.softMin) {
    a.softMin = b.softMin;
    a.softMax = b.softMax;
  }
  if (b.below) a.below = b.below;
  a.applies.types &= b.applies.types;
  if (b.applies.op != RuleOp::None) {
    a.applies.key = b.applies.key;
    a.applies.op = b.applies.op;
    a.applies.value = b.applies.value;
  }
  return a;
}
// The types whose capability flag is set (kTypeCaps).
uint32_t typesWith(bool TypeCaps::*flag) {
  uint32_t m = 0;
  for (const TypeCaps& t : kTypeCaps)
    if (t.*flag) m |= typeBit(t.type);
  return m;
}
// The types whose kernel reads the type-specific parameter `key` (their rows list it).
uint32_t typesReading(const char* key) {
  uint32_t m = 0;
  for (const TypeCaps& t : kTypeCaps)
    if (typeReads(t, key)) m |= typeBit(t.type);
  return m;
}

// The `type` parameter's values and description, from the rows of NF_NOISE_TYPES.
std::vector<std::string> typeNames() {
  std::vector<std::string> r(kNoiseTypeCount);
  for (size_t i = 0; i < kNoiseTypeCount; ++i) r[i] = kTypeCaps[i].name;
  return r;
}
const char* typeDescription() {
  static const std::string kText = [] {
    std::string d = "Noise type:";
    for (const TypeCaps& t : kTypeCaps) {
      d += &t == kTypeCaps ? " " : ", ";
      d += t.name;
      d += " (";
      d += t.blurb;
      d += ")";
    }
    return d += ".";
  }();
  return kText.c_str();
}

std::vector<ParamSpec> buildSchema() {
  const ParamType I = ParamType::Int, F = ParamType::Float, E = ParamType::Enum, B = ParamType::Bool;
  const RuleOp Min = RuleOp::Min, Eq = RuleOp::Equals, Ne = RuleOp::NotEquals;
  const uint32_t dims3 = typesWith(&TypeCaps::dims3), tileable = typesWith(&TypeCaps::tileable);
  const ParamHints fractal = when("fractal", Ne, 0), warp1 = when("warpLevels", Min, 1),
                   warp2 = when("warpLevels", Min, 2), island = when("island", Eq, 1);
  return {
      // key, short, type, default, min, max, step, enum values, group, description, accessors,
      // then optionally soft(min, max) (the recommended slider range) or below("key") (this
      // parameter must stay strictly below that one; validate() enforces the chains), only(types)
      // and when(key, op, value) (the applicability rule), combined with `|`.
      {"type", "t", E, 0, 0, kNoiseTypeCount - 1, 1, typeNames(), "noise", typeDescription(), NF_ACC(type)},
      {"fade", "fd", E, 1, 0, 2, 1, V{"linear", "cubic", "quintic"}, "noise",
       "Interpolation fade between lattice points: linear (shows creases), cubic smoothstep 3t^2-2t^3 (Perlin 1985), quintic 6t^5-15t^4+10t^3 (Perlin 2002).", NF_ACC(fade), only(typesReading("fade"))},
      {"hash", "h", E, 0, 0, 1, 1, V{"landscape", "tutorial"}, "noise",
       "Lattice hash seed multiplier: landscape (144269504, the 404 page) or tutorial (1442695041, the noise-fields seed).", NF_ACC(hash)},
      {"seed", "s", I, 42, 0, kU32Max, 1, V{}, "noise", "Seed of the height field (uint32).", NF_ACC(seed)},
      {"scale", "sc", F, 1, 1e-3, 1e6, 0.5, V{}, "noise",
       "Sample units per lattice cell (tiles per cell): lattice coordinate = sample coordinate / scale. Use 8 to 32 for tile maps.", NF_ACC(scale), soft(1, 256)},
      {"dimensions", "d", I, 2, 2, 3, 1, V{}, "noise",
       "2: the plane; 3: the slice at depth z of 3-D noise. 3-D value noise at integer z = 0 equals 2-D.", NF_ACC(dimensions), only(dims3)},
      {"z", "z", F, 0, -1e9, 1e9, 0.01, V{}, "noise", "Third coordinate (time) in lattice units, used when dimensions = 3: animate it to make the field drift.", NF_ACC(z), soft(0, 16) | only(dims3) | when("dimensions", Eq, 3)},

      {"fractal", "fr", E, 1, 0, 3, 1, V{"none", "fbm", "ridged", "billow"}, "fractal",
       "Octave sum: none (one octave), fbm, ridged (1-|2f-1| per octave), billow (|2f-1| per octave); each normalised by the amplitude sum.", NF_ACC(fractal)},
      {"octaves", "o", I, 3, 1, 16, 1, V{}, "fractal", "Number of octaves.", NF_ACC(octaves), fractal},
      {"lacunarity", "l", F, 2.03, 1, 8, 0.01, V{}, "fractal",
       "Frequency multiplier per octave. Tiled fields use round(lacunarity) so every octave keeps an integer period.", NF_ACC(lacunarity), fractal},
      {"gain", "g", F, 0.5, 0, 1, 0.01, V{}, "fractal", "Amplitude multiplier per octave (persistence).", NF_ACC(gain), fractal},
      {"seedStep", "ss", I, 17, 0, kU32Max, 1, V{}, "fractal", "Octave i uses seed + seedStep * i (mod 2^32).", NF_ACC(seedStep), fractal},

      {"warpLevels", "wl", I, 0, 0, 2, 1, V{}, "warp",
       "Domain warp levels. 1: F(p + warp * (q(p) - c)); 2: F(p + warp2 * (r(p + warp * (q(p) - c)) - c)), c = 0.5 (warpCentred) or 0. q and r use the field's noise and fractal settings with the warp seeds.", NF_ACC(warpLevels)},
      {"warpCentred", "wc", B, 1, 0, 1, 1, V{}, "warp",
       "Warp offsets centred on 0 (q - 0.5, as in FastNoiseLite and the seeds: points move both ways and the field is not shifted on average). false: offsets q in [0, 1], which shift the field by about half the warp (the 404 nebula).", NF_ACC(warpCentred), warp1},
      {"warp", "w", F, 1, 0, 32, 0.05, V{}, "warp", "Warp strength k of level 1, in lattice units.", NF_ACC(warp), warp1},
      {"warpSeedX", "wx", I, 211, 0, kU32Max, 1, V{}, "warp", "Seed of the level-1 x offset g. Equal to warpSeedY: the same offset on both axes.", NF_ACC(warpSeedX), warp1},
      {"warpSeedY", "wy", I, 212, 0, kU32Max, 1, V{}, "warp", "Seed of the level-1 y offset h.", NF_ACC(warpSeedY), warp1},
      {"warp2", "w2", F, 1, 0, 32, 0.05, V{}, "warp", "Warp strength of level 2, in lattice units.", NF_ACC(warp2), warp2},
      {"warp2SeedX", "vx", I, 223, 0, kU32Max, 1, V{}, "warp", "Seed of the level-2 x offset.", NF_ACC(warp2SeedX), warp2},
      {"warp2SeedY", "vy", I, 224, 0, kU32Max, 1, V{}, "warp", "Seed of the level-2 y offset.", NF_ACC(warp2SeedY), warp2},

      {"periodX", "px", I, 0, 0, 1048576, 1, V{}, "tiling",
       "Tile period in x, in lattice cells (0: not tiled). f(x + k * periodX * scale, y) = f(x, y) bit for bit where the sum is exact. Simplex tiles by sampling 3-D / 4-D noise on a circle / torus.", NF_ACC(periodX), soft(0, 64) | only(tileable)},
      {"periodY", "py", I, 0, 0, 1048576, 1, V{}, "tiling", "Tile period in y, in lattice cells (0: not tiled).", NF_ACC(periodY), soft(0, 64) | only(tileable)},

      {"cellDistance", "cd", E, 0, 0, 2, 1, V{"euclidean", "manhattan", "chebyshev"}, "cellular", "Distance function of cellular noise.", NF_ACC(cellDistance), only(typesReading("cellDistance"))},
      {"cellReturn", "cr", E, 0, 0, 3, 1, V{"f1", "f2", "f2-f1", "cell"}, "cellular",
       "What cellular noise returns: nearest distance F1, second F2, F2-F1 (cell edges), or the nearest cell's random value.", NF_ACC(cellReturn), only(typesReading("cellReturn"))},
      {"jitter", "j", F, 1, 0, 1, 0.01, V{}, "cellular", "How far feature points stray from their cell centre (0: a regular grid).", NF_ACC(jitter), only(typesReading("jitter"))},

      {"island", "is", B, 0, 0, 1, 1, V{}, "terrain", "Multiply the height by an island falloff 1 - (d/islandRadius)^2 (clamped at 0).", NF_ACC(island)},
      {"islandShape", "ish", E, 0, 0, 1, 1, V{"radial", "square"}, "terrain", "Distance of the falloff: radial (Euclidean) or square (Chebyshev).", NF_ACC(islandShape), island},
      {"islandX", "ix", F, 0, -1e9, 1e9, 1, V{}, "terrain", "Island centre x, in sample units.", NF_ACC(islandX), soft(-512, 512) | island},
      {"islandY", "iy", F, 0, -1e9, 1e9, 1, V{}, "terrain", "Island centre y, in sample units.", NF_ACC(islandY), soft(-512, 512) | island},
      {"islandRadius", "ir", F, 64, 1e-3, 1e9, 1, V{}, "terrain", "Falloff radius dmax (the height is 0 beyond it), in sample units.", NF_ACC(islandRadius), soft(8, 512) | island},
      {"redistribution", "re", F, 1, 0.05, 8, 0.05, V{}, "terrain", "Exponent e: height = height^e (above 1 flattens lowlands, below 1 raises them).", NF_ACC(redistribution)},
      {"terraces", "te", I, 0, 0, 64, 1, V{}, "terrain", "Number of terrace levels (0: off): the height is cut into n equal bands, band k flattened to level k / (n - 1) (n = 1: the constant 0.5).", NF_ACC(terraces)},
      {"terraceSmooth", "tsm", F, 0, 0, 1, 0.01, V{}, "terrain", "Fraction of each terrace band that ramps smoothly to the next level (0: hard steps).", NF_ACC(terraceSmooth), when("terraces", Min, 1)},
      {"t1", "t1", F, 0.35, 0, 1, 0.01, V{}, "terrain", "Band cut water | sand (t1 < t2 < t3).", NF_ACC(t1), below("t2")},
      {"t2", "t2", F, 0.45, 0, 1, 0.01, V{}, "terrain", "Band cut sand | grass; also low | mid height for biomes.", NF_ACC(t2), below("t3")},
      {"t3", "t3", F, 0.70, 0, 1, 0.01, V{}, "terrain", "Band cut grass | rock; also mid | high height for biomes.", NF_ACC(t3)},
      {"moistureSeed", "ms", I, 4242, 0, kU32Max, 1, V{}, "terrain",
       "Seed of the moisture field (same noise settings, no terrain steps). Equal to seed collapses the biome table to its diagonal.", NF_ACC(moistureSeed)},
      {"m1", "m1", F, 0.45, 0, 1, 0.01, V{}, "terrain", "Moisture cut dry | medium (m1 < m2).", NF_ACC(m1), below("m2")},
      {"m2", "m2", F, 0.55, 0, 1, 0.01, V{}, "terrain", "Moisture cut medium | wet.", NF_ACC(m2)},
  };
}
#undef NF_ACC

// Echoed input in a message: quoted, and cut to an excerpt when long (a message must stay readable
// whatever was pasted).
std::string quoted(std::string_view s) {
  constexpr size_t kMaxEcho = 40;
  if (s.size() <= kMaxEcho) return "\"" + std::string(s) + "\"";
  return "\"" + std::string(s.substr(0, kMaxEcho - 8)) + "...\" (" + std::to_string(s.size()) + " characters)";
}

std::string enumList(const ParamSpec& p) {
  std::string r;
  for (size_t i = 0; i < p.values.size(); ++i) r += (i ? ", " : "") + p.values[i];
  return r;
}

std::string rangeText(const ParamSpec& p) {
  return "[" + formatNumber(p.min) + ", " + formatNumber(p.max) + "]";
}

// Checks and stores a numeric value.
std::string setChecked(const ParamSpec& p, FieldConfig& c, double v) {
  switch (p.type) {
    case ParamType::Int:
      if (!std::isfinite(v) || v != std::trunc(v) || v < p.min || v > p.max)
        return std::string(p.key) + " must be an integer in " + rangeText(p) + " (got " + formatNumber(v) + ")";
      break;
    case ParamType::Float:
      if (!std::isfinite(v) || v < p.min || v > p.max)
        return std::string(p.key) + " must be a finite number in " + rangeText(p) + " (got " + formatNumber(v) + ")";
      break;
    case ParamType::Bool:
      if (v != 0 && v != 1) return std::string(p.key) + " must be a boolean (true/false or 1/0) (got " + formatNumber(v) + ")";
      break;
    case ParamType::Enum:
      if (!std::isfinite(v) || v != std::trunc(v) || v < p.min || v > p.max)
        return std::string(p.key) + " must be one of " + enumList(p) + " (got " + formatNumber(v) + ")";
      break;
  }
  p.put(c, v);
  return "";
}

// Query numbers are plain decimals: an optional '-', digits with an optional fraction, an optional
// exponent. No '+', spaces, hex, "Infinity" or "NaN" (strtod alone would take them).
bool plainDecimal(std::string_view s) {
  size_t i = 0, digits = 0;
  if (i < s.size() && s[i] == '-') ++i;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) ++digits;
  if (i < s.size() && s[i] == '.')
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) ++digits;
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    size_t e = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) ++e;
    if (e == 0) return false;
  }
  return i == s.size();
}

bool parseNumber(std::string_view s, double* out) {
  if (s.empty() || s.size() > 64 || !plainDecimal(s)) return false;
  std::string str(s);
  char* end = nullptr;
  const double v = std::strtod(str.c_str(), &end);
  if (end != str.c_str() + str.size()) return false;
  *out = v;
  return true;
}

int hexVal(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
std::string percentDecode(std::string_view s) {
  std::string r;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hexVal(s[i + 1]) >= 0 && hexVal(s[i + 2]) >= 0) {
      r += static_cast<char>(hexVal(s[i + 1]) * 16 + hexVal(s[i + 2]));
      i += 2;
    } else {
      r += s[i];
    }
  }
  return r;
}

struct KV {
  std::string key, value;
};
// A whole link is accepted as well as its query: what a user copies from the explorer's address
// bar. The fragment (the explorer's #view=...) is the page's, and everything up to the '?' is
// the page's address; an address with no '?' carries no parameter (no value contains a '/').
std::string_view queryOfLink(std::string_view q) {
  q = q.substr(0, q.find('#'));
  const size_t mark = q.find('?');
  if (mark != std::string_view::npos) return q.substr(mark + 1);
  return q.find('/') == std::string_view::npos ? q : std::string_view();
}
std::vector<KV> splitQuery(std::string_view q) {
  std::vector<KV> r;
  q = queryOfLink(q);
  while (!q.empty()) {
    const size_t amp = q.find('&');
    std::string_view part = q.substr(0, amp);
    q = amp == std::string_view::npos ? std::string_view() : q.substr(amp + 1);
    if (part.empty()) continue;
    const size_t eq = part.find('=');
    KV kv;
    kv.key = percentDecode(part.substr(0, eq));
    kv.value = eq == std::string_view::npos ? "" : percentDecode(part.substr(eq + 1));
    r.push_back(kv);
  }
  return r;
}

}  // namespace

const std::vector<ParamSpec>& fieldSchema() {
  static const std::vector<ParamSpec> kSchema = buildSchema();
  return kSchema;
}

const ParamSpec* findParam(std::string_view k) {
  for (const ParamSpec& p : fieldSchema())
    if (k == p.key || k == p.shortKey) return &p;
  return nullptr;
}

const char* paramTypeName(ParamType t) {
  switch (t) {
    case ParamType::Int: return "int";
    case ParamType::Float: return "float";
    case ParamType::Enum: return "enum";
    case ParamType::Bool: return "bool";
  }
  return "?";
}

bool typeReads(const TypeCaps& t, std::string_view key) {
  for (std::string_view keys = t.keys; !keys.empty();) {
    const size_t space = keys.find(' ');
    if (keys.substr(0, space) == key) return true;
    keys = space == std::string_view::npos ? std::string_view() : keys.substr(space + 1);
  }
  return false;
}

const char* paramAbove(std::string_view key) {
  for (const ParamSpec& p : fieldSchema())
    if (p.hints.below && key == p.hints.below) return p.key;
  return nullptr;
}

const std::vector<std::vector<const ParamSpec*>>& orderingChains() {
  static const std::vector<std::vector<const ParamSpec*>> kChains = [] {
    std::vector<std::vector<const ParamSpec*>> r;
    for (const ParamSpec& p : fieldSchema()) {
      if (!p.hints.below || paramAbove(p.key)) continue;  // not the lowest of a chain
      std::vector<const ParamSpec*> chain{&p};
      for (const ParamSpec* q = &p; q->hints.below && chain.size() <= fieldSchema().size();) {
        q = findParam(q->hints.below);
        if (!q) break;
        chain.push_back(q);
      }
      r.push_back(chain);
    }
    return r;
  }();
  return kChains;
}

bool paramApplies(const ParamSpec& p, const FieldConfig& c) {
  // A chain of conditions is short (no cycles in the table); the depth bound only guards a typo.
  const ParamSpec* q = &p;
  for (size_t depth = 0; q && depth <= fieldSchema().size(); ++depth) {
    const ParamRule& r = q->rule();
    if (!(r.types & typeBit(c.type))) return false;
    if (r.op == RuleOp::None) return true;
    const ParamSpec* other = findParam(r.key);
    if (!other) return true;
    const double v = other->get(c);
    const bool ok = r.op == RuleOp::Min ? v >= r.value : r.op == RuleOp::Equals ? v == r.value : v != r.value;
    if (!ok) return false;
    q = other;
  }
  return true;
}

std::string ruleValueText(const ParamSpec& required, double v) {
  if (required.type == ParamType::Enum) return required.values[static_cast<size_t>(v)];
  if (required.type == ParamType::Bool) return v != 0 ? "true" : "false";
  return formatNumber(v);
}

std::string ruleText(const ParamSpec& p) {
  const ParamRule& r = p.rule();
  if (r.always()) return "";
  std::string t = "Applies";
  if (r.types != kAllTypes) {
    std::vector<const char*> names;
    for (const TypeCaps& tc : kTypeCaps)
      if (r.types & typeBit(tc.type)) names.push_back(tc.name);
    t += " to: ";
    for (size_t i = 0; i < names.size(); ++i) t += std::string(i ? ", " : "") + names[i];
  }
  if (r.op != RuleOp::None) {
    const ParamSpec* other = findParam(r.key);
    const char* op = r.op == RuleOp::Min ? " >= " : r.op == RuleOp::Equals ? " = " : " != ";
    t += std::string(r.types != kAllTypes ? ";" : "") + " when `" + r.key + "`" + op +
         (other ? ruleValueText(*other, r.value) : formatNumber(r.value));
  }
  return t + ".";
}

namespace {
// "" or "t1 < t2 < t3 is required (got t1 = .., t2 = .., t3 = ..)".
std::string checkChain(const std::vector<const ParamSpec*>& chain, const FieldConfig& c) {
  bool ok = true;
  for (size_t i = 0; i + 1 < chain.size(); ++i)
    if (!(chain[i]->get(c) < chain[i + 1]->get(c))) ok = false;
  if (ok) return "";
  std::string names, got;
  for (size_t i = 0; i < chain.size(); ++i) {
    names += (i ? " < " : "") + std::string(chain[i]->key);
    got += (i ? ", " : "") + std::string(chain[i]->key) + " = " + formatNumber(chain[i]->get(c));
  }
  return names + " is required (got " + got + ")";
}

std::string checkCaps(const FieldConfig& c) {
  const TypeCaps& caps = typeCaps(c.type);
  if (!caps.tileable && (c.periodX > 0 || c.periodY > 0)) {
    std::string ok;
    int n = 0, total = 0;
    for (const TypeCaps& t : kTypeCaps) total += t.tileable;
    for (const TypeCaps& t : kTypeCaps)
      if (t.tileable) ok += std::string(n++ ? (n == total ? " or " : ", ") : "") + t.name;
    // Name the period(s) given, so the message (and the lenient parser's bad key) points at them.
    const char* given = c.periodX > 0 && c.periodY > 0 ? "periodX/periodY" : c.periodX > 0 ? "periodX" : "periodY";
    return std::string(given) + " must be 0 for type " + caps.name + " (" + caps.name +
           " noise is not tileable; use " + ok + ")";
  }
  return "";
}
}  // namespace

FieldConfig::FieldConfig() {
  for (const ParamSpec& p : fieldSchema()) p.put(*this, p.def);
}

bool FieldConfig::operator==(const FieldConfig& o) const {
  for (const ParamSpec& p : fieldSchema()) {
    const double a = p.get(*this), b = p.get(o);
    if (!(a == b) || std::signbit(a) != std::signbit(b)) return false;
  }
  return true;
}

static const ParamSpec* findLong(std::string_view key) {
  for (const ParamSpec& p : fieldSchema())
    if (key == p.key) return &p;
  return nullptr;
}

std::string FieldConfig::set(std::string_view key, double value) {
  const ParamSpec* p = findLong(key);
  if (!p) return "unknown parameter " + quoted(key);
  return setChecked(*p, *this, value);
}

std::string FieldConfig::setEnum(std::string_view key, std::string_view value) {
  const ParamSpec* p = findLong(key);
  if (!p) return "unknown parameter " + quoted(key);
  if (p->type == ParamType::Enum) {
    for (size_t i = 0; i < p->values.size(); ++i)
      if (value == p->values[i]) return setChecked(*p, *this, static_cast<double>(i));
    return std::string(p->key) + " must be one of " + enumList(*p) + " (got " + quoted(value) + ")";
  }
  if (p->type == ParamType::Bool) {
    if (value == "true" || value == "1") return setChecked(*p, *this, 1);
    if (value == "false" || value == "0") return setChecked(*p, *this, 0);
    return std::string(p->key) + " must be a boolean (true/false or 1/0) (got " + quoted(value) + ")";
  }
  double v;
  if (!parseNumber(value, &v))
    return std::string(p->key) + " must be " + (p->type == ParamType::Int ? "an integer" : "a finite number") +
           " in " + rangeText(*p) + " (got " + quoted(value) + ")";
  return setChecked(*p, *this, v);
}

double FieldConfig::get(std::string_view key) const {
  const ParamSpec* p = findParam(key);
  return p ? p->get(*this) : std::nan("");
}

std::string FieldConfig::validate() const {
  for (const auto& chain : orderingChains()) {
    const std::string err = checkChain(chain, *this);
    if (!err.empty()) return err;
  }
  return checkCaps(*this);
}


std::string formatParam(const ParamSpec& p, const FieldConfig& c) {
  const double v = p.get(c);
  if (p.type == ParamType::Enum) return p.values[static_cast<size_t>(v)];
  if (p.type == ParamType::Bool) return v != 0 ? "1" : "0";
  return formatNumber(v);
}

std::string toQuery(const FieldConfig& c) {
  std::string q;
  for (const ParamSpec& p : fieldSchema()) {
    const double v = p.get(c);
    if (v == p.def && !std::signbit(v)) continue;
    if (!q.empty()) q += '&';
    q += p.shortKey;
    q += '=';
    q += formatParam(p, c);
  }
  return q;
}

namespace {
std::string duplicateText(const ParamSpec& p) {
  return std::string(p.key) + " is given more than once (as `" + p.key + "` or `" + p.shortKey + "`)";
}
std::string setFromText(const ParamSpec& p, FieldConfig& c, const std::string& value) {
  return c.setEnum(p.key, value);
}
}  // namespace

std::string fromQuery(std::string_view query, FieldConfig& out) {
  FieldConfig c;
  std::vector<const ParamSpec*> seen;
  for (const KV& kv : splitQuery(query)) {
    const ParamSpec* p = findParam(kv.key);
    if (!p) return "unknown parameter " + quoted(kv.key);
    if (std::find(seen.begin(), seen.end(), p) != seen.end()) return duplicateText(*p);
    seen.push_back(p);
    const std::string err = setFromText(*p, c, kv.value);
    if (!err.empty()) return err;
  }
  const std::string err = c.validate();
  if (!err.empty()) return err;
  out = c;
  return "";
}

std::vector<std::string> fromQueryLenient(std::string_view query, FieldConfig& out, std::vector<std::string>* badKeys) {
  std::vector<std::string> errors;
  FieldConfig c;
  auto bad = [&](const std::string& key, const std::string& msg) {
    errors.push_back(msg);
    if (badKeys) badKeys->push_back(key);
  };
  std::vector<const ParamSpec*> seen;
  for (const KV& kv : splitQuery(query)) {
    const ParamSpec* p = findParam(kv.key);
    if (!p) {
      bad(kv.key, "unknown parameter " + quoted(kv.key));
      continue;
    }
    if (std::find(seen.begin(), seen.end(), p) != seen.end()) {  // the first value stands
      bad(p->key, duplicateText(*p));
      continue;
    }
    seen.push_back(p);
    const std::string err = setFromText(*p, c, kv.value);
    if (!err.empty()) bad(p->key, err);
  }
  // Cross constraints: a broken ordering chain falls back to its defaults (reported under its
  // lowest key), a period on a type that cannot tile falls back to 0.
  const FieldConfig d;
  for (const auto& chain : orderingChains()) {
    const std::string err = checkChain(chain, c);
    if (err.empty()) continue;
    bad(chain.front()->key, err);
    for (const ParamSpec* p : chain) p->put(c, p->get(d));
  }
  const std::string err = checkCaps(c);
  if (!err.empty()) {  // reported under each period given (checkCaps names them)
    if (c.periodX > 0) bad("periodX", err);
    if (c.periodY > 0) {
      if (c.periodX > 0) errors.pop_back();  // one message, two bad keys
      bad("periodY", err);
    }
    c.periodX = c.periodY = 0;
  }
  out = c;
  return errors;
}

static std::string escapePipes(const char* s) {
  std::string r;
  for (; *s; ++s) r += *s == '|' ? std::string("\\|") : std::string(1, *s);
  return r;
}

std::string schemaMarkdown() {
  std::string md;
  auto yesNo = [](bool b) { return std::string(b ? "yes" : "no"); };
  std::string group;
  for (const ParamSpec& p : fieldSchema()) {
    if (group != p.group) {
      group = p.group;
      md += (md.empty() ? "" : "\n") + std::string("### ") + group + "\n\n";
      md += "| key | query | type | default | range / values | step | description |\n";
      md += "|---|---|---|---|---|---|---|\n";
    }
    std::string def, range;
    if (p.type == ParamType::Enum) {
      def = p.values[static_cast<size_t>(p.def)];
      range = enumList(p);
    } else if (p.type == ParamType::Bool) {
      def = p.def != 0 ? "true" : "false";
      range = "true, false";
    } else {
      def = formatNumber(p.def);
      range = rangeText(p);
    }
    md += "| `" + std::string(p.key) + "` | `" + p.shortKey + "` | " + paramTypeName(p.type) + " | " + def + " | " +
          range + " | " + (p.type == ParamType::Enum || p.type == ParamType::Bool ? "" : formatNumber(p.step)) + " | " +
          escapePipes(p.description);
    if (p.hasSoftRange())
      md += " Slider range [" + formatNumber(p.softMin()) + ", " + formatNumber(p.softMax()) + "].";
    if (p.hints.below) md += std::string(" Must stay below `") + p.hints.below + "`.";
    if (!p.rule().always()) md += " " + ruleText(p);
    md += " |\n";
  }
  md += "\n### capabilities of the noise types\n\n";
  md += "| type | 3-D (`dimensions` = 3, `z`) | tileable (`periodX`, `periodY`) | analytic gradient |\n";
  md += "|---|---|---|---|\n";
  for (const TypeCaps& t : kTypeCaps)
    md += std::string("| `") + t.name + "` | " + yesNo(t.dims3) + " | " + yesNo(t.tileable) + " | " +
          (t.analyticGradient && !t.analyticWhenTiled ? "yes (untiled; tiled: central differences)"
                                                      : yesNo(t.analyticGradient)) +
          " |\n";
  return md;
}

}  // namespace nf
