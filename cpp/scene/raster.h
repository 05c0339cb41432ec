// RGBA buffers and the brush marks painted into them: curved strokes, jittered stroke lattices,
// dithered plots and broken halos.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "dither.h"
#include "pod_list.h"
#include "trig_math.h"

namespace nf::scene {

NF_TINY Px rgba(int r, int g, int b, int a = 255) {
  return static_cast<Px>(r & 255) | (static_cast<Px>(g & 255) << 8) | (static_cast<Px>(b & 255) << 16) |
         (static_cast<Px>(a & 255) << 24);
}
NF_TINY int chR(Px c) { return static_cast<int>(c & 255u); }
NF_TINY int chG(Px c) { return static_cast<int>((c >> 8) & 255u); }
NF_TINY int chB(Px c) { return static_cast<int>((c >> 16) & 255u); }
NF_TINY int chA(Px c) { return static_cast<int>(c >> 24); }

NF_TINY int to8(double v) { return v <= 0 ? 0 : (v >= 255 ? 255 : static_cast<int>(std::floor(v + 0.5))); }

// Per-channel mix of two colours (opaque result).
NF_TINY Px mixPx(Px a, Px b, double k) {
  return rgba(to8(chR(a) + (chR(b) - chR(a)) * k), to8(chG(a) + (chG(b) - chG(a)) * k),
              to8(chB(a) + (chB(b) - chB(a)) * k));
}

// Buffer pixels [i0, i1) x [j0, j1); empty when either range is.
struct Rect {
  int i0 = 0, j0 = 0, i1 = 0, j1 = 0;
  bool empty() const { return i0 >= i1 || j0 >= j1; }
  Rect unite(const Rect& o) const {
    if (empty()) return o;
    if (o.empty()) return *this;
    return {std::min(i0, o.i0), std::min(j0, o.j0), std::max(i1, o.i1), std::max(j1, o.j1)};
  }
  bool operator==(const Rect& o) const { return i0 == o.i0 && j0 == o.j0 && i1 == o.i1 && j1 == o.j1; }
  bool operator!=(const Rect& o) const { return !(*this == o); }
};

struct Image {
  int w = 0, h = 0;
  PodList<Px> p;
  // A tick layer's: where it may differ from its blank (transparent, or its base). A tick restores
  // only this much before it paints, and sets it to where it painted, so the megabytes of a large
  // layer that a tick never touches are neither cleared nor copied. A new buffer: all of it.
  Rect used;
  void resize(int W, int H) {
    w = W;
    h = H;
    p.assign(static_cast<size_t>(W) * static_cast<size_t>(H), 0u);
    used = all();
  }
  Rect all() const { return {0, 0, w, h}; }
  void clear() { std::fill(p.begin(), p.end(), 0u); }
  // Back to transparent in r (clipped to the image).
  void clear(const Rect& r) {
    const int i0 = std::max(0, r.i0), i1 = std::min(w, r.i1);
    if (i0 >= i1) return;
    for (int j = std::max(0, r.j0); j < std::min(h, r.j1); ++j)
      std::fill(p.begin() + static_cast<size_t>(j) * w + i0, p.begin() + static_cast<size_t>(j) * w + i1, 0u);
  }
  // Rows [j0, j1) of src (an image of the same size), clipped to the image.
  void copyRows(const Image& src, int j0, int j1) {
    j0 = std::max(0, j0);
    j1 = std::min(h, j1);
    if (j0 >= j1) return;
    std::copy(src.p.begin() + static_cast<size_t>(j0) * w, src.p.begin() + static_cast<size_t>(j1) * w,
              p.begin() + static_cast<size_t>(j0) * w);
  }
  NF_TINY bool inside(int i, int j) const { return i >= 0 && j >= 0 && i < w && j < h; }
  NF_TINY void dot(int i, int j, Px c) {
    if (inside(i, j)) p[static_cast<size_t>(j) * w + i] = c;
  }
  Px at(int i, int j) const { return p[static_cast<size_t>(j) * w + i]; }
};

struct KeepAll {
  bool operator()(int, int) const { return true; }
};

// Curved brush stroke: march one buffer pixel at a time along the flow both ways from the seed,
// two pixels wide through the body and one at the tips. Flow directions are orientations, so each
// step flips to stay continuous with the last. dir(x, y, dx, dy) writes a unit vector.
template <class DirFn, class KeepFn>
void brushDir(Image& d, double x, double y, int len, bool wide, Px c, DirFn&& dir, KeepFn&& keep) {
  auto dab = [&](double fx, double fy) {
    const int i = jsRound(fx), j = jsRound(fy);
    if (i < 0 || j < 0 || i >= d.w || j >= d.h || !keep(i, j)) return;
    d.p[static_cast<size_t>(j) * d.w + i] = c;
  };
  for (int sign = 1; sign >= -1; sign -= 2) {
    const int n = sign > 0 ? (len + 1) / 2 : len / 2 + 1;
    double cx = x, cy = y, lx = 0, ly = 0;
    for (int s = 0; s < n; ++s) {
      double dx = 1, dy = 0;
      dir(cx, cy, dx, dy);
      dx *= sign;
      dy *= sign;
      if (s > 0 && dx * lx + dy * ly < 0) {
        dx = -dx;
        dy = -dy;
      }
      if (sign > 0 || s > 0) {
        dab(cx, cy);
        if (wide && s < n - 1) dab(cx - dy, cy + dx);
      }
      lx = dx;
      ly = dy;
      cx += dx;
      cy += dy;
    }
  }
}

// The same stroke with the flow given as an angle.
template <class AngleFn, class KeepFn>
void brush(Image& d, double x, double y, int len, bool wide, Px c, AngleFn&& angle, KeepFn&& keep) {
  brushDir(
      d, x, y, len, wide, c,
      [&](double cx, double cy, double& dx, double& dy) {
        const double a = angle(cx, cy);
        sceneSinCos(a, dy, dx);
      },
      keep);
}

// Jittered lattice of stroke seeds riding a medium that has drifted `shift` buffer pixels, so a
// stroke keeps its place and its dither threshold while it travels. Two interleaved passes let later
// strokes overlap earlier ones without a raster grain. visit(bx, by, threshold, mask).
// The seeds come in strokeSeedRows(...) cell rows (both passes); [first, last) visits only those
// of them, in the same order, so a painting can be spread over several calls.
struct SeedRows {
  int r0, r1;  // cell rows of one pass, inclusive
  int count() const { return 2 * (r1 - r0 + 1); }
};
inline SeedRows strokeSeedRows(int bh, int cell, int row0, int row1) {
  return {std::max(0, floorInt(static_cast<double>(row0) / cell) - 1),
          std::min(static_cast<int>(std::ceil(static_cast<double>(bh) / cell)),
                   static_cast<int>(std::ceil(static_cast<double>(row1) / cell)) + 1)};
}
template <class Visit>
void strokeSeeds(int bw, int bh, int cell, double shift, int row0, int row1, uint32_t seed, Visit&& visit,
                 int first = 0, int last = 1 << 30) {
  const int c0 = floorInt(-shift / cell) - 1;
  const int c1 = static_cast<int>(std::ceil((bw - shift) / cell)) + 1;
  const SeedRows rows = strokeSeedRows(bh, cell, row0, row1);
  const int per = rows.r1 - rows.r0 + 1;
  for (int q = std::max(0, first); q < std::min(last, rows.count()); ++q) {
    const int pass = q / per, cj = rows.r0 + q % per;
    for (int ci = c0; ci <= c1; ++ci) {
      const double h = h01(ci, cj, seed);
      if ((h < 0.5 ? 0 : 1) != pass) continue;
      visit(ci * cell + h01(ci, cj, seed + 1) * cell + shift, cj * cell + h01(ci, cj, seed + 2) * cell,
            frac(h * 2), h01(ci, cj, seed + 3));
    }
  }
}

// A broken ring of points whose dashes turn with `turn`: the halos of the Saint-Remy stars.
// plot(ctx, x, y, c, alpha) marks a point. Out of line: the sky's and the rift's halos share it.
using PlotFn = void (*)(void* ctx, double x, double y, Px c, double alpha);
__attribute__((noinline)) inline void haloPoints(PlotFn plot, void* ctx, double cx, double cy, double radius,
                                                 double step, Px c, double alpha, double turn, int dashes) {
  const int n = static_cast<int>(std::ceil(2 * kPi * radius / step));
  for (int k = 0; k < n; ++k) {
    const double u = static_cast<double>(k) / n;
    if (frac(u * dashes + turn) < 0.38) continue;
    plot(ctx, cx + sceneCos(u * 2 * kPi) * radius, cy + sceneSin(u * 2 * kPi) * radius, c, alpha);
  }
}
template <class Plot>
void halo(Plot& plot, double cx, double cy, double radius, double step, Px c, double alpha, double turn, int dashes) {
  haloPoints([](void* p, double x, double y, Px k, double a) { (*static_cast<Plot*>(p))(x, y, k, a); }, &plot, cx, cy,
             radius, step, c, alpha, turn, dashes);
}

}  // namespace nf::scene
