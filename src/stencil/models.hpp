// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one place a programming model is declared: the twin of the variant table
// (stencil/variants.hpp). STENCIL_MODELS below is the list. CMake reads it
// (cmake/StencilModels.cmake) to decide which model folders to build and which kernel files each
// compiles; the registry (src/backends.cpp) reads it for -impl, -list, -help, the tests and the
// benchmark; perf/registry.py reads it for the report and the study. A new model is one row
// here, one folder src/<name>/ and its paragraph in docs/design.md ("Adding a model").
#pragma once

#include <cstddef>
#include <string_view>

namespace stencil {

// X(name, memory, needs, role, depths, "variants", "description")
//   name:     -impl NAME; the folder src/<name>/, the namespace stencil::<name> and the CMake
//             target stencil_model_<name>
//   memory:   where its two grids live: host (host memory), cuda (CUDA device memory) or space
//             (decided by the execution space the run picks, -space)
//   needs:    what it needs to build, one token cmake/StencilModels.cmake resolves (a package,
//             a compiler, a flag); a model whose needs are missing is left out with one
//             configure message
//   role:     native (a platform's reference code: perf/report.py and perf/study.py divide
//             every model's rate by the best native rate on the same platform; one native row
//             each for host and cuda memory) or portable (a model held to the native ones)
//   depths:   the temporal depths (-fuse) it runs: plain (STENCIL_FUSE_DEPTHS, up to 8) or
//             pipelined (those and STENCIL_PIPELINED_FUSE_DEPTHS, up to 16, whose kernels pass
//             rows between warps or groups of a block: stencil/variants.hpp)
//   variants: the STENCIL_VARIANTS rows it implements, space-separated; each has a kernel file
//             src/<name>/<variant>.*
// One row per line: CMake reads the rows from the lines that start with "X(".
// clang-format off
#define STENCIL_MODELS(X) \
X(kokkos, space, kokkos, portable, pipelined, "naive tiled strip rolling regblock doublebuf naive1d halo1d stream temporal", "Kokkos: one source for every execution space of its build (-space)") \
X(openmp, host, openmp, native, plain, "naive tiled naive1d halo1d temporal", "native OpenMP threads and SIMD loops, the CPU twin of the native CUDA kernels") \
X(cuda, cuda, cuda, native, pipelined, "naive tiled strip rolling regblock doublebuf doublebuf_async naive1d halo1d stream temporal", "native CUDA kernels") \
X(stdpar, host, tbb, portable, plain, "naive tiled naive1d", "C++17 parallel algorithms, std::execution::par_unseq (on TBB with g++)") \
X(openacc, space, openacc, portable, plain, "naive tiled naive1d temporal", "OpenACC loop nests (GCC 12, nvptx offload) on host arrays mapped to the GPU (-space gpu, host)") \
X(omptarget, space, omptarget, portable, plain, "naive tiled naive1d temporal", "OpenMP target offload loop nests (clang 16 or GCC 12, nvptx) on host arrays mapped to the GPU (-space gpu, host)")
// clang-format on

// Where a model's grids live, as its row says.
enum class ModelMemory { host, cuda, space };

// What a model is to the performance instruments, as its row says.
enum class ModelRole { native, portable };

// The temporal depths a model runs, as its row says.
enum class ModelDepths { plain, pipelined };

struct ModelInfo {
  std::string_view name;
  ModelMemory memory;
  std::string_view needs;
  ModelRole role;
  ModelDepths depths;
  std::string_view variants;  // space-separated variant names
  std::string_view description;

  constexpr bool implements(std::string_view variant) const {
    for (std::size_t at = 0; at < variants.size();) {
      std::size_t end = variants.find(' ', at);
      if (end == std::string_view::npos)
        end = variants.size();
      if (variants.substr(at, end - at) == variant)
        return true;
      at = end + 1;
    }
    return false;
  }
};

#define STENCIL_MODEL_ROW(name, memory, needs, role, depths, variants, description)      \
  ModelInfo{#name,    ModelMemory::memory, #needs, ModelRole::role, ModelDepths::depths, \
            variants, description},
inline constexpr ModelInfo kModels[] = {STENCIL_MODELS(STENCIL_MODEL_ROW)};
#undef STENCIL_MODEL_ROW

// The row of `name`, or nullptr; usable in constant expressions.
constexpr const ModelInfo* find_model(std::string_view name) {
  for (const ModelInfo& model : kModels) {
    if (model.name == name)
      return &model;
  }
  return nullptr;
}

// Whether the row of `model` names `variant`. It walks the rows itself rather than testing
// find_model's pointer: GCC's -fsanitize=null makes a pointer test non-constant.
constexpr bool model_implements(std::string_view model, std::string_view variant) {
  for (const ModelInfo& row : kModels) {
    if (row.name == model)
      return row.implements(variant);
  }
  return false;
}

}  // namespace stencil
