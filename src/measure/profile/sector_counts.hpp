// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the SASS sector counter (sass_sector_counter.hpp) hands back: sectors per device function,
// as CUPTI attributes instructions, and the fold that turns functions into kernels. Plain C++, so
// that the CPU suite tests the fold.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace stencil::profile {

struct FunctionSectors {
  std::uint64_t total = 0;  // smsp__sass_sectors_mem_global
  std::uint64_t load = 0;   // meaningful when SectorCounts::split_available
  std::uint64_t store = 0;
  std::uint64_t other = 0;  // atomics/reductions, or instructions the split could not classify
};

struct SectorCounts {
  std::map<std::string, FunctionSectors> by_function;  // device-side mangled name
  bool split_available = false;
  std::string split_method;  // how load and store sectors were told apart, for the report
  std::string chip;
  std::size_t dropped_records = 0;  // records CUPTI discarded at disable; 0 when all were flushed
  // Per function: each extra metric summed over the function's instructions, in the order the
  // counter was given them. Empty without extra metrics.
  std::map<std::string, std::vector<std::uint64_t>> extra_by_function;
};

// Folds the counts of out-of-line device functions into the kernel that calls them. CUPTI counts
// instructions per function, so a function the compiler keeps out of line (the OpenMP offload
// runtime's ompx::state::enterDataEnvironment, say) has counts of its own but no launch. Where
// exactly one kernel was launched (`launched`: the mangled names of the launch records) and
// counted, every other function's counts, extra metrics included, are that kernel's, with a note
// each; otherwise the counts stay as they are.
void fold_device_functions(SectorCounts& counts, const std::vector<std::string>& launched,
                           std::vector<std::string>& notes);

}  // namespace stencil::profile
