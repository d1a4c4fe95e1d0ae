// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Saving a run: the states of chosen iterations go into one HDF5 file (layout in grid_file.hpp),
// written as a temporary next to the final path and renamed into place with its XDMF sidecar only
// by commit(). A run that fails or is killed before that leaves the final path as it was.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/run_metadata.hpp"
#include "io/tile_piece.hpp"
#include "stencil/cells.hpp"

namespace stencil::io {

class GridFileWriter {
 public:
  // Creates the temporaries and writes the root attributes. Every state goes in as
  // metadata.precision (float32 or float64). Throws FileRejected when the output
  // path cannot take a file (missing or read-only directory, a directory of that name), and
  // WriteFailed when writing fails; `compress` needs HDF5's gzip filter (FileRejected if absent).
  GridFileWriter(const std::string& path, const RunMetadata& metadata, bool compress);
  // Without commit(): removes the temporaries; the final path and its sidecar are untouched.
  ~GridFileWriter();
  GridFileWriter(const GridFileWriter&) = delete;
  GridFileWriter& operator=(const GridFileWriter&) = delete;

  // Writes /step_<iteration>/u and flushes the file, so a full disk shows up here, at the state
  // that did not fit. Iterations must increase, and the cells must be of the file's precision
  // (one file holds one precision; std::logic_error otherwise). Throws WriteFailed.
  void write_step(std::int64_t iteration, const Cells& cells);
  // Writes /step_<iteration>/u as a virtual dataset of the whole grid that maps each piece's
  // region onto /step_<iteration>/u of the piece's own file (a run across ranks: one tile file
  // per rank, see tile_piece.hpp), with the pieces' content hashes recorded. Iterations must
  // increase. Throws WriteFailed.
  void write_virtual_step(std::int64_t iteration, const std::vector<TilePiece>& pieces);
  // Closes the file, writes the XDMF sidecar and renames both into place; then removes tile
  // files of this output other than those of `tile_set` (the set the virtual steps name; none
  // for a single-process run), which no main file refers to any more. Throws WriteFailed.
  void commit(const std::string& tile_set = "");

  const std::string& path() const;
  std::string sidecar_path() const;
  std::size_t states_written() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace stencil::io
