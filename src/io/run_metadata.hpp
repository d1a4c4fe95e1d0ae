// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a reader needs besides the grids, stored as attributes of a saved file's root group
// (docs/hdf5.md, "Root attributes"): the single file of a run, the main file of a run across
// ranks and each rank's tile file carry the same set.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>

#include "stencil/precision.hpp"

namespace stencil::io {

struct RunMetadata {
  int dimensions = 2;  // 2: states are N x N; 1: N cells
  std::int64_t n = 0;
  std::string variant;
  std::string implementation;
  std::string execution_space;
  std::string app_version;
  std::string app_commit;
  std::string initial_state;  // "random field, seed 20261130" or "file.h5:/step_000040/u"
  int save_every = 0;         // 0: only the initial and the final state are saved
  // The precision the run steps in, and so of every state the file holds (attribute `precision`,
  // "fp32" or "fp64", beside the datasets' own float32 or float64 type).
  Precision precision = kDefaultPrecision;
};

// Writes the attributes of `m` (plus the stencil's text and coefficients and the creation time)
// to `root`. Throws hdf5::Failure.
void write_run_attributes(hid_t root, const RunMetadata& m);

}  // namespace stencil::io
