// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The layout of a saved run (docs/hdf5.md): one group per saved iteration, each holding the state
// as dataset `u`, float32, N x N (2-D variants) or N (1-D variants), with an `iteration`
// attribute. The root group carries the run's attributes (N, stencil, variant, ...). The sample
// grids in inputs/ hold a single dataset /u instead.
#pragma once

#include <cstdint>
#include <string>

namespace stencil::io {

inline constexpr const char* kStateName = "u";
inline constexpr const char* kIterationAttribute = "iteration";
inline constexpr const char* kStepPrefix = "step_";

// "step_000100": at least six digits, so names sort by iteration up to 999999.
std::string step_group_name(std::int64_t iteration);
// "/step_000100/u"
std::string step_dataset_path(std::int64_t iteration);
// The iteration a "step_<digits>" group name stands for (any value of int64, compared as a
// number, not by name), or -1 for any other name.
std::int64_t parse_step_group_name(const std::string& name);

}  // namespace stencil::io
