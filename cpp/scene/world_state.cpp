// Applying the world (world_state.h): each row's effect, named in its row of NF_WORLD_PARAMS, is
// expanded here into one function per row, so a row whose setter or field does not exist does
// not compile, and neither does a row without an effect.
#include "world_state.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "landscape.h"

namespace nf::scene {

namespace {

// A row's parsed value as its effect's argument.
template <class T>
T argOf(const WorldParam& p, const ParamValue& v) {
  if constexpr (std::is_enum_v<T>) {  // Choice: the index of the value among the row's choices
    for (size_t i = 0;; ++i) {
      const std::string_view c = choiceAt(p.choices, i);
      if (c.empty()) return T{};
      if (c == v.text) return static_cast<T>(i);
    }
  } else if constexpr (std::is_same_v<T, bool>) {
    return p.kind == ParamKind::Flag || v.number != 0;  // a Flag given; a Switch's 1 for on
  } else if constexpr (std::is_same_v<T, std::string_view>) {
    return v.text;
  } else {
    return static_cast<T>(v.number);
  }
}

template <class A>
void callSetter(void (Landscape::*set)(A), Landscape& scene, const WorldParam& p, const ParamValue& v) {
  (scene.*set)(argOf<std::decay_t<A>>(p, v));
}
template <class F>
void setField(F WorldView::*field, WorldView* view, const WorldParam& p, const ParamValue& v) {
  if (view) view->*field = argOf<F>(p, v);
}

struct Effect {
  void (*apply)(Landscape&, WorldView*, const WorldParam&, const ParamValue&);
  bool (*read)(const Landscape&, double*);  // the scene's own value of the row, or null
  WorldEffect kind;
};

#define SCENE(setter) \
  Effect{[](Landscape& s, WorldView*, const WorldParam& p, const ParamValue& v) { callSetter(&Landscape::setter, s, p, v); }, nullptr, WorldEffect::Scene}
#define LIVE(setter, getter)                                                                                        \
  Effect{[](Landscape& s, WorldView*, const WorldParam& p, const ParamValue& v) { callSetter(&Landscape::setter, s, p, v); }, \
         [](const Landscape& s, double* out) { *out = static_cast<double>(s.getter()); return true; }, WorldEffect::Scene}
#define VIEW(field) \
  Effect{[](Landscape&, WorldView* w, const WorldParam& p, const ParamValue& v) { setField(&WorldView::field, w, p, v); }, nullptr, WorldEffect::View}
#define VIEW_LIVE(field, getter)                                                                                     \
  Effect{[](Landscape&, WorldView* w, const WorldParam& p, const ParamValue& v) { setField(&WorldView::field, w, p, v); }, \
         [](const Landscape& s, double* out) { *out = static_cast<double>(s.getter()); return *out > 0; }, WorldEffect::View}
#define PAGE(field) \
  Effect{[](Landscape&, WorldView* w, const WorldParam& p, const ParamValue& v) { setField(&WorldView::field, w, p, v); }, nullptr, WorldEffect::Page}
#define NF_WORLD_EFFECT(name, option, kind, min, max, choices, scope, allowed, effect, pageDefault, cliDefault, description) effect,
constexpr Effect kEffects[] = {NF_WORLD_PARAMS(NF_WORLD_EFFECT)};
#undef NF_WORLD_EFFECT
#undef SCENE
#undef LIVE
#undef VIEW
#undef VIEW_LIVE
#undef PAGE

}  // namespace

static_assert(sizeof kEffects / sizeof kEffects[0] <= kMaxWorldRows, "raise kMaxWorldRows");

WorldEffect worldEffect(const WorldParam& p) { return kEffects[&p - worldParams().begin()].kind; }

bool worldReadsBack(const WorldParam& p) { return kEffects[&p - worldParams().begin()].read != nullptr; }

bool worldSceneValue(const WorldParam& p, const Landscape& scene, double* out) {
  const Effect& e = kEffects[&p - worldParams().begin()];
  return e.read && e.read(scene, out);
}

namespace {
void putText(PodList<char>& to, std::string_view s) {
  to.resize(0);
  for (char c : s) to.push_back(c);
  to.push_back('\0');
}
void putText(PodList<char>& to, std::initializer_list<std::string_view> parts) {
  to.resize(0);
  for (std::string_view s : parts)
    for (char c : s) to.push_back(c);
  to.push_back('\0');
}
}  // namespace

bool WorldState::check(std::string_view name, std::string_view raw, unsigned scope) {
  const WorldParam* p = findWorldParam(name);
  if (!p || !(p->scope & scope)) {
    putText(error_, {"unknown world parameter ", name.substr(0, 40)});
    return false;
  }
  if (!parseWorldParam(*p, raw).ok) {
    putText(error_, {name, " must be ", p->allowed, " (got ", raw.substr(0, 40), ")"});
    return false;
  }
  return true;
}

bool WorldState::set(std::string_view name, std::string_view raw, unsigned scope) {
  if (!check(name, raw, scope)) return false;
  const WorldParam* p = findWorldParam(name);
  ParamValue v = parseWorldParam(*p, raw);
  const size_t i = index(*p);
  // A text of the raw value (a path, a seed's word) is kept here; a choice's is the table's.
  if (v.text.empty()) {
    v.text = {};
  } else if (v.text.data() >= raw.data() && v.text.data() < raw.data() + raw.size()) {
    putText(texts_[i], v.text);
    v.text = std::string_view(texts_[i].data(), v.text.size());
  }
  values_[i] = v;
  given_[i] = pending_[i] = true;
  return true;
}

// The clock last: setClock puts the simulation in the state for that time from everything else
// (the portal's heat from its mode, the walker, the motes), and the wall clock is relative to it.
void WorldState::apply(Landscape& scene, WorldView* view) {
  const WorldParamList rows = worldParams();
  for (int live = 0; live < 2; ++live) {
    for (size_t i = 0; i < rows.size(); ++i) {
      if (!pending_[i] || (kEffects[i].read != nullptr) != (live == 1)) continue;
      pending_[i] = false;
      kEffects[i].apply(scene, view, rows[i], values_[i]);
    }
  }
}

}  // namespace nf::scene
