// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Where a run starts: the deterministic random field, or a state saved by an earlier run (or a
// sample in inputs/) for a restart.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/grid_reader.hpp"
#include "options.hpp"
#include "stencil/cells.hpp"
#include "stencil/variants.hpp"

namespace stencil::app {

struct InitialGrid {
  std::int64_t n = 0;
  std::int64_t iteration = 0;  // step number of this state; a restart continues counting from it
  std::string description;     // "random field, seed S" or "run.h5:/step_000040/u"
  Cells cells;                 // empty until the run reads or generates them
  io::DatasetRef input;        // -input: the file and the dataset its outline chose; else empty
};

// Where the run starts, without its cells: for -input the file's outline (rank checked against
// the variant, N against -n if given), for the random field N and the description. The run fills
// the cells (read_initial_cells, or the random field) once open_stepper has checked that grids of
// that size fit, so an impossible size is refused before anything is allocated or read.
// Throws io::FileRejected for an unusable file and UsageError when -n disagrees with it.
InitialGrid initial_grid(const Options& options);
// Reads the -input state initial_grid() outlined into grid.cells, checking it in full, in the
// run's precision (an fp32 file widens exactly). Throws io::FileRejected.
void read_initial_cells(const Options& options, InitialGrid& grid);

// With -input, settles the run's precision against the file's: without -precision the run takes
// the file's; an fp32 file in an fp64 run widens exactly; an fp64 file in an fp32 run is refused
// (UsageError), as narrowing would round every cell. Throws io::FileRejected for an unusable
// file. Without -input, nothing.
void take_input_precision(Options& options);

// What every -input is read with, whole (one process) or subgrid by subgrid (under mpirun): the
// variant's rank, named in the message as "the <dimensions>-D variant '<name>'", and the bound on
// |cell| that keeps every step finite in the run's precision.
io::ReadRules input_read_rules(int dimensions, const std::string& variant_name,
                               Precision precision);
// The same for the run `options` asks for.
io::ReadRules input_read_rules(const Options& options);
// What every -input is checked for once its N and iteration are known: -n, if given, must equal
// the file's N, and the step counter must have room for -iters more steps after the file's
// iteration. `where` names the dataset ("file:dataset"). Throws UsageError.
void check_input_against_options(const Options& options, const std::string& where, std::int64_t n,
                                 std::int64_t iteration);

// -input as every rank of an MPI run sees it before the decomposition: N and the step number
// come from it; nullopt without -input. Local (no MPI); throws io::FileRejected for an unusable
// file and UsageError when -n disagrees.
std::optional<io::GridOutline> outline_input(const Options& options);
// "file.h5:/step_000040/u", with "; input not verified (...)" when it cannot be.
std::string input_description(const io::GridOutline& input);

}  // namespace stencil::app
