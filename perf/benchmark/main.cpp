// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stencil_bench: the Google Benchmark suite of every variant on every target of this build, each
// with its ratio to a copy of the same bytes measured in the same run.
//   stencil_bench [--reduced] [--precision=fp32|fp64|all] [--benchmark_* flags] [a model's flags]
// Write results with --benchmark_out=FILE --benchmark_out_format=json; stdout carries only
// Google Benchmark's console table (a model runtime's start-up warnings go to stderr).
#include <benchmark/benchmark.h>

#include <cstring>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "backends.hpp"
#include "run_context.hpp"
#include "size_set.hpp"
#include "stencil/precision.hpp"
#include "suite.hpp"
#include "targets.hpp"

namespace {

struct SuiteFlags {
  stencil::perf::SizeSet sizes = stencil::perf::SizeSet::full;
  std::vector<stencil::Precision> precisions{std::begin(stencil::kPrecisions),
                                             std::end(stencil::kPrecisions)};
};

// Removes the suite's own flags before Google Benchmark sees the arguments (it rejects flags it
// does not know). Throws std::invalid_argument for a bad --precision.
SuiteFlags take_suite_flags(int& argc, char* argv[]) {
  SuiteFlags flags;
  constexpr const char* kPrecisionFlag = "--precision=";
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--reduced") == 0) {
      flags.sizes = stencil::perf::SizeSet::reduced;
      continue;
    }
    if (std::strncmp(argv[i], kPrecisionFlag, std::strlen(kPrecisionFlag)) == 0) {
      const std::string value = argv[i] + std::strlen(kPrecisionFlag);
      const auto precision = stencil::parse_precision(value);
      if (!precision && value != "all")
        throw std::invalid_argument("--precision expects fp32, fp64 or all, got '" + value + "'");
      flags.precisions =
          precision ? std::vector<stencil::Precision>{*precision} : SuiteFlags{}.precisions;
      continue;
    }
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << "stencil_bench [--reduced] [--precision=fp32|fp64|all] [Google Benchmark flags] "
                   "[a model's own flags]\n"
                   "  --reduced     grids N = 1024 ... 4096 (and 1-D of the same cell counts) "
                   "instead of 1024 ... 16384\n"
                   "  --precision=  the grids' element type; all (default): fp32, then fp64\n\n";
    }
    argv[kept++] = argv[i];
  }
  argc = kept;
  argv[argc] = nullptr;
  return flags;
}

}  // namespace

int main(int argc, char* argv[]) {
  SuiteFlags flags;
  try {
    flags = take_suite_flags(argc, argv);
  } catch (const std::invalid_argument& e) {
    std::cerr << "stencil_bench: error: " << e.what() << "\n";
    return 2;
  }
  benchmark::Initialize(&argc, argv);
  try {
    const stencil::ModelRuntimes runtimes(argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
      return 2;
    const stencil::perf::TargetList targets = stencil::perf::benchmark_targets();
    for (const auto& skipped : targets.skipped)
      std::cerr << "stencil_bench: skipping " << skipped << "\n";
    stencil::perf::add_run_context(flags.sizes, targets);
    stencil::perf::register_suite(targets.runnable, stencil::perf::size_classes(flags.sizes),
                                  flags.precisions);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "stencil_bench: error: " << e.what() << "\n";
    return 1;
  }
}
