// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "verdict.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace stencil::check {
namespace {

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

template <class T>
bool within(T a, T b, const Tolerance& t) {
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

template <class T>
Verdict judge(const std::vector<T>& actual, const std::vector<T>& expected,
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

#define STENCIL_INSTANTIATE_JUDGE(unused, T) \
  template Verdict judge<T>(const std::vector<T>&, const std::vector<T>&, const Tolerance&);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE_JUDGE, )
#undef STENCIL_INSTANTIATE_JUDGE

Verdict judge(const Cells& actual, const Cells& expected, const Tolerance& tolerance) {
  if (actual.precision() != expected.precision()) {
    throw std::invalid_argument(
        "states differ in precision: " + std::string(element_type_name(actual.precision())) +
        " vs " + std::string(element_type_name(expected.precision())));
  }
  return actual.visit([&](const auto& values) {
    using T = typename std::decay_t<decltype(values)>::value_type;
    return judge(values, expected.values<T>(), tolerance);
  });
}

}  // namespace stencil::check
