// The world as one value: the rows of NF_WORLD_PARAMS (world_params.h) given so far, each parsed
// once where it enters (a URL or mount()'s options through the C ABI, the CLI's flags), then
// applied to a Landscape by the effect its row names: SCENE(setX), a setter of the Landscape, or
// VIEW(x), a field of WorldView (what is not the scene's: the viewport, the picture, the page's
// loop). So a parameter that changes the picture is its row and the code of its setter, and
// every caller (the page, the element, mount(), the worker, the CLI) passes it on unchanged.
#pragma once
#include <cstddef>
#include <string_view>

#include "pod_list.h"
#include "world_params.h"

namespace nf::scene {

class Landscape;

// The rows that are not the scene's own state.
struct WorldView {
  int cssWidth = 0, cssHeight = 0;
  int pitch = 0;  // 0: automatic
  int zoom = 1;
  bool motion = true;
  bool full = false;
  std::string_view out;  // a view of the WorldState's text
};

constexpr size_t kMaxWorldRows = 32;

// What a row's value does (its effect column): the scene's picture, the view (viewport, picture
// size), or the page's own loop.
enum class WorldEffect : int { Scene = 0, View = 1, Page = 2 };
WorldEffect worldEffect(const WorldParam& p);
// The scene's own value of a LIVE or VIEW_LIVE row (the clock, the time of day, the pitch): false
// for other rows, and for a pitch before the first viewport.
bool worldSceneValue(const WorldParam& p, const Landscape& scene, double* out);
// Whether the row is one of those (LIVE, VIEW_LIVE).
bool worldReadsBack(const WorldParam& p);

class WorldState {
 public:
  WorldState() = default;
  WorldState(const WorldState&) = delete;
  WorldState& operator=(const WorldState&) = delete;

  // Parses raw by the rule of the row named (its name or option) and keeps it; scope: where it
  // may come from (kInOptions, kInCli). False, with nothing kept, for an unknown name or a bad
  // value; error() says which and what is allowed.
  bool set(std::string_view name, std::string_view raw, unsigned scope);
  // The same check, keeping nothing (a caller that takes several values all or none).
  bool check(std::string_view name, std::string_view raw, unsigned scope);
  const char* error() const { return error_.data(); }
  size_t errorSize() const { return error_.size() ? error_.size() - 1 : 0; }

  bool has(const WorldParam& p) const { return given_[index(p)]; }
  const ParamValue& value(const WorldParam& p) const { return values_[index(p)]; }
  // The rows given since the last apply (cleared by it).
  bool pending(const WorldParam& p) const { return pending_[index(p)]; }

  // Applies the rows given since the last apply: scene rows to scene, view rows to *view (may be
  // null); in the table's order, the rows the scene reads back (LIVE: the clock, then the wall
  // clock relative to it) after the others.
  void apply(Landscape& scene, WorldView* view);

 private:
  static size_t index(const WorldParam& p) { return static_cast<size_t>(&p - worldParams().begin()); }
  ParamValue values_[kMaxWorldRows];
  PodList<char> texts_[kMaxWorldRows];
  bool given_[kMaxWorldRows] = {};
  bool pending_[kMaxWorldRows] = {};
  PodList<char> error_;
};

}  // namespace nf::scene
