#include "world_params.h"

#include "noise/number_text.h"

#include <cmath>
#include <cstdlib>

namespace nf::scene {

const std::vector<WorldParam>& worldParams() {
  static const std::vector<WorldParam> table = {
      {"seed", "seed", ParamKind::Seed, 0, kMaxWorldSeed, {}, kInUrl | kInOptions | kInCli,
       "an integer in [0, 4294967295] or a word of 1..64 characters", "404", "404",
       "World seed. A word is hashed to a uint32 with FNV-1a 32 over its UTF-8 bytes (offset basis 2166136261, "
       "prime 16777619, case-sensitive); number-like text that is not a plain integer in range (-1, 1.5) is "
       "invalid. 404 is the original world."},
      {"day", "day", ParamKind::Number, 0, 1, {}, kInUrl | kInOptions | kInCli, "a number in [0, 1]",
       "the visitor's clock: 1 from 08:00 to 16:00, 0 from 20:00 to 04:00, smooth between", "1",
       "Daylight: 1 at midday, 0 at night."},
      {"dusk", "dusk", ParamKind::Number, 0, 1, {}, kInUrl | kInOptions | kInCli, "a number in [0, 1]",
       "the visitor's clock while day is from it (a bump peaking at 18:30 over 17:00..20:00, and 0.6 at 05:45 over "
       "04:30..07:00), else 0",
       "0",
       "Twilight: the sky, clouds, sun, far range, water and glints warm toward the dusk colours by 0.75 x dusk "
       "(docs/scene.md)."},
      {"season", "season", ParamKind::Season, 0, 365, {"none"}, kInUrl | kInOptions | kInCli,
       "an integer day of the year in [0, 365] or none", "the visitor's date", "none",
       "Snow on the ranges for a day of the year (0 = 1 January): the snowline is 435 + 165 cos(2 pi (season - "
       "40) / 365.24) in scene y, deepest in early February, only the highest peaks in August; none paints no "
       "snow."},
      {"t", "time", ParamKind::Number, 0, 1e7, {}, kInUrl | kInOptions | kInCli, "a number of seconds in [0, 10000000]",
       "live", "0", "Frozen clock: the scene stops and shows that moment, at rest (no parallax, no pointer eddies)."},
      {"px", "pitch", ParamKind::Integer, 1, 8, {}, kInUrl | kInOptions | kInCli, "an integer in [1, 8]",
       "automatic: clamp(round((width + 96) / 380), 3, 6)", "",
       "Pixel pitch: CSS px per buffer pixel (the page may move the automatic pitch by one on a fractional "
       "devicePixelRatio)."},
      {"theme", "theme", ParamKind::Choice, 0, 0, {"light", "dark"}, kInUrl | kInOptions | kInCli, "light or dark",
       "prefers-color-scheme", "light", "Colour scheme; dark caps day at 0.3."},
      {"motion", "motion", ParamKind::Switch, 0, 0, {"on", "off"}, kInUrl | kInOptions, "on or off (options: true or false)",
       "on unless prefers-reduced-motion", "",
       "off: no animation loop and no parallax, one still frame."},
      {"width", "width", ParamKind::Integer, 1, 16384, {}, kInCli, "an integer in [1, 16384]", "", "1280",
       "Viewport width in CSS px: the picture is this wide (times zoom)."},
      {"height", "height", ParamKind::Integer, 1, 16384, {}, kInCli, "an integer in [1, 16384]", "", "800",
       "Viewport height in CSS px."},
      {"zoom", "scale", ParamKind::Integer, 1, 16, {}, kInCli, "an integer in [1, 16]", "", "1",
       "Device pixels per CSS px (a devicePixelRatio): the PNG is width x zoom by height x zoom."},
      {"portal", "portal", ParamKind::Choice, 0, 0, {"idle", "hot", "enter"}, kInCli, "idle, hot or enter", "",
       "idle", "The portal's state: hot as under the pointer, enter as after a click."},
      {"full", "full", ParamKind::Flag, 0, 0, {}, kInCli, "no value", "", "",
       "Write the whole layer buffer, with its 48 CSS px overhang on every side, one pixel per buffer pixel."},
      {"out", "o", ParamKind::Path, 0, 0, {}, kInCli, "a file name", "", "", "The PNG to write (required)."},
  };
  return table;
}

const WorldParam* findWorldParam(std::string_view name) {
  for (const WorldParam& p : worldParams())
    if (name == p.name || name == p.option) return &p;
  return nullptr;
}

uint32_t seedFromText(std::string_view utf8) {
  uint32_t h = 2166136261u;
  for (unsigned char c : utf8) {
    h ^= c;
    h *= 16777619u;
  }
  return h;
}

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

bool allDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// The unsigned decimal literal [0-9]+(.[0-9]*)? | .[0-9]+, then an optional exponent: the only
// number text the page accepts (no sign but +, no hex, no Infinity), so "1e-3" and "0.5" pass
// and "-0", "0x1", "1,5" do not.
bool decimalLiteral(std::string_view s) {
  size_t i = 0, n = s.size(), digits = 0;
  while (i < n && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  if (i < n && s[i] == '.') {
    ++i;
    while (i < n && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    if (i == n) return false;
    while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
  }
  return i == n;
}

double toDouble(std::string_view s) { return nf::decimalValue(s); }

// What JavaScript's Number(text) would take as a finite number: a signed decimal literal or an
// unsigned 0x / 0o / 0b integer. Such text in a seed is a typo, not a word.
bool numberLike(std::string_view raw) {
  std::string_view s = trim(raw);
  if (s.size() > 2 && s[0] == '0') {
    const char b = static_cast<char>(s[1] | 0x20);
    const int base = b == 'x' ? 16 : b == 'o' ? 8 : b == 'b' ? 2 : 0;
    if (base) {
      for (char c : s.substr(2)) {
        const int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : 99;
        if (d >= base) return false;
      }
      return true;  // such integers of any length are finite up to 2^1024; longer text is no seed either
    }
  }
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  return decimalLiteral(s) && std::isfinite(toDouble(s));
}

// The page's own rule: numeric-looking text (starting, after spaces and signs, with a digit or a
// dot) that JavaScript reads as a finite number.
bool seedTypo(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (isSpace(s[i]) || s[i] == '+' || s[i] == '-')) ++i;
  if (i == s.size() || !((s[i] >= '0' && s[i] <= '9') || s[i] == '.')) return false;
  return numberLike(s);
}

size_t codePoints(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

ParamValue fail(const WorldParam& p) {
  ParamValue v;
  v.error = std::string("expected ") + p.allowed;
  return v;
}

ParamValue number(double x) {
  ParamValue v;
  v.ok = true;
  v.number = x;
  return v;
}

}  // namespace

ParamValue parseWorldParam(const WorldParam& p, std::string_view raw) {
  switch (p.kind) {
    case ParamKind::Seed: {
      if (allDigits(raw)) {
        if (raw.size() > 10) return fail(p);
        const double n = toDouble(raw);
        return n <= kMaxWorldSeed ? number(n) : fail(p);
      }
      if (trim(raw).empty() || seedTypo(raw) || codePoints(raw) > static_cast<size_t>(kMaxSeedWordChars)) return fail(p);
      ParamValue v = number(seedFromText(raw));
      v.word = true;
      v.text = std::string(raw);
      return v;
    }
    case ParamKind::Number: {
      std::string_view s = trim(raw);
      if (!s.empty() && s[0] == '+') s.remove_prefix(1);
      if (!decimalLiteral(s)) return fail(p);
      const double n = toDouble(s);
      return std::isfinite(n) && n >= p.min && n <= p.max ? number(n) : fail(p);
    }
    case ParamKind::Integer:
    case ParamKind::Season: {
      const std::string_view s = trim(raw);
      if (p.kind == ParamKind::Season && s == "none") {
        ParamValue v = number(std::nan(""));
        v.text = "none";
        return v;
      }
      if (!allDigits(s) || s.size() > 9) return fail(p);
      const double n = toDouble(s);
      return n >= p.min && n <= p.max ? number(n) : fail(p);
    }
    case ParamKind::Choice:
    case ParamKind::Switch:
      for (size_t i = 0; i < p.choices.size(); ++i) {
        if (raw == p.choices[i]) {
          ParamValue v = number(p.kind == ParamKind::Switch ? (i == 0 ? 1 : 0) : static_cast<double>(i));
          v.text = p.choices[i];
          return v;
        }
      }
      return fail(p);
    case ParamKind::Flag: {
      ParamValue v = number(1);
      return v;
    }
    case ParamKind::Path: {
      if (raw.empty()) return fail(p);
      ParamValue v = number(0);
      v.text = std::string(raw);
      return v;
    }
  }
  return fail(p);
}

namespace {
std::string cell(const char* s) {
  std::string out;
  for (const char* c = s; *c; ++c) out += *c == '|' ? std::string("\\|") : std::string(1, *c);
  return out;
}
}  // namespace

std::string worldParamsMarkdown() {
  std::string md =
      "| URL parameter | `mount()` option | CLI flag | default (page) | CLI default | allowed | meaning |\n"
      "|---|---|---|---|---|---|---|\n";
  for (const WorldParam& p : worldParams()) {
    const bool url = p.scope & kInUrl, opt = p.scope & kInOptions, cli = p.scope & kInCli;
    std::string flag;
    if (cli) {
      flag = std::string("`--") + p.name + "`";
      if (std::string_view(p.option) != p.name)
        flag += std::string(p.option).size() == 1 ? std::string(", `-") + p.option + "`" : std::string(", `--") + p.option + "`";
    }
    md += "| " + (url ? "`" + std::string(p.name) + "`" : std::string()) + " | " +
          (opt ? "`" + std::string(p.option) + "`" : std::string()) + " | " + flag + " | " + cell(p.pageDefault) +
          " | " + (cli ? cell(*p.cliDefault ? p.cliDefault : (p.kind == ParamKind::Flag || p.kind == ParamKind::Path) ? "" : "automatic") : std::string()) +
          " | " + cell(p.allowed) + " | " + cell(p.description) + " |\n";
  }
  return md;
}

}  // namespace nf::scene
