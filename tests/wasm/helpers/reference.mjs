// A plain-JS reference of the landscape primitives, written from the formulas of
// shared/seeds/002 and docs/scene.md ("Primitives") (Math.imul, >>> and doubles, as a web page does).

export function hash(x, y, seed) {
  let h = (Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(seed, 144269504)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export function valueNoise(x, y, seed) {
  const xi = Math.floor(x), yi = Math.floor(y);
  const xf = x - xi, yf = y - yi;
  const u = xf * xf * (3 - 2 * xf), v = yf * yf * (3 - 2 * yf);
  const a = hash(xi, yi, seed), b = hash(xi + 1, yi, seed);
  const c = hash(xi, yi + 1, seed), d = hash(xi + 1, yi + 1, seed);
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

export function fbm(x, y, seed, octaves = 3) {
  let sum = 0, norm = 0, amp = 0.5;
  for (let i = 0; i < octaves; i++) {
    sum += amp * valueNoise(x, y, seed + 17 * i);
    norm += amp;
    amp *= 0.5;
    x *= 2.03;
    y *= 2.03;
  }
  return sum / norm;
}

export function nebula(x, y) {
  const q = fbm(x, y, 211);
  const r = fbm(x + 4 * q, y + 4 * q, 223);
  return fbm(x + 3.5 * r, y + 3.5 * r, 227);
}

export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A Field's seed term (tk::seedTerm, kernels.h): murmur3's 32-bit finaliser of seed ^ multiplier.
// The landscape functions above use seed * 144269504 instead.
export function fieldSeedTerm(seed, multiplier) {
  let h = (seed ^ multiplier) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

// The finalising scramble of the lattice hash (hashFinish), as a uint32.
export function hashFinish(h) {
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return (h ^ (h >>> 16)) >>> 0;
}
