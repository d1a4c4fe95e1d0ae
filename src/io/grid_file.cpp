// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/grid_file.hpp"

#include <cstdio>
#include <limits>

namespace stencil::io {

std::string step_group_name(std::int64_t iteration) {
  char name[32];
  std::snprintf(name, sizeof name, "%s%06lld", kStepPrefix, static_cast<long long>(iteration));
  return name;
}

std::string step_dataset_path(std::int64_t iteration) {
  return "/" + step_group_name(iteration) + "/" + kStateName;
}

std::int64_t parse_step_group_name(const std::string& name) {
  const std::string prefix = kStepPrefix;
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0)
    return -1;
  // Every int64 value is a step number (19 digits and more leading zeros); a larger number is
  // no step this program writes.
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  std::int64_t value = 0;
  for (std::size_t i = prefix.size(); i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9')
      return -1;
    const int digit = name[i] - '0';
    if (value > (kMax - digit) / 10)
      return -1;
    value = value * 10 + digit;
  }
  return value;
}

}  // namespace stencil::io
