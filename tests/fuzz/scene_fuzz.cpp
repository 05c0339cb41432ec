// libFuzzer target: the scene API as the module's binding lets JS drive it (its checks applied
// first, as scene_bindings.cpp does): viewport, day, dusk, season, clock, pointer, splash, portal mode,
// world seed, advance, renderAll, in any order. Properties: nothing traps or trips a sanitizer;
// after any viewport every layer has its buffer, within the pixel budget; the getters stay in
// their ranges.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "fuzz_check.h"
#include "scene/grid.h"
#include "scene/landscape.h"

namespace {

double anyDouble(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: return in.ConsumeFloatingPointInRange<double>(-2000, 3000);
    case 1: return in.ConsumeFloatingPoint<double>();
    case 2: return in.ConsumeBool() ? std::nan("") : (in.ConsumeBool() ? 1.0 : -1.0) * HUGE_VAL;
    default: return in.ConsumeProbability<double>();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  nf::scene::Landscape s(in.ConsumeIntegral<uint32_t>());
  bool hasViewport = false;
  for (int step = 0; step < 24 && in.remaining_bytes() > 0; ++step) {
    switch (in.ConsumeIntegralInRange<int>(0, 11)) {
      case 0: {  // small sizes keep each run fast; the budget's own test covers the large ones
        nf::scene::Viewport v{in.ConsumeIntegralInRange<int>(1, 420), in.ConsumeIntegralInRange<int>(1, 300),
                              in.ConsumeIntegralInRange<int>(0, 8)};
        const auto& names = nf::scene::framingNames();
        const size_t k = in.ConsumeIntegralInRange<size_t>(0, names.size());
        if (k < names.size()) {
          nf::scene::framingNamed(names[k], &v.framing);
        } else {
          v.framing.kind = nf::scene::Framing::Point;
          v.framing.x = in.ConsumeFloatingPointInRange<double>(0, nf::scene::kSceneW);
          v.framing.y = in.ConsumeFloatingPointInRange<double>(0, nf::scene::kSceneH);
        }
        hasViewport = s.setViewport(v) || hasViewport;
        break;
      }
      case 1: s.setDay(in.ConsumeProbability<double>()); break;
      case 2: s.setDusk(in.ConsumeProbability<double>()); break;
      case 3: s.setDayAndDusk(in.ConsumeProbability<double>(), in.ConsumeProbability<double>()); break;
      case 4: s.setSeason(in.ConsumeBool() ? std::nan("") : in.ConsumeFloatingPointInRange<double>(0, 365)); break;
      case 5: s.setClock(in.ConsumeFloatingPointInRange<double>(0, 1e7)); break;
      case 6: {
        const double x = anyDouble(in), y = anyDouble(in);
        if (std::isfinite(x) && std::isfinite(y)) s.setPointer(x, y, in.ConsumeBool());
        break;
      }
      case 7: {
        const double x = anyDouble(in), y = anyDouble(in);
        if (std::isfinite(x) && std::isfinite(y)) s.splash(x, y);
        break;
      }
      case 8: s.setPortalMode(static_cast<nf::scene::PortalMode>(in.ConsumeIntegralInRange<int>(0, 2))); break;
      case 9: s.setWorldSeed(in.ConsumeIntegral<uint32_t>()); break;
      case 10: s.advance(anyDouble(in)); break;  // the binding passes any dt through
      default: s.renderAll(); break;
    }
    NF_FUZZ_CHECK(s.day() >= 0 && s.day() <= 1 && s.dusk() >= 0 && s.dusk() <= 1, "day %g dusk %g", s.day(), s.dusk());
    NF_FUZZ_CHECK(std::isfinite(s.clock()) && s.clock() >= 0, "clock %g", s.clock());
    NF_FUZZ_CHECK(std::isfinite(s.heat()), "heat %g", s.heat());
    if (hasViewport) {
      NF_FUZZ_CHECK(static_cast<long long>(s.bufferWidth()) * s.bufferHeight() <= nf::scene::kMaxBufferPixels, "buffers");
      for (int l = 0; l < nf::scene::kLayerCount; ++l)
        NF_FUZZ_CHECK(s.pixels(static_cast<nf::scene::Layer>(l)) != nullptr, "layer %d has no pixels", l);
    }
  }
  return 0;
}
