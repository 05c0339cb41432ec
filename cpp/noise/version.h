// The release version: the one home of this fact. The module exports it as `nf.version`;
// package.json, CHANGELOG.md and README.md repeat it, and tests/wasm/version.test.mjs checks
// that they all agree with it.
#pragma once

namespace nf {
inline constexpr const char* kVersion = "0.2.0";
}  // namespace nf
