// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A state saved across MPI ranks (docs/hdf5.md, "Runs across ranks"): each rank writes its own
// tile, as /step_<iteration>/u of its own tile file next to the main file, and the main file's
// /step_<iteration>/u is an HDF5 virtual dataset (HDF5 >= 1.10) of the whole grid whose mappings
// put every tile in its place. Readers (h5py, h5dump, ParaView, this project's reader) see one
// N x N (or N) dataset. The mappings name the tile files relative to the main file's directory,
// so the set can be moved together.
//
// Integrity: every tile dataset carries its own content_xxh3_64, and the virtual dataset records
// the same hashes, in mapping order, in `tile_content_xxh3_64`. A reader hashes each tile's region
// of what it read and compares it with the record: a missing tile file (HDF5 reads its region as
// the fill value, NaN here, without an error), a damaged one or one from another save is refused.
// Every state of the set also carries the set's save_set_id (save_set_id.hpp), in the main file
// and in each tile file, which refuses a tile file of another save without any hash.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/hdf5_handle.hpp"
#include "io/save_set_id.hpp"
#include "stencil/cells.hpp"

namespace stencil::io {

inline constexpr const char* kTileHashesAttribute = "tile_content_xxh3_64";
// Hex digits of the token that names one save set's tile files.
inline constexpr std::size_t kSetTokenLength = 12;

struct TilePiece {
  std::int64_t row0 = 0;  // first global row; 0 for 1-D states
  std::int64_t rows = 1;  // 1 for 1-D states
  std::int64_t col0 = 0;  // first global column (cell, for 1-D)
  std::int64_t cols = 0;
  std::string file;  // the tile file as the mapping names it (relative to the main file)
  std::optional<std::uint64_t> content_hash;  // of the tile's cells, row-major
  // The save the tile belongs to, as the main file records it (one for every piece of a state);
  // nullopt in a file without ids.
  std::optional<SaveSetId> save_set_id;

  std::int64_t cells() const { return rows * cols; }
};

// "run.h5" -> "run.h5.<set>.rank3of4.h5": the tile file of `rank` in the save set `set` (a token
// that differs between saves, so a new set never overwrites the files an earlier main file
// names). Only the file name: the tile files sit in the main file's directory.
std::string tile_file_name(const std::string& main_file_name, const std::string& set, int rank,
                           int ranks);

// Removes the tile files of every other save set of the main file `main_path` (resolved): those
// of the set it replaced and those a killed run left. Names that only resemble them are kept.
void remove_other_tile_sets(const std::string& main_path, const std::string& keep_set);

// Removes the tile-file temporaries of any save set of `main_path` (resolved) whose writer no
// longer runs on this machine: a rank killed mid-save (SIGKILL) leaves one, and since every save
// names its set afresh, the sweep of the main file's own temporaries never matches it. Called by
// rank 0 under the output's lock, before any rank of this run creates a tile file.
void remove_stale_tile_temporaries(const std::string& main_path);

// Creates the virtual dataset `u` of the state in `group`: extent N x N (dimensions 2) or N, of
// the tiles' `precision` (float32 or float64), one mapping per piece onto /step_<iteration>/u of
// piece.file, fill value NaN, with the
// `iteration` attribute, when every piece has a hash, kTileHashesAttribute, and the pieces'
// save_set_id (which they must share). Returns the dataset, still open (its close is where HDF5
// reports a failed write). Throws hdf5::Failure.
hdf5::Handle create_virtual_state(hid_t group, int dimensions, std::int64_t n,
                                  std::int64_t iteration, const std::vector<TilePiece>& pieces,
                                  Precision precision);

// The pieces of the virtual dataset at `dataset_path`, of rank `dimensions` and extent n (x n):
// each mapping's region (which must be one block), its file as named, and the recorded hash.
// Throws FileRejected (naming `where`) unless the mappings cover the extent exactly once, each
// maps the whole dataset at `dataset_path` of a file named as tile file i of the count
// ("<stem>.<set>.rank<i>of<count>.h5", no directory, one stem and set for all), the record
// (if present) has one hash per mapping, and the save_set_id (if present) is well formed; every
// piece gets that id.
std::vector<TilePiece> read_virtual_pieces(hid_t dataset, const std::string& dataset_path,
                                           int dimensions, std::int64_t n,
                                           const std::string& where);

// Where a reader finds the tile file of a piece: in the directory of the file the main path
// resolves to (a symlink at it is followed, as the save followed it). This reader opens the tile
// files itself, never through HDF5's lookup, which HDF5_VDS_PREFIX can send elsewhere.
std::string tile_file_path(const std::string& main_file, const TilePiece& piece);

// Throws FileRejected when the region of each piece in `cells` (the whole state, row-major, n
// wide, in the tiles' precision) does not hash to the piece's recorded hash. Pieces without one
// are not checked.
void verify_tile_hashes(const Cells& cells, std::int64_t n, const std::vector<TilePiece>& pieces,
                        const std::string& main_file, const std::string& where);

}  // namespace stencil::io
