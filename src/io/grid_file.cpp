#include "io/grid_file.hpp"

#include <cstdio>

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
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0 ||
      name.size() > prefix.size() + 18) {
    return -1;  // more than 18 digits could overflow int64
  }
  std::int64_t value = 0;
  for (std::size_t i = prefix.size(); i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9')
      return -1;
    value = value * 10 + (name[i] - '0');
  }
  return value;
}

}  // namespace stencil::io
