// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Picks a kernel's compile-time instantiation from a run-time shape value (-pitch, -patch,
// -fuse), for the dispatch STENCIL_VARIANTS generates in each implementation's stepper.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "stencil/variants.hpp"

// The values a shape option's kernels are instantiated for, by the option's token in
// STENCIL_VARIANTS.
#define STENCIL_SHAPE_CHOICES_pitch ::stencil::kTiledPitches
#define STENCIL_SHAPE_CHOICES_patch ::stencil::kPatchSizes
#define STENCIL_SHAPE_CHOICES_fuse ::stencil::kFuseDepths
// A model that runs the pipelined depths (native CUDA, Kokkos) dispatches over every -fuse value.
#define STENCIL_SHAPE_CHOICES_pipelined_fuse ::stencil::kAllFuseDepths

namespace stencil {
namespace detail {

template <const auto& kChoices, class Make, std::size_t... kIndex>
auto pick_instantiation(int value, Make make, std::index_sequence<kIndex...>) {
  decltype(make(std::integral_constant<int, kChoices[0]>{})) chosen{};
  ((value == kChoices[kIndex]
        ? (void)(chosen = make(std::integral_constant<int, kChoices[kIndex]>{}))
        : void()),
   ...);
  return chosen;
}

}  // namespace detail

// make(std::integral_constant<int, v>{}) for the v of kChoices that equals `value`; a
// value-initialised result (nullptr) when none does (check_config() refuses such values first).
template <const auto& kChoices, class Make>
auto pick_instantiation(int value, Make make) {
  return detail::pick_instantiation<kChoices>(value, make,
                                              std::make_index_sequence<kChoices.size()>{});
}

}  // namespace stencil
