// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One saved state as an HDF5 dataset (docs/hdf5.md, "File layout"): /step_<iteration>/u, float32
// or float64 (the state's own precision), chunked in whole rows of about 1 MiB with Fletcher32 on
// every chunk (optionally shuffle + gzip), with its `iteration` and `content_xxh3_64` attributes.
// The single-file writer stores the whole grid so; a rank's tile file stores its tile (rows x cols)
// the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "io/hdf5_handle.hpp"
#include "io/save_set_id.hpp"
#include "stencil/cells.hpp"

namespace stencil::io {

// The shape of a stored state: rank 1 (extent[0] cells) or rank 2 (extent[0] rows x extent[1]),
// and the precision of its cells.
struct StateShape {
  int rank = 2;
  hsize_t extent[2] = {0, 0};
  Precision precision = kDefaultPrecision;
  hsize_t cells() const { return rank == 2 ? extent[0] * extent[1] : extent[0]; }
};

// Why a state of cells.precision() is refused by the file `path` of `file_precision`: one line, for
// the std::logic_error of a writer asked to mix precisions in one file.
std::string other_precision_refusal(const std::string& path, const Cells& cells,
                                    Precision file_precision);

// Dataset-creation properties for states of `shape`. Throws hdf5::Failure.
hdf5::Handle state_dataset_properties(const StateShape& shape, bool compress);

// Creates the group and dataset of `iteration` in `file`, writes `cells` (row-major, shape.cells()
// of them, of shape.precision) and the attributes (with `save_set_id`, when given: a tile file's
// states), and flushes the file, so a full disk shows up at this state. Returns the content hash
// written (nullopt in a build without xxHash). Throws hdf5::Failure.
std::optional<std::uint64_t> write_state(hid_t file, hid_t dcpl, std::int64_t iteration,
                                         const StateShape& shape, const Cells& cells,
                                         const std::optional<SaveSetId>& save_set_id = {});

}  // namespace stencil::io
