// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One rank's file of a save across ranks (tile_piece.hpp): the run's root attributes plus where
// the tile lies (`rank`, `ranks`, `tile_rows` and `tile_cols` as [first, count]), and one
// /step_<iteration>/u per saved state holding the rank's owned cells, stored like a single-file
// state (chunks, Fletcher32, iteration, content_xxh3_64) plus the save's save_set_id. Written as a
// temporary beside its final name; the save across ranks (miniapp/distributed_io.hpp) renames it
// only when every rank's file is complete.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "io/run_metadata.hpp"
#include "io/save_set_id.hpp"
#include "io/tile_piece.hpp"
#include "stencil/cells.hpp"

namespace stencil::io {

class TileFileWriter {
 public:
  // Creates the temporary beside `path` and writes the root attributes; every state it writes
  // carries `save_set_id`, the id of the save across ranks it is part of. Throws FileRejected
  // when the directory cannot take a file, WriteFailed when writing fails.
  TileFileWriter(const std::string& path, const RunMetadata& metadata, const TilePiece& place,
                 int rank, int ranks, bool compress, const SaveSetId& save_set_id);
  // Not committed: removes the temporary. Committed but then undone: see remove().
  ~TileFileWriter();
  TileFileWriter(const TileFileWriter&) = delete;
  TileFileWriter& operator=(const TileFileWriter&) = delete;

  // Writes the tile's cells (row-major, place.rows x place.cols, of metadata.precision: one file
  // holds one precision, std::logic_error otherwise) as /step_<iteration>/u and returns their
  // content hash (nullopt without xxHash). Throws WriteFailed.
  std::optional<std::uint64_t> write_step(std::int64_t iteration, const Cells& tile);
  // Closes the HDF5 file: every byte is written (a full disk shows up here). Throws WriteFailed.
  void close();
  // Flushes the file to the disk and renames it to its final path. Throws WriteFailed.
  void commit();
  // Removes the file at its final path after commit(), when the set it belongs to failed.
  void remove();

  const std::string& path() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace stencil::io
