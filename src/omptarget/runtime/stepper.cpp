// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The OpenMP target stepper: the directive models' mirrored stepper
// (directive/mirrored_stepper.hpp) with OpenMP target's data constructs, and the choice of kernel,
// loop shape and space.
#include "omptarget/runtime/stepper.hpp"

#include <omp.h>

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>

#include "directive/model_entry.hpp"
#include "memory/cuda_interop.hpp"
#include "omptarget/kernels.hpp"
#include "stencil/models.hpp"

namespace stencil::omptarget {
namespace {

// The data constructs of the mirrored stepper (directive/mirrored_stepper.hpp), in OpenMP target
// form: the `if` clause false runs the region on the host device and maps nothing. Each construct
// is a template on the element type T: its array sections count cells of T.
struct OmpTarget {
  static constexpr std::string_view kName = "omptarget";
  static constexpr std::string_view kHostSpace = "OpenMP target on the host (-space host)";
  using Launch = directive::Launch;
  template <class T>
  using StepFunction = directive::StepFunction<T>;
  using LoopShapesFunction = directive::LoopShapesFunction;

  static std::string device_description() { return omptarget::device_description(); }
  static bool gpu_found();
  template <class T>
  static directive::Kernel<OmpTarget, T> kernel_of(const VariantInfo& variant);
  static int host_threads() { return omp_get_max_threads(); }

  template <class T>
  static void enter([[maybe_unused]] T* p, std::size_t cells, bool on_device) {
#pragma omp target enter data map(alloc : p [0:cells]) if (on_device)
  }
  template <class T>
  static void leave([[maybe_unused]] T* p, std::size_t cells, bool on_device) {
#pragma omp target exit data map(delete : p [0:cells]) if (on_device)
  }
  template <class T>
  static T* device_address(T* p, bool on_device) {
    if (!on_device)
      return p;
    T* device = nullptr;
#pragma omp target data use_device_ptr(p)
    { device = p; }
    return device;
  }
  template <class T>
  static void update_device([[maybe_unused]] T* grid, std::size_t count, bool on_device) {
#pragma omp target update to(grid [0:count]) if (on_device)
  }
  template <class T>
  static void update_host([[maybe_unused]] T* grid, std::size_t count, bool on_device) {
#pragma omp target update from(grid [0:count]) if (on_device)
  }
  template <class T>
  static void fill_nan(T* grid, std::size_t cells, bool on_device) {
    const long count = static_cast<long>(cells);
    const T nan = std::numeric_limits<T>::quiet_NaN();
#pragma omp target teams distribute parallel for map(alloc : grid [0:count]) if (target : on_device)
    for (long i = 0; i < count; ++i)
      grid[i] = nan;
  }

  // Every target region here is synchronous (no nowait): a returned step has finished.
  static constexpr bool kQueuedSteps = false;
  static void* step_stream(bool) {
    return nullptr;
  }
  static void wait_for_steps(bool) {}
};

// Generated from STENCIL_VARIANTS: a variant the omptarget row does not name has no case.
#define STENCIL_OMPTARGET_KERNEL_CASE(name, ...)                                    \
  case Variant::name:                                                               \
    if constexpr (model_implements("omptarget", #name))                             \
      return directive::Kernel<OmpTarget, T>{&name##_step<T>, &name##_loop_shapes}; \
    break;

template <class T>
directive::Kernel<OmpTarget, T> OmpTarget::kernel_of(const VariantInfo& variant) {
  switch (variant.id) { STENCIL_VARIANTS(STENCIL_OMPTARGET_KERNEL_CASE) }
  throw UnsupportedRequest("-impl omptarget has no kernel for variant " +
                           std::string(variant.name));
}
#undef STENCIL_OMPTARGET_KERNEL_CASE

// libomptarget retains the primary context itself; libgomp (a GCC build) adopts the one current
// on the thread that opens the device, so the CUDA runtime's goes first. Without a device, or with
// OMP_TARGET_OFFLOAD=DISABLED, omp_get_num_devices() is 0.
bool OmpTarget::gpu_found() {
  static const bool found = [] {
    share_cuda_primary_context();
    return omp_get_num_devices() > 0;
  }();
  return found;
}

}  // namespace

std::vector<std::string> space_names() {
  return directive::space_names<OmpTarget>();
}

MemoryKind space_memory(std::string_view space) {
  return directive::space_memory(space);
}

std::string device_description() {
  if (!OmpTarget::gpu_found())
    return "OpenMP target host fallback (no offload device)";
  return "OpenMP target device " + std::to_string(omp_get_default_device()) + " of " +
         std::to_string(omp_get_num_devices());
}

std::vector<std::string_view> loop_shapes(const VariantInfo& variant) {
  return directive::loop_shapes<OmpTarget>(variant);
}

std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space) {
  return directive::make_stepper<OmpTarget>(config, space);
}

}  // namespace stencil::omptarget
