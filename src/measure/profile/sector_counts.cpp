// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/sector_counts.hpp"

#include "measure/profile/kernel_names.hpp"

namespace stencil::profile {

void fold_device_functions(SectorCounts& counts, const std::vector<std::string>& launched,
                           std::vector<std::string>& notes) {
  if (launched.size() != 1)
    return;
  const auto kernel = counts.by_function.find(launched.front());
  if (kernel == counts.by_function.end())
    return;
  for (auto function = counts.by_function.begin(); function != counts.by_function.end();) {
    if (function == kernel) {
      ++function;
      continue;
    }
    kernel->second.total += function->second.total;
    kernel->second.load += function->second.load;
    kernel->second.store += function->second.store;
    kernel->second.other += function->second.other;
    if (const auto extra = counts.extra_by_function.find(function->first);
        extra != counts.extra_by_function.end()) {
      const std::vector<std::uint64_t> sums = extra->second;
      counts.extra_by_function.erase(extra);
      std::vector<std::uint64_t>& into = counts.extra_by_function[kernel->first];
      if (into.size() < sums.size())
        into.resize(sums.size(), 0);
      for (std::size_t i = 0; i < sums.size(); ++i)
        into[i] += sums[i];
    }
    notes.push_back(short_kernel_name(function->first) + ": a device function that " +
                    short_kernel_name(kernel->first) + " calls; its " +
                    std::to_string(function->second.total) + " sectors count in that kernel");
    function = counts.by_function.erase(function);
  }
}

}  // namespace stencil::profile
