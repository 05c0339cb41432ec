// Embind glue for the landscape's parameter table (cpp/scene/world_params.h): the page, mount()
// and the <noisefield-landscape> element read names, ranges, defaults and messages from here, and
// parse URL / attribute text with the same function the native CLI uses. Nothing here throws.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <string>

#include "scene/world_params.h"

using emscripten::val;
namespace sc = nf::scene;

namespace {

const char* kindName(sc::ParamKind k) {
  switch (k) {
    case sc::ParamKind::Seed: return "seed";
    case sc::ParamKind::Number: return "number";
    case sc::ParamKind::Integer: return "integer";
    case sc::ParamKind::Season: return "season";
    case sc::ParamKind::Choice: return "choice";
    case sc::ParamKind::Switch: return "switch";
    case sc::ParamKind::Flag: return "flag";
    case sc::ParamKind::Path: return "path";
  }
  return "";
}

// [{ name, option, kind, min, max, choices, url, options, cli, allowed, pageDefault, cliDefault,
//    description }] in table order.
val worldParamsTable() {
  val arr = val::array();
  int n = 0;
  for (const sc::WorldParam& p : sc::worldParams()) {
    val o = val::object();
    o.set("name", std::string(p.name));
    o.set("option", std::string(p.option));
    o.set("kind", std::string(kindName(p.kind)));
    o.set("min", p.min);
    o.set("max", p.max);
    val choices = val::array();
    for (size_t i = 0; i < p.choices.size(); ++i) choices.set(i, std::string(p.choices[i]));
    o.set("choices", choices);
    o.set("url", (p.scope & sc::kInUrl) != 0);
    o.set("options", (p.scope & sc::kInOptions) != 0);
    o.set("cli", (p.scope & sc::kInCli) != 0);
    o.set("allowed", std::string(p.allowed));
    o.set("pageDefault", std::string(p.pageDefault));
    o.set("cliDefault", std::string(p.cliDefault));
    o.set("description", std::string(p.description));
    arr.set(n++, o);
  }
  return arr;
}

// { value } (a number; 'none' for a season without snow; the choice's text) plus { word } for a
// word seed, or { error: 'expected ...' }.
val parseWorldParamJs(const std::string& name, const std::string& raw) {
  const sc::WorldParam* p = sc::findWorldParam(name);
  val r = val::object();
  if (!p) {
    r.set("error", "unknown parameter " + name);
    return r;
  }
  const sc::ParamValue v = sc::parseWorldParam(*p, raw);
  if (!v.ok) {
    r.set("error", v.error);
    return r;
  }
  if (p->kind == sc::ParamKind::Choice || p->kind == sc::ParamKind::Switch || p->kind == sc::ParamKind::Path ||
      (p->kind == sc::ParamKind::Season && std::isnan(v.number)))
    r.set("value", v.text);
  else
    r.set("value", v.number);
  if (v.word) r.set("word", v.text);
  return r;
}

double seedFromTextJs(const std::string& text) { return sc::seedFromText(text); }

}  // namespace

EMSCRIPTEN_BINDINGS(noisefield_world_params) {
  using namespace emscripten;
  function("worldParams", &worldParamsTable);
  function("parseWorldParam", &parseWorldParamJs);
  function("seedFromText", &seedFromTextJs);
  function("worldParamsMarkdown", &sc::worldParamsMarkdown);
  constant("kMaxWorldSeed", static_cast<double>(sc::kMaxWorldSeed));
  constant("kDarkDayCap", sc::kDarkDayCap);
}
