// The parameter schema of a noise field: ONE table (fieldSchema()) lists every parameter with its
// key, short URL key, type, default, range, step, enum values, group and description. FieldConfig
// defaults, validation messages, the compact query string, the JS schema and the README table are
// all generated from it.
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "kinds.h"
#include "noise_types.h"
#include "number_text.h"

namespace nf {

enum class HashKind : uint8_t { Landscape, Tutorial };  // seed multiplier 144269504 / 1442695041
enum class IslandShape : uint8_t { Radial, Square };
enum class ParamType : uint8_t { Int, Float, Enum, Bool };

// A plain struct of values. The default constructor fills every member from the schema table.
struct FieldConfig {
  // noise
  NoiseType type;
  FadeKind fade;
  HashKind hash;
  uint32_t seed;
  double scale;  // sample units (tiles) per lattice cell: lattice coordinate = sample / scale
  int dimensions;
  double z;
  // fractal
  FractalKind fractal;
  int octaves;
  double lacunarity, gain;
  uint32_t seedStep;
  // warp
  int warpLevels;
  bool warpCentred;
  double warp, warp2;
  uint32_t warpSeedX, warpSeedY, warp2SeedX, warp2SeedY;
  // tiling
  int periodX, periodY;
  // cellular
  CellDistance cellDistance;
  CellReturn cellReturn;
  double jitter;
  // terrain
  bool island;
  IslandShape islandShape;
  double islandX, islandY, islandRadius;
  double redistribution;
  int terraces;
  double terraceSmooth;
  double t1, t2, t3;
  uint32_t moistureSeed;
  double m1, m2;

  FieldConfig();

  // "" on success, else a message naming the key and its allowed range or values; on error the
  // config is unchanged. set() takes numbers (ints, floats, bools as 0/1, enums by index);
  // setEnum() takes an enum's name (or, for other types, the number or true/false as text).
  std::string set(std::string_view key, double value);
  std::string setEnum(std::string_view key, std::string_view value);
  // The value of a parameter as a number (enums: index; bools: 0/1). NaN for an unknown key.
  double get(std::string_view key) const;
  // Cross-parameter constraints, all read from the tables below: the ordering chains of the
  // schema's `below` links (t1 < t2 < t3, m1 < m2) and the type capabilities (a period needs a
  // tileable type).
  std::string validate() const;

  bool operator==(const FieldConfig& o) const;
  bool operator!=(const FieldConfig& o) const { return !(*this == o); }
};

// When a parameter takes effect (its applicability rule): the noise types it matters for and, at
// most, one condition on another parameter. Outside it, changing the parameter does not change the
// field (the explorer dims the control; the value is kept).
enum class RuleOp : uint8_t { None, Min, Equals, NotEquals };
static_assert(kNoiseTypeCount <= 32, "a rule's type set is a 32-bit mask");
constexpr uint32_t typeBit(NoiseType t) { return 1u << static_cast<int>(t); }
constexpr uint32_t kAllTypes = kNoiseTypeCount == 32 ? ~0u : (1u << kNoiseTypeCount) - 1;
struct ParamRule {
  uint32_t types = kAllTypes;  // bit typeBit(t) set: applies to type t
  const char* key = nullptr;   // requires: parameter `key` ...
  RuleOp op = RuleOp::None;    // ... >= value (Min), == value (Equals) or != value (NotEquals)
  double value = 0;            // as a number (enums: index; bools: 0/1)

  bool always() const { return types == kAllTypes && op == RuleOp::None; }
};

// Slider hints, ordering links and the applicability rule of a parameter (the trailing, optional
// part of a table entry).
struct ParamHints {
  // Recommended slider range (the hard [min, max] still decides validity); NaN: same as hard.
  double softMin = std::numeric_limits<double>::quiet_NaN();
  double softMax = std::numeric_limits<double>::quiet_NaN();
  // Key of the parameter this one must stay strictly below (validate() enforces it), or null.
  const char* below = nullptr;
  ParamRule applies = {};
};

struct ParamSpec {
  const char* key;       // camelCase, as in JS config objects
  const char* shortKey;  // 1-3 characters, for query strings
  ParamType type;
  double def, min, max, step;            // enums: indices into values
  std::vector<std::string> values;       // enum names (empty otherwise)
  const char* group;
  const char* description;
  double (*get)(const FieldConfig&);
  void (*put)(FieldConfig&, double);    // no checks; use FieldConfig::set
  ParamHints hints = {};

