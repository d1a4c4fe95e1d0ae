// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// -output and -input under mpirun (docs/hdf5.md, "Runs across ranks"): one global view of the
// grid. Saving: every rank writes its owned tile to its own tile file next to the output, and
// rank 0 writes the output itself, whose /step_XXXXXX/u are virtual datasets joining the tiles
// into one N x N dataset. Restarting: every rank reads its tile plus halo as a hyperslab of the
// input's dataset (a plain single-process file or such a virtual one), after the ranks have
// shared out its verification. Every function here is collective over MPI_COMM_WORLD; a failure
// on any rank is agreed (one line, from the lowest failing rank) and thrown on every rank as
// AgreedFailure.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "io/grid_reader.hpp"
#include "io/run_metadata.hpp"
#include "mpi/decomposition.hpp"
#include "options.hpp"
#include "save_schedule.hpp"

namespace stencil::app {

// -input as every rank sees it before the decomposition: N and the step number come from it.
// Local (no MPI); throws io::FileRejected for an unusable file and UsageError when -n disagrees.
std::optional<io::GridOutline> outline_input(const Options& options);

// "file.h5:/step_000040/u", with "; input not verified (...)" when it cannot be.
std::string input_description(const io::GridOutline& input);

// Collective. Verifies the input (a virtual dataset's tiles shared out over the ranks, each
// read whole from its own file and checked against its hash; a plain dataset read and checked
// by rank 0), then returns this rank's local array (tile plus halo) read as a hyperslab.
std::vector<float> read_input_tile(const io::GridOutline& input, const mpi::Tile& tile,
                                   std::ostream& err);

class DistributedSaver {
 public:
  // Collective. Rank 0 creates the output (taking its lock) and every rank its tile file, all as
  // temporaries; a path that cannot take them is refused on every rank (exit 2).
  DistributedSaver(const Options& options, const io::RunMetadata& metadata,
                   const mpi::ProcessGrid& grid, const mpi::Tile& tile, int depth,
                   SaveSchedule schedule, std::ostream& err);
  ~DistributedSaver();
  DistributedSaver(const DistributedSaver&) = delete;
  DistributedSaver& operator=(const DistributedSaver&) = delete;

  // Whether the schedule saves the state at step `iteration` (the same on every rank).
  bool due(std::int64_t iteration) const { return schedule_.saves(iteration); }
  // Collective: the save hook of the loop. `local` is the stepper's downloaded local array
  // (tile plus halo); the rank's owned cells go to its tile file, rank 0 adds the virtual step.
  void save(std::int64_t iteration, const std::vector<float>& local, const mpi::Tile& tile);
  // Collective: the whole set or nothing. Every tile file is closed (written in full); only when
  // every rank succeeded are they renamed to their final names (new names, so nothing an earlier
  // set uses is touched), and then rank 0 renames the output and its sidecar, the one step that
  // replaces the earlier set; its tile files are removed after that.
  void commit();

  std::size_t states_saved() const { return states_saved_; }
  // "run.h5 (+ run.xmf, 4 tile files)" (rank 0).
  std::string output_text() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  SaveSchedule schedule_;
  std::size_t states_saved_ = 0;
};

// The checksum of a grid of more than INT_MAX cells, which is never gathered: every rank sums
// its owned cells row by row (double), and rank 0 adds the ranks' sums in rank order. Collective;
// the result is meaningful on rank 0. Not the one-process summation order.
double tile_sum_checksum(const std::vector<float>& local, const mpi::Tile& tile);

}  // namespace stencil::app
