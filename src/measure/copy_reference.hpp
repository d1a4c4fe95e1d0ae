// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The reference data movement each size is compared against: copying the same bytes a stencil
// step moves (one grid read, one grid written) on the same target, with the definition of the
// target's memory kind that every run uses too (src/memory/grid_copy.hpp). A kernel's ratio
// to it survives a noisy machine, because both are measured in the same run.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "backends.hpp"

namespace stencil::measure {

// Same blocking shape as Stepper: copy() may return early, fence() waits.
class CopyReference {
 public:
  virtual ~CopyReference() = default;
  virtual std::string description() const = 0;  // e.g. "cudaMemcpyAsync device to device"
  virtual void copy() = 0;
  virtual void fence() = 0;
};

// Two buffers of `cells` cells of `precision` on the target. Throws UnsupportedRequest when they
// do not fit.
std::unique_ptr<CopyReference> make_copy_reference(const Backend& target, std::size_t cells,
                                                   Precision precision = kDefaultPrecision);

}  // namespace stencil::measure
