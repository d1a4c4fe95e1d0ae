// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "verdict.hpp"

#include <cmath>
#include <cstring>

namespace stencil::check {
namespace {

bool same_bits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

bool within(float a, float b, const Tolerance& t) {
  if (same_bits(a, b))
    return true;
  switch (t.kind) {
    case Tolerance::Kind::exact:
      return false;
    case Tolerance::Kind::ulp:
      return ulp_distance(a, b) <= t.ulp;
    case Tolerance::Kind::close:
      if (!std::isfinite(a) || !std::isfinite(b))
        return false;
      return std::fabs(static_cast<double>(a) - static_cast<double>(b)) <=
             t.atol + t.rtol * std::fabs(static_cast<double>(b));
  }
  return false;
}

}  // namespace

Verdict judge(const std::vector<float>& actual, const std::vector<float>& expected,
              const Tolerance& tolerance) {
  Verdict verdict;
  verdict.difference = compare_grids(actual, expected);
  if (verdict.difference.identical())
    return verdict;
  for (std::size_t i = verdict.difference.first_index; i < actual.size(); ++i) {
    if (!within(actual[i], expected[i], tolerance) && verdict.beyond++ == 0)
      verdict.first_beyond = i;
  }
  return verdict;
}

}  // namespace stencil::check
