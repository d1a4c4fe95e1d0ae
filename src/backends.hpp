// The one list of implementations and execution spaces this build offers (a "backend" is one
// implementation, plus a Kokkos execution space where it has them), and the one place that
// creates a stepper for a backend. The driver, -list, the tests and the benchmark all ask here.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "stencil/stepper.hpp"

namespace stencil {

struct Backend {
  std::string implementation;  // "kokkos", "cuda"
  std::string space;           // the Kokkos execution space; empty where there are none

  // "kokkos_openmp", "kokkos_cuda", "cuda": test names and the middle of benchmark names.
  std::string label() const { return implementation + (space.empty() ? "" : "_" + space); }
  bool on_gpu() const { return implementation == "cuda" || space == "cuda"; }
};

// Readable test parameters in gtest output.
inline void PrintTo(const Backend& backend, std::ostream* out) {
  *out << backend.label();
}

// Implementations compiled into this build, in the order -list shows them ("kokkos" first).
std::vector<std::string> implementations();
// Whether `implementation` is one of this build's.
bool is_implementation(std::string_view implementation);

// Every backend: each implementation with each of its execution spaces (Kokkos: every enabled
// space). Includes backends that cannot run here (no GPU, or native CUDA not compiled in); see
// unavailable_reason.
std::vector<Backend> backends();
// "" when the backend can run on this machine, else why not (e.g. "no CUDA device found").
std::string unavailable_reason(const Backend& backend);

// Whether `implementation` steps a rows x cols local array (an MPI rank's tile plus halo).
bool steps_rectangles(std::string_view implementation);

// Under MPI with several GPUs on a node: makes native CUDA's device the one of this rank's
// node-local index (local_rank mod the GPU count), so one rank drives one GPU. Kokkos maps its
// own device from the launcher's local rank. Does nothing without CUDA or with one GPU.
void use_gpu_of_local_rank(int local_rank);

// The execution spaces of `implementation`, default first; empty where it has none.
std::vector<std::string> spaces_of(std::string_view implementation);
// What an implementation without execution spaces runs on (e.g. "CUDA device 0: NVIDIA H200
// (sm_90, 132 SMs)"), or "none: <why not>".
std::string device_of(std::string_view implementation);

// A stepper of `config` on `implementation` (Kokkos: in execution space `space`, "" = Kokkos'
// default). Throws UnsupportedRequest for anything this build or machine cannot serve.
std::unique_ptr<Stepper> open_stepper(std::string_view implementation, std::string_view space,
                                      const CheckedConfig& config);
inline std::unique_ptr<Stepper> open_stepper(const Backend& backend, const CheckedConfig& config) {
  return open_stepper(backend.implementation, backend.space, config);
}

}  // namespace stencil
