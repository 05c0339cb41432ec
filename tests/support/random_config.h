// A valid FieldConfig drawn from a stream of numbers in [0, 1): every schema parameter anywhere in
// its hard range (the fuzzers feed bytes, the property tests a seeded generator). Shared so that
// both explore the same space.
#pragma once
#include <cmath>
#include <functional>

#include "noise/schema.h"

namespace nftest {

// next() returns a number in [0, 1). A parameter whose drawn value breaks an ordering (t1 < t2 <
// t3, m1 < m2) keeps its default, so the result always passes validate().
inline nf::FieldConfig randomConfig(const std::function<double()>& next) {
  nf::FieldConfig c;
  for (const nf::ParamSpec& p : nf::fieldSchema()) {
    const double u = next();
    double v;
    switch (p.type) {
      case nf::ParamType::Enum: v = std::floor(u * static_cast<double>(p.values.size())); break;
      case nf::ParamType::Bool: v = u < 0.5 ? 0 : 1; break;
      case nf::ParamType::Int: v = std::floor(p.min + u * (p.max - p.min + 1)); break;
      default: v = p.min + u * (p.max - p.min); break;
    }
    if (v > p.max) v = p.max;
    nf::FieldConfig trial = c;
    if (trial.set(p.key, v).empty() && trial.validate().empty()) c = trial;
  }
  return c;
}

}  // namespace nftest
