// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stencil/compare.hpp"

#include "stencil/host_parallel.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace stencil {
namespace {

// The bit pattern of a float or double as an unsigned integer of its width.
template <class T>
auto bits_of(T f) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  Bits u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// Maps a value onto a monotonic integer line so that neighbours of its type differ by one.
template <class T>
std::int64_t ordered(T f) {
  const auto u = bits_of(f);
  constexpr auto sign = decltype(u){1} << (8 * sizeof(T) - 1);
  return (u & sign) ? -static_cast<std::int64_t>(u & ~sign) : static_cast<std::int64_t>(u);
}

template <class T>
std::uint64_t ulp_between(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) {
    return (std::isnan(a) && std::isnan(b)) ? 0 : std::numeric_limits<std::uint64_t>::max();
  }
  // Two's-complement wrap-free: |ordered| < 2^63, so the difference fits unsigned.
  const std::int64_t x = ordered(a);
  const std::int64_t y = ordered(b);
  return x > y ? static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(y)
               : static_cast<std::uint64_t>(y) - static_cast<std::uint64_t>(x);
}

// Whether every cell of `a` and `b` holds the same bits: blocks compared by the threads on large
// grids, so that -verify of a grid that matches (the usual case) costs a parallel pass; only a grid
// that differs takes the cell-by-cell scan below.
template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  constexpr std::int64_t kBlock = 65536;
  const std::int64_t cells = static_cast<std::int64_t>(a.size());
  const std::int64_t blocks = (cells + kBlock - 1) / kBlock;
  bool same = true;
#pragma omp parallel for schedule(static) reduction(&& : same) if (cells > kParallelCells)
  for (std::int64_t block = 0; block < blocks; ++block) {
    const std::int64_t begin = block * kBlock;
    const std::int64_t count = cells - begin < kBlock ? cells - begin : kBlock;
    same = same && std::memcmp(a.data() + begin, b.data() + begin,
                               static_cast<std::size_t>(count) * sizeof(T)) == 0;
  }
  return same;
}

}  // namespace

std::uint64_t ulp_distance(float a, float b) {
  return ulp_between(a, b);
}
std::uint64_t ulp_distance(double a, double b) {
  return ulp_between(a, b);
}

template <class T>
GridDifference compare_grids(const std::vector<T>& actual, const std::vector<T>& expected) {
  if (actual.size() != expected.size()) {
    throw std::invalid_argument("grids differ in size: " + std::to_string(actual.size()) + " vs " +
                                std::to_string(expected.size()) + " cells");
  }
  GridDifference diff;
  diff.cells = actual.size();
  if (same_bits(actual, expected))
    return diff;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const T a = actual[i];
    const T e = expected[i];
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
      if (e != T(0)) {
        const double rel = abs / std::fabs(static_cast<double>(e));
        if (rel > diff.max_rel)
          diff.max_rel = rel;
      }
    }
  }
  return diff;
}

template GridDifference compare_grids(const std::vector<float>&, const std::vector<float>&);
template GridDifference compare_grids(const std::vector<double>&, const std::vector<double>&);

GridDifference compare_grids(const Cells& actual, const Cells& expected) {
  if (actual.precision() != expected.precision()) {
    throw std::invalid_argument(
        "grids differ in precision: " + std::string(element_type_name(actual.precision())) +
        " vs " + std::string(element_type_name(expected.precision())));
  }
  return actual.visit([&](const auto& values) {
    using T = typename std::decay_t<decltype(values)>::value_type;
    return compare_grids(values, expected.values<T>());
  });
}

std::string describe_first_difference(const GridDifference& diff, std::int64_t width) {
  if (diff.identical())
    return "no difference";
  std::ostringstream out;
  out.precision(17);  // round-trips a double, and so a float
  out << diff.differing << " of " << diff.cells << " cells differ; first at ";
  if (width > 0) {
    const auto w = static_cast<std::size_t>(width);
    out << "(x=" << diff.first_index % w << ", y=" << diff.first_index / w << ")";
  } else {
    out << "index " << diff.first_index;
  }
  out << ": got " << diff.first_actual << ", expected " << diff.first_expected;
  return out.str();
}

}  // namespace stencil
