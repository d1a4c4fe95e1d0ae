// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reading one saved grid state, with every check a restart or a comparison relies on. Anything
// wrong with the file or the dataset is a FileRejected with one line naming the file, the dataset
// and the problem; nothing is allocated before the shape has been validated. A state is read in
// the precision it was saved in: an IEEE float32 or float64 dataset (either byte order) gives
// Cells of that precision; any other type is refused. Widening or narrowing for a run of another
// precision is the caller's choice.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "io/dataset_ref.hpp"
#include "io/tile_piece.hpp"
#include "stencil/cells.hpp"
#include "stencil/precision.hpp"

namespace stencil::io {

struct GridState {
  int dimensions = 2;          // rank of the dataset: 2 (N x N) or 1 (N cells)
  std::int64_t n = 0;          // N
  std::int64_t iteration = 0;  // the dataset's `iteration` attribute (0 when it has none)
  std::string dataset;         // the path read, e.g. /step_000100/u
  Cells cells;                 // row-major, y slowest, in the dataset's precision
  // Empty when the cells matched the dataset's content hash; otherwise why they could not be
  // verified (a file from h5py or an older version has no hash).
  std::string unverified_reason;
};

// The largest |cell| a restart that steps in `precision` accepts: the type's largest value / 8
// (FLT_MAX / 8 or DBL_MAX / 8). The 2-D stencil adds four neighbours before it weighs them, so
// cells up to this bound keep every step finite (with room for rounding); larger ones could turn
// a finite input into an Inf state that -input then refuses. The bound is that of the run's
// precision, not the file's: a float32 state widened for a float64 run has every value in range.
constexpr double max_input_magnitude(Precision precision) {
  return precision == Precision::fp64 ? std::numeric_limits<double>::max() / 8
                                      : double{std::numeric_limits<float>::max() / 8};
}

struct ReadRules {
  int dimensions = 0;             // required rank (1 or 2); 0 accepts either
  std::string purpose;            // who needs that rank, for the message ("the 2-D variant ...")
  bool allow_non_finite = false;  // stencil_check compares broken outputs too
  // Largest |cell| accepted (0: any finite value). A restart sets max_input_magnitude() of the
  // precision it steps in.
  double max_magnitude = 0.0;
};

// The state `ref` names: its dataset, or by default the last /step_*/u (by iteration number),
// or /u when the file has no step groups.
// A virtual dataset (a state saved across ranks, tile_piece.hpp) is read the same way, as one
// grid, assembled from the tile files themselves, after checking each tile file (present, stored in
// full, its own hash equal to the one the main file records) and then each tile's region of the
// cells read against the record.
GridState read_grid(const DatasetRef& ref, const ReadRules& rules = {});

// A state as a run across ranks reads it: every rank outlines it (no cells), the ranks share
// out its verification, then each reads only its region.
struct GridOutline {
  std::string file;
  std::string dataset;  // the path, e.g. /step_000100/u
  int dimensions = 2;
  std::int64_t n = 0;
  std::int64_t iteration = 0;
  Precision precision = kDefaultPrecision;  // of the dataset (and of every tile file)
  std::vector<TilePiece> pieces;            // a virtual dataset's tiles; empty for a plain dataset
  // Why the state cannot be verified ("" when it can): no content hash, no tile hashes.
  std::string unverified_reason;
};

// The dataset's shape, iteration and (virtual) tiles, with every check that needs no cells.
// Throws FileRejected.
GridOutline outline_grid(const DatasetRef& ref, const ReadRules& rules);

// Reads tile `index` of a virtual state from its own file and checks it in full: present,
// stored in full, its content hash equal to its own attribute and to the main file's record,
// and (unless allowed) finite. Throws FileRejected.
void verify_tile(const GridOutline& outline, std::size_t index, const ReadRules& rules);

// The cells of rows [row0, row0 + rows) x columns [col0, col0 + cols) (1-D: row0 0, rows 1),
// row-major: a hyperslab of a plain dataset, or of a virtual one's tile files read directly
// (never through the virtual dataset, whose lookup HDF5_VDS_PREFIX can send to other files), in
// the outline's precision. Throws FileRejected.
Cells read_region(const GridOutline& outline, std::int64_t row0, std::int64_t rows,
                  std::int64_t col0, std::int64_t cols);

}  // namespace stencil::io
