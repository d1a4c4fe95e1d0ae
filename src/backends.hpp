// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The registry reader: the models and execution spaces this build offers (a "backend" is one
// model, plus an execution space where it has them), built from STENCIL_MODELS
// (stencil/models.hpp), and the one place that creates a stepper for a backend. The driver,
// -list, the tests and the benchmark all ask here; none of them names a model.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "stencil/stepper.hpp"

namespace stencil {

struct Backend {
  std::string implementation;            // the model's name (-impl)
  std::string space;                     // its execution space (-space); empty where it has none
  MemoryKind memory = MemoryKind::host;  // where its grids live

  // "<model>_<space>" or "<model>": test names and the middle of benchmark names.
  std::string label() const { return implementation + (space.empty() ? "" : "_" + space); }
  bool on_gpu() const { return memory == MemoryKind::cuda; }
};

// Readable test parameters in gtest output.
inline void PrintTo(const Backend& backend, std::ostream* out) {
  *out << backend.label();
}

// Models compiled into this build, in the registry's order (-impl's default first).
std::vector<std::string> implementations();
// Whether `implementation` is one of this build's.
bool is_implementation(std::string_view implementation);
// Why a model of the registry is not in this build ("" when it is, or when no row has the name).
std::string not_built_reason(std::string_view implementation);

// Every backend: each model with each of its execution spaces. Includes backends that cannot run
// here (no GPU, or a model with its own memory kind that is not built); see unavailable_reason.
std::vector<Backend> backends();
// "" when the backend can run on this machine, else why not (e.g. "no CUDA device found").
std::string unavailable_reason(const Backend& backend);

// temporal's default -fuse for a run of `implementation` in `space` ("" = its default):
// where its grids are in CUDA memory, kDefaultPipelinedFuse for a model with a pipelined kernel
// (native CUDA, Kokkos) and kDefaultFuseOnGpu for the others; else kDefaultFuse.
int default_fuse(std::string_view implementation, std::string_view space);

// Whether `implementation` steps a rows x cols local array (an MPI rank's tile plus halo).
bool steps_rectangles(std::string_view implementation);

// Under MPI with several GPUs on a node: makes the CUDA device the one of this rank's node-local
// index (local_rank mod the GPU count), so one rank drives one GPU. Does nothing without CUDA or
// with one GPU.
void use_gpu_of_local_rank(int local_rank);

// The execution spaces of `implementation`, default first; empty where it has none.
std::vector<std::string> spaces_of(std::string_view implementation);
// What a model without execution spaces runs on (e.g. "CUDA device 0: NVIDIA H200 (sm_90, 132
// SMs)"), or "none: <why not>".
std::string device_of(std::string_view implementation);
// Whether a run of `implementation` in `space` ("" = its default) computes on OpenMP threads.
bool uses_openmp_threads(std::string_view implementation, std::string_view space);
// The version a model reports of itself (e.g. its runtime's release), "" where it has none.
std::string version_of(std::string_view implementation);

// Whether `arg` is a built model's own command-line argument (passed through to it). Throws
// std::invalid_argument when it is, but malformed.
bool is_model_argument(std::string_view arg);
// What -help says about each built model's own arguments, one text per model that has them.
std::vector<std::string> model_argument_help();
// Throws std::invalid_argument for a malformed setting of a built model's environment variables.
void check_model_environments();

// The runtimes of every built model that has one, up for this object's lifetime (one per
// program); each takes its own arguments out of argc/argv.
class ModelRuntimes {
 public:
  ModelRuntimes(int& argc, char* argv[]);
  ~ModelRuntimes();
  ModelRuntimes(const ModelRuntimes&) = delete;
  ModelRuntimes& operator=(const ModelRuntimes&) = delete;

 private:
  std::vector<std::shared_ptr<void>> started_;
};

// A stepper of `config` on `implementation` (in execution space `space`, "" = the model's
// default). Throws UnsupportedRequest for anything this build or machine cannot serve.
std::unique_ptr<Stepper> open_stepper(std::string_view implementation, std::string_view space,
                                      const CheckedConfig& config);
inline std::unique_ptr<Stepper> open_stepper(const Backend& backend, const CheckedConfig& config) {
  return open_stepper(backend.implementation, backend.space, config);
}

}  // namespace stencil
