// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The OpenACC stepper: the directive models' mirrored stepper (directive/mirrored_stepper.hpp)
// with OpenACC's data constructs, and the choice of kernel, loop shape and space.
#include "openacc/runtime/stepper.hpp"

#include <openacc.h>

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>

#include "directive/model_entry.hpp"
#include "memory/cuda_interop.hpp"
#include "openacc/kernels.hpp"
#include "stencil/models.hpp"

namespace stencil::openacc {
namespace {

// The data constructs of the mirrored stepper (directive/mirrored_stepper.hpp), in OpenACC form:
// `if(on_device)` false runs the region on the local thread and maps nothing. Each construct is a
// template on the element type T: its array sections count cells of T.
struct OpenACC {
  static constexpr std::string_view kName = "openacc";
  static constexpr std::string_view kHostSpace = "OpenACC on the host (-space host)";
  using Launch = directive::Launch;
  template <class T>
  using StepFunction = directive::StepFunction<T>;
  using LoopShapesFunction = directive::LoopShapesFunction;

  static std::string device_description() { return openacc::device_description(); }
  static bool gpu_found();
  template <class T>
  static directive::Kernel<OpenACC, T> kernel_of(const VariantInfo& variant);
  // On the host the constructs run on the local thread, so a host copy takes one thread too.
  static int host_threads() { return 1; }

  // On the step queue, so that the queue (and its CUDA stream, step_stream) exists before the first
  // step: libgomp creates a queue when something is first queued on it. The mapping itself is made
  // at once; create copies nothing.
  template <class T>
  static void enter([[maybe_unused]] T* p, std::size_t cells, bool on_device) {
#pragma acc enter data create(p [0:cells]) if (on_device) async(kStepQueue)
  }
  template <class T>
  static void leave([[maybe_unused]] T* p, std::size_t cells, bool on_device) {
    wait_for_steps(on_device);  // a queued step may still use the mirror
#pragma acc exit data delete (p [0:cells]) if (on_device)
  }
  template <class T>
  static T* device_address(T* p, bool on_device) {
    return on_device ? static_cast<T*>(acc_deviceptr(p)) : p;
  }
  template <class T>
  static void update_device([[maybe_unused]] T* grid, std::size_t count, bool on_device) {
#pragma acc update device(grid [0:count]) if (on_device)
  }
  template <class T>
  static void update_host([[maybe_unused]] T* grid, std::size_t count, bool on_device) {
#pragma acc update self(grid [0:count]) if (on_device)
  }
  template <class T>
  static void fill_nan(T* grid, std::size_t cells, bool on_device) {
    const long count = static_cast<long>(cells);
    const T nan = std::numeric_limits<T>::quiet_NaN();
#pragma acc parallel loop present(grid [0:count]) if (on_device) async(kStepQueue)
    for (long i = 0; i < count; ++i)
      grid[i] = nan;
  }

  // Every kernel and the poison are queued on kStepQueue (openacc/kernels.hpp): the host issues
  // a step without waiting for the last, so a step's kernel runs while the host launches the next.
  static constexpr bool kQueuedSteps = true;
  static void* step_stream(bool on_device) {
    return on_device ? acc_get_cuda_stream(kStepQueue) : nullptr;
  }
  static void wait_for_steps(bool on_device) {
    if (on_device)
      acc_wait(kStepQueue);
  }
};

// Generated from STENCIL_VARIANTS: a variant the openacc row does not name has no case.
#define STENCIL_OPENACC_KERNEL_CASE(name, ...)                                    \
  case Variant::name:                                                             \
    if constexpr (model_implements("openacc", #name))                             \
      return directive::Kernel<OpenACC, T>{&name##_step<T>, &name##_loop_shapes}; \
    break;

template <class T>
directive::Kernel<OpenACC, T> OpenACC::kernel_of(const VariantInfo& variant) {
  switch (variant.id) { STENCIL_VARIANTS(STENCIL_OPENACC_KERNEL_CASE) }
  throw UnsupportedRequest("-impl openacc has no kernel for variant " + std::string(variant.name));
}
#undef STENCIL_OPENACC_KERNEL_CASE

// libgomp adopts the context current on the thread that opens the device: the CUDA runtime's
// primary context goes first, so the CUDA memory kind shares its address space.
bool OpenACC::gpu_found() {
  static const bool found = [] {
    share_cuda_primary_context();
    return acc_get_device_type() != acc_device_host && acc_get_num_devices(acc_device_nvidia) > 0;
  }();
  return found;
}

}  // namespace

std::vector<std::string> space_names() {
  return directive::space_names<OpenACC>();
}

MemoryKind space_memory(std::string_view space) {
  return directive::space_memory(space);
}

std::string device_description() {
  if (!OpenACC::gpu_found())
    return "OpenACC host fallback (no GPU)";
  const int device = acc_get_device_num(acc_device_nvidia);
  const char* name = acc_get_property_string(device, acc_device_nvidia, acc_property_name);
  return "OpenACC on " + std::string(name != nullptr ? name : "an NVIDIA GPU") + " (device " +
         std::to_string(device) + ")";
}

std::vector<std::string_view> loop_shapes(const VariantInfo& variant) {
  return directive::loop_shapes<OpenACC>(variant);
}

std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space) {
  return directive::make_stepper<OpenACC>(config, space);
}

}  // namespace stencil::openacc
