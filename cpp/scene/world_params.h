// The one table of the landscape's inputs: the 404 page's URL parameters, mount()'s options (and
// the <noisefield-landscape> element's attributes), and noisefield-cli render's flags. Names,
// kinds, ranges, defaults and the validation text live here only; the module exports them to JS
// (Module.worldParams(), Module.parseWorldParam()), the CLI builds its --help and its parsing from
// them, and `./noisefield docs` writes README.md's table from worldParamsMarkdown().
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nf::scene {

enum class ParamKind {
  Seed,     // an integer 0..4294967295, or a word (FNV-1a 32 of its UTF-8 bytes)
  Number,   // a decimal number in [min, max]
  Integer,  // a decimal integer in [min, max]
  Season,   // an integer day of the year in [min, max], or "none"
  Choice,   // one of choices
  Switch,   // "on" | "off" (JS options: true | false)
  Flag,     // CLI only: present or not, no value
  Path,     // CLI only: a file name
};

// Where a parameter is accepted.
enum ParamScope : unsigned { kInUrl = 1, kInOptions = 2, kInCli = 4 };

struct WorldParam {
  const char* name;        // URL key; CLI flag --name
  const char* option;      // mount() option and element attribute; CLI alias --option (or -o)
  ParamKind kind;
  double min, max;         // Number, Integer, Season
  std::vector<const char*> choices;  // Choice, Switch
  unsigned scope;
  const char* allowed;     // "a number in [0, 1]": after "expected" and "must be"
  const char* pageDefault; // what the page (and mount) does without it
  const char* cliDefault;  // the CLI's value without it (a valid raw value, or "" when none)
  const char* description;
};

constexpr uint32_t kMaxWorldSeed = 4294967295u;
constexpr int kMaxSeedWordChars = 64;
// theme=dark caps the daylight at this (the page and the CLI alike).
constexpr double kDarkDayCap = 0.3;

const std::vector<WorldParam>& worldParams();
// By URL name or option name; nullptr if unknown.
const WorldParam* findWorldParam(std::string_view name);

// FNV-1a 32 over the bytes (UTF-8): offset basis 2166136261, prime 16777619.
uint32_t seedFromText(std::string_view utf8);

struct ParamValue {
  bool ok = false;
  double number = 0;   // Seed (the uint32), Number, Integer, Season (NaN for none), Switch (1 on)
  std::string text;    // Choice, Switch and Path: the value; Seed: the word when one was given
  bool word = false;   // Seed: given as a word
  std::string error;   // "expected a number in [0, 1]"
};

// Parses one raw text value (a URL value or a CLI argument) by the table's rule.
ParamValue parseWorldParam(const WorldParam& p, std::string_view raw);

// README.md's table (URL parameter, mount option, CLI flag, default, allowed, meaning).
std::string worldParamsMarkdown();

}  // namespace nf::scene
