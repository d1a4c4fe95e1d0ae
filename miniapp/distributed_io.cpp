// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "distributed_io.hpp"

#include <mpi.h>

#include <cstdio>
#include <random>

#include "initial_grid.hpp"
#include "io/atomic_file.hpp"
#include "io/dataset_ref.hpp"
#include "io/errors.hpp"
#include "io/grid_writer.hpp"
#include "io/output_path.hpp"
#include "io/save_set_id.hpp"
#include "io/tile_file_writer.hpp"
#include "io/xdmf.hpp"
#include "rank_agreement.hpp"
#include "stencil/grid_region.hpp"

namespace stencil::app {
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

io::TilePiece piece_of(const mpi::Tile& tile) {
  io::TilePiece piece;
  piece.row0 = tile.rows.begin;
  piece.rows = tile.rows.count;
  piece.col0 = tile.cols.begin;
  piece.cols = tile.cols.count;
  return piece;
}

std::vector<float> owned_cells(const std::vector<float>& local, const mpi::Tile& tile) {
  const GridRegion owned{tile.halo_top, tile.rows.count, tile.halo_left, tile.cols.count};
  std::vector<float> cells(static_cast<std::size_t>(owned.cells()));
  pack_region(local.data(), tile.local_cols(), owned, cells.data());
  return cells;
}

}  // namespace

std::optional<io::GridOutline> outline_input(const Options& options) {
  if (options.input.empty())
    return std::nullopt;
  const io::DatasetRef ref = io::parse_dataset_ref(options.input);
  io::ReadRules rules = input_read_rules(options.variant_info->dimensions, options.variant);
  io::GridOutline outline = io::outline_grid(ref, rules);
  check_input_against_options(options, ref.file + ":" + outline.dataset, outline.n,
                              outline.iteration);
  return outline;
}

std::string input_description(const io::GridOutline& input) {
  std::string text = input.file + ":" + input.dataset;
  if (!input.unverified_reason.empty())
    text += "; input not verified (" + input.unverified_reason + ")";
  return text;
}

std::vector<float> read_input_tile(const io::GridOutline& input, const mpi::Tile& tile,
                                   std::ostream& err) {
  const int rank = world_rank();
  const int ranks = world_size();
  io::ReadRules rules;
  rules.dimensions = input.dimensions;
  rules.max_magnitude = io::kMaxInputMagnitude;
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

  std::vector<float> local;
  status = attempt(
      [&] {
        local = io::read_region(input, tile.rows.begin - tile.halo_top, tile.local_rows(),
                                tile.cols.begin - tile.halo_left, tile.local_cols());
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
  std::unique_ptr<io::TileFileWriter> tile;
  explicit Impl(std::ostream& e) : err(e) {}
};

DistributedSaver::DistributedSaver(const Options& options, const io::RunMetadata& metadata,
                                   const mpi::ProcessGrid& grid, const mpi::Tile& tile, int depth,
                                   SaveSchedule schedule, std::ostream& err)
    : impl_(std::make_unique<Impl>(err)), schedule_(schedule) {
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
        s.main = std::make_unique<io::GridFileWriter>(options.output, metadata, options.compress);
        // Under the output's lock, before any rank of this run creates a tile file.
        io::remove_stale_tile_temporaries(s.main->path());
        // Named from the file the output resolves to, and relative to its directory.
        for (int r = 0; r < grid.size(); ++r) {
          io::TilePiece piece =
              piece_of(mpi::tile_of(mpi::GlobalExtent::of(metadata.dimensions, metadata.n), grid,
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
        const std::string main_path = io::resolve_output_path(options.output);
        const std::string path = io::directory_of(main_path) + "/" +
                                 io::tile_file_name(main_path, s.set, s.rank, s.ranks);
        s.tile = std::make_unique<io::TileFileWriter>(path, metadata, piece_of(tile), s.rank,
                                                      s.ranks, options.compress, s.save_set_id);
      },
      message);
  agree_or_throw(status, message, err);
}

DistributedSaver::~DistributedSaver() = default;

void DistributedSaver::save(std::int64_t iteration, const std::vector<float>& local,
                            const mpi::Tile& tile) {
  Impl& s = *impl_;
  std::optional<std::uint64_t> hash;
  std::string message;
  int status =
      attempt([&] { hash = s.tile->write_step(iteration, owned_cells(local, tile)); }, message);
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
  int status = attempt([&] { s.tile->close(); }, message);
  agree_or_throw(status, message, s.err);
  // 2. Renamed to new names: nothing of an earlier set is touched yet.
  status = attempt([&] { s.tile->commit(); }, message);
  if (agree(status, message, s.err) != 0) {
    s.tile->remove();
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
    s.tile->remove();
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

double tile_sum_checksum(const std::vector<float>& local, const mpi::Tile& tile) {
  const std::vector<float> owned = owned_cells(local, tile);
  double sum = 0.0;
  for (const float cell : owned)
    sum += cell;
  const int ranks = world_size();
  std::vector<double> sums(world_rank() == 0 ? ranks : 0);
  MPI_Gather(&sum, 1, MPI_DOUBLE, sums.data(), 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double total = 0.0;
  for (const double part : sums)
    total += part;
  return total;
}

}  // namespace stencil::app
