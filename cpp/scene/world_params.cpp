#include "world_params.h"

#include "noise/number_text.h"

#include <cmath>

namespace nf::scene {

namespace {
// The table's rows without their documentation (world_params_docs.cpp has that).
#define NF_WORLD_PARAM_ROW(name, option, kind, min, max, choices, scope, allowed, effect, pageDefault, cliDefault, description) \
  {name, option, ParamKind::kind, min, max, choices, scope, allowed},
constexpr WorldParam kTable[] = {NF_WORLD_PARAMS(NF_WORLD_PARAM_ROW)};
#undef NF_WORLD_PARAM_ROW
}  // namespace

WorldParamList worldParams() { return {kTable, sizeof kTable / sizeof kTable[0]}; }

// A plain scan: string_view's find/substr (with its range check) were several times this code.
std::string_view choiceAt(const char* choices, size_t i) {
  const char* c = choices;
  for (; i > 0; --i) {
    while (*c && *c != ',') ++c;
    if (!*c) return {};
    ++c;
  }
  const char* end = c;
  while (*end && *end != ',') ++end;
  return std::string_view(c, static_cast<size_t>(end - c));
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

// A value the rule refuses; the message is "expected " + p.allowed (world_params.h).
ParamValue rejected() { return {}; }

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
        if (raw.size() > 10) return rejected();
        const double n = toDouble(raw);
        return n <= kMaxWorldSeed ? number(n) : rejected();
      }
      if (trim(raw).empty() || seedTypo(raw) || codePoints(raw) > static_cast<size_t>(kMaxSeedWordChars)) return rejected();
      ParamValue v = number(seedFromText(raw));
      v.word = true;
      v.text = raw;
      return v;
    }
    case ParamKind::Number: {
      std::string_view s = trim(raw);
      if (!s.empty() && s[0] == '+') s.remove_prefix(1);
      if (!decimalLiteral(s)) return rejected();
      const double n = toDouble(s);
      return std::isfinite(n) && n >= p.min && n <= p.max ? number(n) : rejected();
    }
    case ParamKind::Integer:
    case ParamKind::Season: {
      const std::string_view s = trim(raw);
      if (p.kind == ParamKind::Season && s == choiceAt(p.choices, 0)) {  // "none"
        ParamValue v = number(std::nan(""));
        v.text = choiceAt(p.choices, 0);
        return v;
      }
      if (!allDigits(s) || s.size() > 9) return rejected();
      const double n = toDouble(s);
      return n >= p.min && n <= p.max ? number(n) : rejected();
    }
    case ParamKind::Choice:
    case ParamKind::Switch:
      for (size_t i = 0;; ++i) {
        const std::string_view c = choiceAt(p.choices, i);
        if (c.empty()) return rejected();
        if (raw == c) {
          ParamValue v = number(p.kind == ParamKind::Switch ? (i == 0 ? 1 : 0) : static_cast<double>(i));
          v.text = c;
          return v;
        }
      }
    case ParamKind::Flag: {
      ParamValue v = number(1);
      return v;
    }
    case ParamKind::Text: {
      if (raw.size() > p.max) return rejected();
      ParamValue v = number(0);
      v.text = raw;
      return v;
    }
    case ParamKind::Path: {
      if (raw.empty()) return rejected();
      ParamValue v = number(0);
      v.text = raw;
      return v;
    }
  }
  return rejected();
}

}  // namespace nf::scene
