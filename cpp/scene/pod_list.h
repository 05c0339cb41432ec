// PodList<T>: a growable array of trivially copyable elements whose growth is one out-of-line
// function for every element type. The scene's lists (tree segments and tips, stars, pines, sky
// strokes) and buffers (layers, per-column tables, planes) each cost the 404 page's module a copy
// of std::vector's growth, fill and copy paths; these share one.
#pragma once
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace nf::scene {

struct PodStore {
  void* p = nullptr;
  size_t n = 0, cap = 0;
  // Room for `count` elements of `elem` bytes; aborts when memory runs out, as std::vector does in
  // this exception-free build.
  void reserve(size_t count, size_t elem);
  void grow(size_t elem) { reserve(cap ? 2 * cap : 8, elem); }
  void release();
};

template <class T>
class PodList {
  static_assert(std::is_trivially_copyable_v<T>, "PodList copies its elements as bytes");

 public:
  PodList() = default;
  explicit PodList(size_t count) { resize(count); }
  PodList(const PodList& o) { *this = o; }
  PodList(PodList&& o) noexcept : s_(o.s_) { o.s_ = {}; }
  ~PodList() { s_.release(); }
  PodList& operator=(const PodList& o) {
    if (this == &o) return *this;
    s_.n = 0;
    s_.reserve(o.s_.n, sizeof(T));
    if (o.s_.n) std::memcpy(s_.p, o.s_.p, o.s_.n * sizeof(T));
    s_.n = o.s_.n;
    return *this;
  }
  PodList& operator=(PodList&& o) noexcept {
    if (this != &o) {
      s_.release();
      s_ = o.s_;
      o.s_ = {};
    }
    return *this;
  }

  void push_back(const T& v) {
    if (s_.n == s_.cap) s_.grow(sizeof(T));
    data()[s_.n++] = v;
  }
  void pop_back() { --s_.n; }
  void reserve(size_t count) { s_.reserve(count, sizeof(T)); }
  // count copies of v (the old elements are dropped).
  void assign(size_t count, const T& v) {
    s_.n = 0;
    s_.reserve(count, sizeof(T));
    for (size_t k = 0; k < count; ++k) data()[k] = v;
    s_.n = count;
  }
  // The first count elements kept, any new ones zero (value-initialized, as std::vector's).
  void resize(size_t count) {
    // Zero bytes are T's value-initialized state only for a type without default member values.
    static_assert(std::is_trivially_default_constructible_v<T>, "resize() zero-fills: T must not have member defaults");
    s_.reserve(count, sizeof(T));
    if (count > s_.n) std::memset(data() + s_.n, 0, (count - s_.n) * sizeof(T));
    s_.n = count;
  }
  void clear() { s_.n = 0; }
  size_t size() const { return s_.n; }
  bool empty() const { return s_.n == 0; }
  T* data() { return static_cast<T*>(s_.p); }
  const T* data() const { return static_cast<const T*>(s_.p); }
  T& operator[](size_t k) { return data()[k]; }
  const T& operator[](size_t k) const { return data()[k]; }
  T& back() { return data()[s_.n - 1]; }
  const T& back() const { return data()[s_.n - 1]; }
  const T& front() const { return data()[0]; }
  T* begin() { return data(); }
  T* end() { return data() + s_.n; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + s_.n; }
  friend bool operator==(const PodList& a, const PodList& b) {
    if (a.size() != b.size()) return false;
    for (size_t k = 0; k < a.size(); ++k)
      if (!(a[k] == b[k])) return false;
    return true;
  }

 private:
  PodStore s_;
};

}  // namespace nf::scene
