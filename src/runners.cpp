#include "runners.hpp"

#include "kokkos/runner.hpp"
#if defined(STENCIL_HAVE_CUDA)
#include "cuda/runner.hpp"
#endif

namespace stencil {

std::vector<std::string> implementations() {
#if defined(STENCIL_HAVE_CUDA)
  return {"kokkos", "cuda"};
#else
  return {"kokkos"};
#endif
}

std::unique_ptr<StencilRunner> make_runner(std::string_view implementation,
                                           const RunConfig& requested, std::string_view space) {
  // Chunk count 0 means the variant's default; stream resolves its own in its launcher.
  RunConfig config = requested;
  const bool tunes_own_chunks =
      config.variant->id == Variant::stream || config.variant->id == Variant::temporal;
  if (config.chunks <= 0 && !tunes_own_chunks)
    config.chunks = kDefaultChunks;
  if (config.variant->id != Variant::temporal)
    config.fuse = 1;
  if (config.fuse != 1 && config.fuse != 2 && config.fuse != 4 && config.fuse != 8) {
    throw UnsupportedRequest("-fuse must be 1, 2, 4 or 8, got " + std::to_string(config.fuse));
  }
  if (implementation == "kokkos")
    return kokkos::make_runner(config, space);
  if (implementation == "cuda") {
#if defined(STENCIL_HAVE_CUDA)
    if (!space.empty() && space != "cuda") {
      throw UnsupportedRequest("-impl cuda runs on the GPU only; drop -space '" +
                               std::string(space) + "'");
    }
    return cuda::make_runner(config);
#else
    throw UnsupportedRequest("-impl cuda: this build has no native CUDA (nvcc was not found)");
#endif
  }
  throw UnsupportedRequest("unknown implementation '" + std::string(implementation) + "'");
}

}  // namespace stencil
