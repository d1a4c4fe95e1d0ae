// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every host model's two grids start on a cache line, in both precisions. The row loops are
// 64-byte vector loops; a grid 16 bytes past a line (what plain `new T[]` returns for a large
// grid) makes every vector load and store straddle two lines, and held stdpar's naive and tiled
// at 0.84-0.93 of the native twin on one thread, with the same loop (src/stdpar/runtime/
// stepper.cpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "stencil/stepper.hpp"
#include "test_backends.hpp"

namespace stencil::test {
namespace {

constexpr std::uintptr_t kCacheLine = 64;

TEST(HostGrids, StartOnACacheLine) {
  constexpr int kN = 515;  // about 1 MiB a grid: past malloc's mmap threshold, as real grids are
  int checked = 0;
  for (const Backend& backend : host_backends()) {
    if (!unavailable_reason(backend).empty() ||
        !info(Variant::naive).implemented_by(backend.implementation))
      continue;
    for (const Precision precision : kPrecisions) {
      SCOPED_TRACE(backend.label() + " " + std::string(precision_name(precision)));
      RunConfig config{&info(Variant::naive), kN};
      config.precision = precision;
      auto stepper = open_stepper(backend, check_config(config));
      const GridAccess grids = stepper->grids();
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(grids.current) % kCacheLine, 0U);
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(grids.next) % kCacheLine, 0U);
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace stencil::test
