// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stencil/run_config.hpp"

#include <string>

#include "stencil/stepper.hpp"

namespace stencil {
namespace {

int& shape_field(RunConfig& config, ShapeOption option) {
  switch (option) {
    case ShapeOption::pitch:
      return config.pitch;
    case ShapeOption::patch:
      return config.patch;
    case ShapeOption::fuse:
    case ShapeOption::none:
      break;
  }
  return config.fuse;
}

std::string choice_list(const ShapeOptionInfo& option) {
  std::string out;
  for (std::size_t i = 0; i < option.choice_count; ++i)
    out += (i == 0 ? "" : ", ") + std::to_string(option.choices[i]);
  return out;
}

}  // namespace

int RunConfig::shape_value() const {
  switch (variant->shape) {
    case ShapeOption::pitch:
      return pitch;
    case ShapeOption::patch:
      return patch;
    case ShapeOption::fuse:
      return fuse;
    case ShapeOption::none:
      break;
  }
  return 0;
}

std::size_t RunConfig::local_cells() const {
  if (variant->dimensions != 2)
    return static_cast<std::size_t>(n);
  return static_cast<std::size_t>(local_rows()) * static_cast<std::size_t>(local_cols());
}

namespace {

// A rectangle stands for a rank's part of a larger grid. Its size is limited by memory only, which
// the stepper checks before allocating.
void check_local_shape(const RunConfig& config) {
  if (config.variant->dimensions != 2) {
    throw UnsupportedRequest(std::string(config.variant->name) +
                             " is 1-D: a rows x cols local array needs a 2-D variant");
  }
  if (config.rows < 1 || config.cols < 1) {
    throw UnsupportedRequest("a local array needs at least one row and one column, got " +
                             std::to_string(config.rows) + " x " + std::to_string(config.cols));
  }
}

}  // namespace

CheckedConfig check_config(RunConfig config) {
  if (config.variant == nullptr)
    throw UnsupportedRequest("no variant given");
  const VariantInfo& variant = *config.variant;
  if (config.n < 1)
    throw UnsupportedRequest("N must be at least 1, got " + std::to_string(config.n));
  if (variant.dimensions == 2 && config.n > kMaxN2d) {
    throw UnsupportedRequest("N must be at most " + std::to_string(kMaxN2d) +
                             " for the 2-D variant " + std::string(variant.name) + ", got " +
                             std::to_string(config.n));
  }
  if (config.has_local_shape())
    check_local_shape(config);
  if (config.host_copies < 0)
    throw UnsupportedRequest("the host copy count must not be negative");
  if (config.chunks < 0)
    throw UnsupportedRequest("the chunk count must not be negative");
  if (variant.chunks == ChunkPolicy::fixed && config.chunks == 0)
    config.chunks = kDefaultChunks;
  if (!variant.uses_shape(ShapeOption::fuse))
    config.fuse = 1;
  else if (config.fuse == 0)
    config.fuse = kDefaultFuse;
  if (const ShapeOptionInfo* option = shape_option(variant.shape)) {
    const int value = shape_field(config, variant.shape);
    bool known = false;
    for (std::size_t i = 0; i < option->choice_count; ++i)
      known = known || option->choices[i] == value;
    if (!known) {
      throw UnsupportedRequest(std::string(variant.name) + ": -" + std::string(option->flag) +
                               " must be one of " + choice_list(*option) + ", got " +
                               std::to_string(value));
    }
  }
  return CheckedConfig(config);
}

}  // namespace stencil
