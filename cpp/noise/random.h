// mulberry32: the landscape's repeatable random stream (trees, stars, motes, ripples).
#pragma once
#include <cstdint>

namespace nf {

class Mulberry32 {
 public:
  explicit Mulberry32(uint32_t seed) : state_(seed) {}
  uint32_t nextU32() {
    state_ += 0x6D2B79F5u;
    uint32_t t = state_;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return t ^ (t >> 14);
  }
  double next() { return nextU32() / 4294967296.0; }
  uint32_t state() const { return state_; }

 private:
  uint32_t state_;
};

// One draw from a stream kept as its bare state word (the scene's elements store only that word, so
// a frozen moment can rebuild them), advancing the word.
inline double drawFrom(uint32_t& state) {
  Mulberry32 r(state);
  const double v = r.next();
  state = r.state();
  return v;
}

}  // namespace nf
