// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The entry points every directive model exports (<model>/stepper.hpp: its spaces, their memory,
// its loop shapes and its stepper), written once over the model's `Model` struct
// (directive/mirrored_stepper.hpp), which adds to the constructs there:
//   gpu_found()            whether the model's runtime found an offload device
//   kernel_of<T>(variant)  the model's Kernel<Model, T> for a variant (throws UnsupportedRequest)
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "directive/mirrored_stepper.hpp"
#include "stencil/loop_shape.hpp"
#include "stencil/stepper.hpp"

namespace stencil::directive {

// -space gpu where the runtime found a device, and always -space host.
template <class Model>
std::vector<std::string> space_names() {
  if (Model::gpu_found())
    return {"gpu", "host"};
  return {"host"};
}

inline MemoryKind space_memory(std::string_view space) {
  return space == "gpu" ? MemoryKind::cuda : MemoryKind::host;
}

// The variant's loop shapes, default first; none where the model has no kernel for it.
template <class Model>
std::vector<std::string_view> loop_shapes(const VariantInfo& variant) {
  try {
    // The shapes are the same in both precisions.
    return Model::template kernel_of<float>(variant).shapes();
  } catch (const UnsupportedRequest&) {
    return {};
  }
}

// The stepper for -space gpu (the default where a device was found), or host, in the config's
// precision; the loop shape from STENCIL_LOOP_SHAPE (stencil/loop_shape.hpp).
template <class Model>
std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space) {
  const std::string name(Model::kName);
  typename Model::Launch launch;
  if (space == "host") {
    launch.on_device = false;
  } else if (space.empty() || space == "gpu") {
    launch.on_device = Model::gpu_found();
    if (space == "gpu" && !launch.on_device)
      throw UnsupportedRequest("-impl " + name + " -space gpu: " + Model::device_description());
  } else {
    throw UnsupportedRequest("-impl " + name + " has no execution space '" + std::string(space) +
                             "' (its spaces: gpu, host)");
  }
  return with_element_type(config->precision, [&](auto zero) -> std::unique_ptr<Stepper> {
    using T = decltype(zero);
    const Kernel<Model, T> kernel = Model::template kernel_of<T>(*config->variant);
    launch.loop_shape = loop_shape_from_environment(name, config->variant->name, kernel.shapes());
    return std::make_unique<MirroredStepper<Model, T>>(config, kernel, launch);
  });
}

}  // namespace stencil::directive
