// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/distributed_io.hpp"

#include <mpi.h>

#include <cstdio>
#include <random>

#include "io/atomic_file.hpp"
#include "io/dataset_ref.hpp"
#include "io/errors.hpp"
#include "io/grid_writer.hpp"
#include "io/output_path.hpp"
#include "io/save_set_id.hpp"
#include "io/tile_file_writer.hpp"
#include "io/xdmf.hpp"
#include "mpi/rank_agreement.hpp"
#include "stencil/grid_region.hpp"

namespace stencil::mpi {
namespace {

constexpr int kExitFailure = 1;

// A token no earlier save set of this output has (12 hex digits from rank 0's random device),
// the same on every rank.
std::string new_set_token() {
  unsigned long long token = 0;
  if (world_rank() == 0) {
    std::random_device device;
    token = (static_cast<unsigned long long>(device()) << 32) ^ device();
  }
  MPI_Bcast(&token, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  char text[io::kSetTokenLength + 1];
  std::snprintf(text, sizeof text, "%012llx", token & 0xffffffffffffULL);
  return text;
}

// The id of this save (io/save_set_id.hpp), drawn on rank 0, the same on every rank.
io::SaveSetId new_save_set_id() {
  io::SaveSetId id;
  if (world_rank() == 0)
    id = io::new_save_set_id();
  unsigned long long parts[2] = {id.high, id.low};
  MPI_Bcast(parts, 2, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  return io::SaveSetId{parts[0], parts[1]};
}

// The piece of the global grid a subgrid's tile file holds.
io::TilePiece piece_of(const Subgrid& subgrid) {
  io::TilePiece piece;
  piece.row0 = subgrid.rows.begin;
  piece.rows = subgrid.rows.count;
  piece.col0 = subgrid.cols.begin;
  piece.cols = subgrid.cols.count;
  return piece;
}

}  // namespace

Cells owned_cells(const Cells& local, const Subgrid& subgrid) {
  const GridRegion owned{subgrid.ghost_top, subgrid.rows.count, subgrid.ghost_left,
                         subgrid.cols.count};
  return local.visit([&](const auto& values) {
    using T = typename std::decay_t<decltype(values)>::value_type;
    std::vector<T> cells(static_cast<std::size_t>(owned.cells()));
    pack_region(values.data(), subgrid.local_cols(), owned, cells.data());
    return Cells(std::move(cells));
  });
}

Cells read_input_subgrid(const io::GridOutline& input, const Subgrid& subgrid, Precision precision,
                         std::ostream& err) {
  const int rank = world_rank();
  const int ranks = world_size();
  io::ReadRules rules;
  rules.dimensions = input.dimensions;
  rules.max_magnitude = io::max_input_magnitude(precision);
  std::string message;
  // Every byte of the state is checked once, by one rank: tile i of a virtual dataset by rank
  // i mod P (each from its own file, as written); a plain dataset by rank 0 (read_grid).
  int status = attempt(
      [&] {
        if (input.pieces.empty()) {
          if (rank == 0)
            io::read_grid({input.file, input.dataset}, rules);
          return;
        }
        for (std::size_t i = rank; i < input.pieces.size(); i += ranks)
          io::verify_tile(input, i, rules);
      },
      message);
  agree_or_throw(status, message, err);

  Cells local;
  status = attempt(
      [&] {
        local = widened(
            io::read_region(input, subgrid.rows.begin - subgrid.ghost_top, subgrid.local_rows(),
                            subgrid.cols.begin - subgrid.ghost_left, subgrid.local_cols()),
            precision);
      },
      message);
  agree_or_throw(status, message, err);
  return local;
}

struct DistributedSaver::Impl {
  std::ostream& err;
  int rank = 0;
  int ranks = 1;
  std::string set;
  io::SaveSetId save_set_id;
  std::vector<io::TilePiece> pieces;         // rank 0: every rank's, in rank order
  std::unique_ptr<io::GridFileWriter> main;  // rank 0
  std::unique_ptr<io::TileFileWriter> tile_file;
  explicit Impl(std::ostream& e) : err(e) {}
};

DistributedSaver::DistributedSaver(const std::string& output, bool compress,
                                   const io::RunMetadata& metadata, const ProcessGrid& grid,
                                   const Subgrid& subgrid, int depth, std::ostream& err)
    : impl_(std::make_unique<Impl>(err)) {
  Impl& s = *impl_;
  s.rank = world_rank();
  s.ranks = world_size();
  s.set = new_set_token();
  s.save_set_id = new_save_set_id();
  std::string message;
  // Rank 0 first: the output's lock and path checks refuse a busy or impossible output before
  // any rank creates a tile file beside it.
  int status = attempt(
      [&] {
        if (s.rank != 0)
          return;
        s.main = std::make_unique<io::GridFileWriter>(output, metadata, compress);
        // Under the output's lock, before any rank of this run creates a tile file.
        io::remove_stale_tile_temporaries(s.main->path());
        // Named from the file the output resolves to, and relative to its directory.
        for (int r = 0; r < grid.size(); ++r) {
          io::TilePiece piece =
              piece_of(subgrid_of(GlobalExtent::of(metadata.dimensions, metadata.n), grid,
                                  r / grid.cols, r % grid.cols, depth));
          piece.file = io::tile_file_name(s.main->path(), s.set, r, s.ranks);
          piece.save_set_id = s.save_set_id;
          s.pieces.push_back(piece);
        }
      },
      message);
  agree_or_throw(status, message, err);
  status = attempt(
      [&] {
        // Beside the file the output path resolves to (a symlink is followed), like the output.
        const std::string main_path = io::resolve_output_path(output);
        const std::string path = io::directory_of(main_path) + "/" +
                                 io::tile_file_name(main_path, s.set, s.rank, s.ranks);
        s.tile_file = std::make_unique<io::TileFileWriter>(
            path, metadata, piece_of(subgrid), s.rank, s.ranks, compress, s.save_set_id);
      },
      message);
  agree_or_throw(status, message, err);
}

DistributedSaver::~DistributedSaver() = default;

void DistributedSaver::save(std::int64_t iteration, const Cells& local, const Subgrid& subgrid) {
  Impl& s = *impl_;
  std::optional<std::uint64_t> hash;
  std::string message;
  int status = attempt(
      [&] { hash = s.tile_file->write_step(iteration, owned_cells(local, subgrid)); }, message);
  agree_or_throw(status, message, s.err);

  // Rank 0 records every tile's hash in the virtual dataset.
  const unsigned long long mine[2] = {hash.value_or(0), hash ? 1ULL : 0ULL};
  std::vector<unsigned long long> all(s.rank == 0 ? 2 * s.ranks : 0);
  MPI_Gather(mine, 2, MPI_UNSIGNED_LONG_LONG, all.data(), 2, MPI_UNSIGNED_LONG_LONG, 0,
             MPI_COMM_WORLD);
  status = attempt(
      [&] {
        if (s.rank != 0)
          return;
        for (int r = 0; r < s.ranks; ++r) {
          s.pieces[r].content_hash.reset();
          if (all[2 * r + 1] != 0)
            s.pieces[r].content_hash = all[2 * r];
        }
        s.main->write_virtual_step(iteration, s.pieces);
      },
      message);
  agree_or_throw(status, message, s.err);
  ++states_saved_;
}

void DistributedSaver::commit() {
  Impl& s = *impl_;
  std::string message;
  // 1. Every tile file complete (closed) on every rank; a failure removes all temporaries.
  int status = attempt([&] { s.tile_file->close(); }, message);
  agree_or_throw(status, message, s.err);
  // 2. Renamed to new names: nothing of an earlier set is touched yet.
  status = attempt([&] { s.tile_file->commit(); }, message);
  if (agree(status, message, s.err) != 0) {
    s.tile_file->remove();
    throw AgreedFailure(kExitFailure);
  }
  // 3. The output and its sidecar: the one rename that replaces the earlier set.
  status = attempt(
      [&] {
        if (s.rank == 0)
          s.main->commit(s.set);
      },
      message);
  if (const int agreed = agree(status, message, s.err); agreed != 0) {
    s.tile_file->remove();
    throw AgreedFailure(agreed);
  }
}

std::string DistributedSaver::output_text() const {
  const Impl& s = *impl_;
  if (!s.main)
    return "";
  return s.main->path() + " (+ " + s.main->sidecar_path() + ", " + std::to_string(s.ranks) +
         " tile files " + io::tile_file_name(s.main->path(), s.set, 0, s.ranks) + " ...)";
}

}  // namespace stencil::mpi
