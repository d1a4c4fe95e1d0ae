// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// -output and -input under mpirun (docs/hdf5.md, "Runs across ranks"): one global view of the
// grid. Saving: every rank writes its owned subgrid to its own tile file next to the output, and
// rank 0 writes the output itself, whose /step_XXXXXX/u are virtual datasets joining the tile
// files into one N x N dataset. Restarting: every rank reads its subgrid plus ghost layer as a
// hyperslab of the input's dataset (a plain single-process file or such a virtual one), after the
// ranks have shared out its verification. "Tile" names the on-disk pieces only (the tile files, the
// HDF5 tile attributes, io/tile_piece.hpp); those names are part of the file format and stay. Every
// function here is collective over MPI_COMM_WORLD; a failure on any rank is agreed (one line, from
// the lowest failing rank) and thrown on every rank as AgreedFailure.
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
#include "stencil/cells.hpp"

namespace stencil::mpi {

// Collective. Verifies the input (a virtual dataset's tile files shared out over the ranks, each
// read whole from its own file and checked against its hash; a plain dataset read and checked
// by rank 0), then returns this rank's local array (subgrid plus ghost layer) read as a hyperslab,
// in the run's `precision` (an fp32 input widens exactly; the caller refused narrowing).
Cells read_input_subgrid(const io::GridOutline& input, const Subgrid& subgrid, Precision precision,
                         std::ostream& err);

class DistributedSaver {
 public:
  // Collective. Rank 0 creates the output at `output` (-output; taking its lock) and every rank
  // its tile file, all as temporaries; a path that cannot take them is refused on every rank
  // (exit 2). `compress`: -compress.
  DistributedSaver(const std::string& output, bool compress, const io::RunMetadata& metadata,
                   const ProcessGrid& grid, const Subgrid& subgrid, int depth, std::ostream& err);
  ~DistributedSaver();
  DistributedSaver(const DistributedSaver&) = delete;
  DistributedSaver& operator=(const DistributedSaver&) = delete;

  // Collective: the save hook of the loop, at each of the schedule's save points. `local` is the
  // stepper's downloaded local array (subgrid plus ghost layer); the rank's owned cells go to its
  // tile file, rank 0 adds the virtual step.
  void save(std::int64_t iteration, const Cells& local, const Subgrid& subgrid);
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
  std::size_t states_saved_ = 0;
};

// The owned cells of a local array (subgrid plus ghost layer), row-major.
Cells owned_cells(const Cells& local, const Subgrid& subgrid);

}  // namespace stencil::mpi
