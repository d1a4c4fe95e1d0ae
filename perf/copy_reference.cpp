#include "copy_reference.hpp"

#include "kokkos_copy.hpp"
#include "openmp_copy.hpp"
#include "stencil/stepper.hpp"
#if defined(STENCIL_HAVE_CUDA)
#include "cuda_copy.hpp"
#endif

namespace stencil::perf {

std::unique_ptr<CopyReference> make_copy_reference(const Backend& target, std::size_t cells) {
  if (target.implementation == "kokkos")
    return make_kokkos_copy(target.space, cells);
  if (target.implementation == "openmp")
    return make_openmp_copy(cells);
#if defined(STENCIL_HAVE_CUDA)
  if (target.implementation == "cuda")
    return make_cuda_copy(cells);
#endif
  throw UnsupportedRequest("no copy reference for backend '" + target.label() + "'");
}

}  // namespace stencil::perf
