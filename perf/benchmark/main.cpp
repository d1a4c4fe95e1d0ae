// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stencil_bench: the Google Benchmark suite of every variant on every target of this build, each
// with its ratio to a copy of the same bytes measured in the same run.
//   stencil_bench [--reduced] [--benchmark_* flags] [a model's own flags]
// Write results with --benchmark_out=FILE --benchmark_out_format=json; stdout carries only
// Google Benchmark's console table (a model runtime's start-up warnings go to stderr).
#include <benchmark/benchmark.h>

#include <cstring>
#include <iostream>

#include "backends.hpp"
#include "run_context.hpp"
#include "size_set.hpp"
#include "suite.hpp"
#include "targets.hpp"

namespace {

// Removes the suite's own flag before Google Benchmark sees the arguments (it rejects flags it
// does not know).
stencil::perf::SizeSet take_size_set_flag(int& argc, char* argv[]) {
  auto sizes = stencil::perf::SizeSet::full;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--reduced") == 0) {
      sizes = stencil::perf::SizeSet::reduced;
      continue;
    }
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << "stencil_bench [--reduced] [Google Benchmark flags] [a model's own flags]\n"
                   "  --reduced   grids N = 1024 ... 4096 (and 1-D of the same cell counts) "
                   "instead of 1024 ... 16384\n\n";
    }
    argv[kept++] = argv[i];
  }
  argc = kept;
  argv[argc] = nullptr;
  return sizes;
}

}  // namespace

int main(int argc, char* argv[]) {
  const stencil::perf::SizeSet sizes = take_size_set_flag(argc, argv);
  benchmark::Initialize(&argc, argv);
  try {
    const stencil::ModelRuntimes runtimes(argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
      return 2;
    const stencil::perf::TargetList targets = stencil::perf::benchmark_targets();
    for (const auto& skipped : targets.skipped)
      std::cerr << "stencil_bench: skipping " << skipped << "\n";
    stencil::perf::add_run_context(sizes, targets);
    stencil::perf::register_suite(targets.runnable, stencil::perf::size_classes(sizes));
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "stencil_bench: error: " << e.what() << "\n";
    return 1;
  }
}
