// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stencil/compare.hpp"

#include "stencil/host_parallel.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace stencil {
namespace {

std::uint32_t bits_of(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// Maps a float onto a monotonic integer line so that neighbours differ by one.
std::int64_t ordered(float f) {
  const std::uint32_t u = bits_of(f);
  return (u & 0x80000000u) ? -static_cast<std::int64_t>(u & 0x7FFFFFFFu)
                           : static_cast<std::int64_t>(u);
}

// Whether every cell of `a` and `b` holds the same bits: blocks compared by the threads on large
// grids, so that -verify of a grid that matches (the usual case) costs a parallel pass; only a grid
// that differs takes the cell-by-cell scan below.
bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  constexpr std::int64_t kBlock = 65536;
  const std::int64_t cells = static_cast<std::int64_t>(a.size());
  const std::int64_t blocks = (cells + kBlock - 1) / kBlock;
  bool same = true;
#pragma omp parallel for schedule(static) reduction(&& : same) if (cells > kParallelCells)
  for (std::int64_t block = 0; block < blocks; ++block) {
    const std::int64_t begin = block * kBlock;
    const std::int64_t count = cells - begin < kBlock ? cells - begin : kBlock;
    same = same && std::memcmp(a.data() + begin, b.data() + begin,
                               static_cast<std::size_t>(count) * sizeof(float)) == 0;
  }
  return same;
}

}  // namespace

std::uint64_t ulp_distance(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) {
    return (std::isnan(a) && std::isnan(b)) ? 0 : std::numeric_limits<std::uint64_t>::max();
  }
  const std::int64_t d = ordered(a) - ordered(b);
  return static_cast<std::uint64_t>(d < 0 ? -d : d);
}

GridDifference compare_grids(const std::vector<float>& actual, const std::vector<float>& expected) {
  if (actual.size() != expected.size()) {
    throw std::invalid_argument("grids differ in size: " + std::to_string(actual.size()) + " vs " +
                                std::to_string(expected.size()) + " cells");
  }
  GridDifference diff;
  diff.cells = actual.size();
  if (same_bits(actual, expected))
    return diff;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const float a = actual[i];
    const float e = expected[i];
    if (bits_of(a) == bits_of(e))
      continue;
    if (diff.differing++ == 0) {
      diff.first_index = i;
      diff.first_actual = a;
      diff.first_expected = e;
    }
    const std::uint64_t ulp = ulp_distance(a, e);
    if (ulp > diff.max_ulp)
      diff.max_ulp = ulp;
    if (std::isfinite(a) && std::isfinite(e)) {
      const double abs = std::fabs(static_cast<double>(a) - static_cast<double>(e));
      if (abs > diff.max_abs)
        diff.max_abs = abs;
      if (e != 0.0f) {
        const double rel = abs / std::fabs(static_cast<double>(e));
        if (rel > diff.max_rel)
          diff.max_rel = rel;
      }
    }
  }
  return diff;
}

std::string describe_first_difference(const GridDifference& diff, int width) {
  if (diff.identical())
    return "no difference";
  std::ostringstream out;
  out.precision(9);
  out << diff.differing << " of " << diff.cells << " cells differ; first at ";
  if (width > 0) {
    out << "(x=" << diff.first_index % width << ", y=" << diff.first_index / width << ")";
  } else {
    out << "index " << diff.first_index;
  }
  out << ": got " << diff.first_actual << ", expected " << diff.first_expected;
  return out.str();
}

}  // namespace stencil
