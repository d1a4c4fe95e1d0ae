#include "copy_reference.hpp"

#include "stencil/models_built.hpp"
#include "stencil/stepper.hpp"
#if defined(STENCIL_HAVE_MODEL_KOKKOS)
#include "kokkos_copy.hpp"
#endif
#if defined(STENCIL_HAVE_MODEL_OPENMP)
#include "openmp_copy.hpp"
#endif
#if defined(STENCIL_HAVE_MODEL_CUDA)
#include "cuda_copy.hpp"
#endif

namespace stencil::perf {

std::unique_ptr<CopyReference> make_copy_reference(const Backend& target, std::size_t cells) {
#if defined(STENCIL_HAVE_MODEL_KOKKOS)
  if (target.implementation == "kokkos")
    return make_kokkos_copy(target.space, cells);
#endif
#if defined(STENCIL_HAVE_MODEL_OPENMP)
  if (target.implementation == "openmp")
    return make_openmp_copy(cells);
#endif
#if defined(STENCIL_HAVE_MODEL_CUDA)
  if (target.implementation == "cuda")
    return make_cuda_copy(cells);
#endif
  throw UnsupportedRequest("no copy reference for backend '" + target.label() + "'");
}

}  // namespace stencil::perf
