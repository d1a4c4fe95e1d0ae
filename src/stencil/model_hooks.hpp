// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What one model gives the registry (src/backends.cpp) besides its steppers. Each model's folder
// defines stencil::<name>::hooks() (declared below for every row of STENCIL_MODELS); the registry
// calls it only where the model is built. A hook left empty means the model has nothing to say
// there: most models fill in `make` and `device` and nothing else.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "stencil/models.hpp"
#include "stencil/stepper.hpp"

namespace stencil {

struct ModelHooks {
  // A stepper of `config` in `space` ("" = the model's default). Throws UnsupportedRequest for
  // anything this build or machine cannot serve.
  std::unique_ptr<Stepper> (*make)(const CheckedConfig& config, std::string_view space) = nullptr;
  // What it runs on, for -list (e.g. "CUDA device 0: NVIDIA H200 (sm_90, 132 SMs)"); called only
  // where the model is available.
  std::string (*device)() = nullptr;
  // "" when it can run on this machine, else why not. Empty hook: always available.
  std::string (*unavailable_reason)() = nullptr;
  // Its execution spaces (-space), default first. Empty hook: it has none.
  std::vector<std::string> (*spaces)() = nullptr;
  // Where the grids of `space` live, for a model whose row says `space`.
  MemoryKind (*space_memory)(std::string_view space) = nullptr;
  // Whether a run in `space` computes on OpenMP threads (the driver then picks their binding).
  bool (*uses_openmp_threads)(std::string_view space) = nullptr;

  // The whole program's lifetime, for a model with a runtime of its own (e.g. Kokkos):
  // takes_argument(arg) says whether a command-line argument is the model's own (it then passes
  // through to `start`) and throws std::invalid_argument when that argument is malformed;
  // check_environment throws std::invalid_argument for a malformed setting of the model's
  // environment variables; start brings the runtime up (removing its own arguments from
  // argc/argv) until the returned object is destroyed; version is what -list and every result
  // report.
  bool (*takes_argument)(std::string_view arg) = nullptr;
  const char* arguments_help = nullptr;  // what -help says about those arguments
  void (*check_environment)() = nullptr;
  std::shared_ptr<void> (*start)(int& argc, char* argv[]) = nullptr;
  std::string (*version)() = nullptr;

  // Whether it steps a rows x cols local array (an MPI rank's tile plus halo), not only N x N.
  bool steps_rectangles = true;
};

#define STENCIL_DECLARE_MODEL_HOOKS(name, ...) \
  namespace name {                             \
  const ModelHooks& hooks();                   \
  }
STENCIL_MODELS(STENCIL_DECLARE_MODEL_HOOKS)
#undef STENCIL_DECLARE_MODEL_HOOKS

}  // namespace stencil
