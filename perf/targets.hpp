// What the benchmarks run on: an implementation ("kokkos", "cuda") and, for Kokkos, an execution
// space. A target is the unit that has its own copy limit.
#pragma once

#include <string>
#include <vector>

namespace stencil::perf {

struct Target {
  std::string implementation;  // "kokkos" or "cuda"
  std::string space;           // Kokkos execution space; empty for cuda

  // "kokkos_openmp", "kokkos_cuda", "cuda": the middle part of every benchmark name.
  std::string label() const { return implementation + (space.empty() ? "" : "_" + space); }
  bool on_gpu() const { return implementation == "cuda" || space == "cuda"; }
};

struct TargetList {
  std::vector<Target> runnable;
  std::vector<std::string> skipped;  // "cuda: no usable CUDA device (...)": for the JSON context
};

// Every implementation of this build times every Kokkos execution space it enables; native CUDA
// only where a device is usable. Kokkos must be initialized.
TargetList benchmark_targets();

}  // namespace stencil::perf
