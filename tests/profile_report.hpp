// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reading what `stencil_miniapp -profile sectors -csv` reports, for the tests that run the real
// binary: the one kernel row, the counts, and whether -list says this machine can profile.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "process.hpp"

namespace stencil::test {

struct Measurement {
  std::string failure;  // empty when the run succeeded
  std::map<std::string, std::string> field;
  std::uint64_t total = 0;
  std::uint64_t load = 0;
  std::uint64_t store = 0;
  std::uint64_t launches_recorded = 0;
  std::string diagnostics;  // stderr of the run: notes about the counts, library warnings
};

// The one kernel row of a `-profile sectors -csv` run; `failure` says why there is none.
Measurement parse_report(const ProcessResult& r);

// A field of the report row, "" when absent.
std::string field(const Measurement& m, const std::string& key);

// The report's main fields and the run's stderr, for a failure message.
std::string describe(const Measurement& m);

// The lines of one `-list` section (e.g. "kokkos execution spaces"), without indentation.
std::vector<std::string> list_section(const std::string& list, const std::string& heading);

// "" when the `-list` output says -profile sectors can run here, else why not.
std::string profiling_unavailable(const std::string& list);

}  // namespace stencil::test