  bool hasSoftRange() const { return hints.softMin == hints.softMin; }  // not NaN
  double softMin() const { return hasSoftRange() ? hints.softMin : min; }
  double softMax() const { return hasSoftRange() ? hints.softMax : max; }
  const ParamRule& rule() const { return hints.applies; }
};

const std::vector<ParamSpec>& fieldSchema();
const ParamSpec* findParam(std::string_view keyOrShortKey);
const char* paramTypeName(ParamType t);

// The ordering chains the `below` links form, each listed from its lowest key, e.g.
// {{"t1", "t2", "t3"}, {"m1", "m2"}}.
const std::vector<std::vector<const ParamSpec*>>& orderingChains();
// The key of the parameter that must stay strictly below `key` (the reverse `below` link), or null.
const char* paramAbove(std::string_view key);

// Whether parameter p takes effect in config c: its rule holds, and so does the rule of the
// parameter its condition names (recursively).
bool paramApplies(const ParamSpec& p, const FieldConfig& c);
// The rule as text, e.g. "Applies to: value, gradient." or "Applies when `warpLevels` >= 1."; ""
// for a parameter that always applies.
std::string ruleText(const ParamSpec& p);
// A rule's value as schema text: the enum name, true/false for bools, the number otherwise.
std::string ruleValueText(const ParamSpec& required, double v);

// What each noise type supports: THE capability table, one entry per row of NF_NOISE_TYPES
// (noise_types.h: the columns are explained there), in NoiseType order. validate(),
// nf.capabilities(), the schema's `type` values and rules, the README and opsFor read it; tests
// check that the kernels agree with it.
struct TypeCaps {
  NoiseType type;
  const char* name;        // as in the schema's `type` values
  bool dims3;              // a 3-D variant exists (dimensions = 3 and z take effect)
  bool tileable;           // periodX / periodY allowed
  bool analyticGradient;   // sampleGrad is analytic (through warps too); otherwise central differences
  bool analyticWhenTiled;  // ... also for tiled fields (periodX / periodY > 0)
  const char* keys;        // the type-specific parameters its kernel reads, space-separated
  const char* blurb;       // its words in the `type` description
};
#define NF_TYPE_CAPS_ROW(Id, name, kernel, dims3, tileable, analytic, analyticTiled, keys, blurb) \
  {NoiseType::Id, name, dims3, tileable, analytic, analyticTiled, keys, blurb},
inline constexpr TypeCaps kTypeCaps[] = {NF_NOISE_TYPES(NF_TYPE_CAPS_ROW)};
#undef NF_TYPE_CAPS_ROW
inline constexpr const TypeCaps& typeCaps(NoiseType t) { return kTypeCaps[static_cast<int>(t)]; }
static_assert(sizeof(kTypeCaps) / sizeof(kTypeCaps[0]) == kNoiseTypeCount, "one capability row per type");
// Whether the parameter `key` is one of the type-specific parameters t's kernel reads.
bool typeReads(const TypeCaps& t, std::string_view key);

// A parameter's value as text (enum name, 0/1 for bools, shortest number otherwise).
std::string formatParam(const ParamSpec& p, const FieldConfig& c);

// Compact query: only non-default values, short keys, '&'-separated, e.g. "t=gradient&o=5&sc=16".
std::string toQuery(const FieldConfig& c);
// Strict: "" or the first error; accepts short or long keys and an optional leading '?', or a
// whole explorer link (the address before the '?' and the #fragment are ignored).
// On error `out` is left unchanged.
std::string fromQuery(std::string_view query, FieldConfig& out);
// Lenient (for URLs): every bad key/value is reported and skipped (the default stays); if the
// cross constraints fail, the keys involved fall back to their defaults. Returns one message per
// problem; `badKeys` (if given) receives the offending keys.
std::vector<std::string> fromQueryLenient(std::string_view query, FieldConfig& out,
                                          std::vector<std::string>* badKeys = nullptr);

// The README parameter table (markdown), one section per group, followed by the capability table
// of the noise types.
std::string schemaMarkdown();

}  // namespace nf
