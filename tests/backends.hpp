// The backends a test program exercises: the CPU suite takes Kokkos' host execution spaces, the
// GPU suite (CTest label `gpu`) takes Kokkos' CUDA space and the native CUDA kernels.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace stencil::test {

struct Backend {
  std::string implementation;  // "kokkos" or "cuda"
  std::string space;           // Kokkos execution space; empty for cuda
  std::string label() const { return implementation + (space.empty() ? "" : "_" + space); }
  bool needs_gpu() const { return implementation == "cuda" || space == "cuda"; }
};

// Readable test parameters in gtest output.
inline void PrintTo(const Backend& backend, std::ostream* out) { *out << backend.label(); }

std::vector<Backend> host_backends();
std::vector<Backend> gpu_backends();

// "" when this backend can run here, else why not (used to skip with a clear message).
std::string unavailable_reason(const Backend& backend);

}  // namespace stencil::test
