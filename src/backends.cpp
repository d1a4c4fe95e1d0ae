#include "backends.hpp"

#if defined(STENCIL_HAVE_CUDA)
#include <cuda_runtime.h>
#endif

#include "kokkos/stepper.hpp"
#include "openmp/stepper.hpp"
#if defined(STENCIL_HAVE_CUDA)
#include "cuda/stepper.hpp"
#endif

namespace stencil {
namespace {

// What the rest of the program needs from one implementation. Adding an implementation is one
// entry in kImplementations (and its rows in STENCIL_VARIANTS).
struct Implementation {
  std::string_view name;
  bool built;                            // compiled into this build
  bool rectangles;                       // steps a rows x cols local array (an MPI rank's tile)
  std::vector<std::string> (*spaces)();  // execution spaces; {""} where there are none
  std::string (*unavailable_reason)();   // "" when it can run on this machine
  std::string (*device)();               // what it runs on; called only where available
  std::unique_ptr<Stepper> (*make)(const CheckedConfig&, std::string_view space);
};

std::vector<std::string> no_spaces() {
  return {""};
}
std::string always_available() {
  return "";
}

std::string host_or_device() {
  return "the execution space given by -space";
}

#if defined(STENCIL_HAVE_CUDA)
std::unique_ptr<Stepper> make_cuda(const CheckedConfig& config, std::string_view space) {
  if (!space.empty() && space != "cuda") {
    throw UnsupportedRequest("-impl cuda runs on the GPU only; drop -space '" + std::string(space) +
                             "'");
  }
  return cuda::make_stepper(config);
}
constexpr bool kCudaBuilt = true;
#else
// Listed all the same, so the test suites show the native kernels as skipped, not absent.
std::string cuda_not_built() {
  return "this build has no native CUDA (nvcc was not found)";
}
std::unique_ptr<Stepper> make_cuda(const CheckedConfig&, std::string_view) {
  throw UnsupportedRequest("-impl cuda: " + cuda_not_built());
}
constexpr bool kCudaBuilt = false;
namespace cuda {
std::string unavailable_reason() {
  return cuda_not_built();
}
std::string device_description() {
  return "none";
}
}  // namespace cuda
#endif

const std::vector<Implementation>& implementation_table() {
  static const std::vector<Implementation> table = {
      {"kokkos", true, true, &kokkos::space_names, &always_available, &host_or_device,
       &kokkos::make_stepper},
      {"openmp", true, true, &no_spaces, &always_available, &openmp::thread_description,
       &openmp::make_stepper},
      {"cuda", kCudaBuilt, true, &no_spaces, &cuda::unavailable_reason, &cuda::device_description,
       &make_cuda},
  };
  return table;
}

// Among the implementations compiled into this build.
const Implementation* find_implementation(std::string_view name) {
  for (const auto& impl : implementation_table()) {
    if (impl.name == name && impl.built)
      return &impl;
  }
  return nullptr;
}

// "kokkos or openmp": the built implementations that step rectangles, for an error message.
std::string rectangle_implementations() {
  std::string names;
  for (const auto& impl : implementation_table()) {
    if (impl.built && impl.rectangles)
      names += (names.empty() ? "" : " or ") + std::string(impl.name);
  }
  return names;
}

}  // namespace

std::vector<std::string> implementations() {
  std::vector<std::string> names;
  for (const auto& impl : implementation_table()) {
    if (impl.built)
      names.emplace_back(impl.name);
  }
  return names;
}

bool is_implementation(std::string_view implementation) {
  return find_implementation(implementation) != nullptr;
}

std::vector<Backend> backends() {
  std::vector<Backend> list;
  for (const auto& impl : implementation_table()) {
    for (const auto& space : impl.spaces())
      list.push_back({std::string(impl.name), space});
  }
  return list;
}

std::string unavailable_reason(const Backend& backend) {
  for (const auto& impl : implementation_table()) {
    if (impl.name == backend.implementation)
      return impl.unavailable_reason();
  }
  return "this build has no implementation '" + backend.implementation + "'";
}

void use_gpu_of_local_rank(int local_rank) {
#if defined(STENCIL_HAVE_CUDA)
  int devices = 0;
  if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 1)
    cudaSetDevice(local_rank % devices);
#else
  (void)local_rank;
#endif
}

bool steps_rectangles(std::string_view implementation) {
  const Implementation* impl = find_implementation(implementation);
  return impl != nullptr && impl->rectangles;
}

std::vector<std::string> spaces_of(std::string_view implementation) {
  std::vector<std::string> spaces;
  for (const auto& backend : backends()) {
    if (backend.implementation == implementation && !backend.space.empty())
      spaces.push_back(backend.space);
  }
  return spaces;
}

std::string device_of(std::string_view implementation) {
  const Implementation* impl = find_implementation(implementation);
  if (impl == nullptr)
    return "none: this build has no implementation '" + std::string(implementation) + "'";
  const std::string reason = impl->unavailable_reason();
  return reason.empty() ? impl->device() : "none: " + reason;
}

std::unique_ptr<Stepper> open_stepper(std::string_view implementation, std::string_view space,
                                      const CheckedConfig& config) {
  const Implementation* impl = find_implementation(implementation);
  if (impl == nullptr) {
    if (implementation == "cuda")
      throw UnsupportedRequest("-impl cuda: this build has no native CUDA (nvcc was not found)");
    throw UnsupportedRequest("unknown implementation '" + std::string(implementation) + "'");
  }
  if (!config->variant->implemented_by(implementation)) {
    throw UnsupportedRequest("-impl " + std::string(implementation) +
                             " has no kernel for variant " + std::string(config->variant->name));
  }
  if (config->has_local_shape() && !impl->rectangles) {
    throw UnsupportedRequest("-impl " + std::string(implementation) +
                             " cannot step a rank's rectangular tile yet; use -impl " +
                             rectangle_implementations());
  }
  return impl->make(config, space);
}

}  // namespace stencil
