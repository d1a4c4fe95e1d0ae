// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "distributed_run.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "backends.hpp"
#include "distributed_io.hpp"
#include "distributed_result.hpp"
#include "halo_model.hpp"
#include "io/errors.hpp"
#include "io/grid_reader.hpp"
#include "mpi/cartesian.hpp"
#include "mpi/halo_exchange.hpp"
#include "mpi/nccl_exchange.hpp"
#include "node_memory.hpp"
#include "rank_agreement.hpp"
#include "stencil/compare.hpp"
#include "stencil/grid_sum.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "stencil_version.hpp"
#include "thread_binding.hpp"
#include "timed_loop.hpp"

namespace stencil::app {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kExitFailure = 1;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Everything a rank needs before the clock starts.
struct RankSetup {
  Options options;                          // as requested, with N from -input when given
  std::optional<io::GridOutline> input;     // -input, outlined (read after the ranks agree)
  std::unique_ptr<DistributedSaver> saver;  // -output (opened after the ranks agree)
  SaveSchedule schedule;                    // step numbers continue from the input's iteration
  std::unique_ptr<mpi::CartesianGrid> ranks;
  mpi::GlobalExtent extent;  // N x N, or 1 x N for the 1-D variants
  mpi::Tile tile;
  int depth = 1;  // halo cells = iterations per step
  std::unique_ptr<Stepper> stepper;
  std::unique_ptr<mpi::HaloExchange> exchange;  // host-staged MPI; also the regions for NCCL
  std::unique_ptr<mpi::HaloTransport> nccl;     // -halo nccl
  mpi::HaloTransport* halos = nullptr;          // the one the loop uses
  bool overlap = false;  // send the next halos ahead and step while they travel
};

// The requests no rank can serve yet, refused before any rank allocates.
void refuse_unsupported(const Options& options) {
  if (options.variant_info->dimensions == 1 && options.decomp && options.decomp->rows != 1) {
    throw UnsupportedRequest(options.variant + " is 1-D: its ranks split the row, so -decomp " +
                             "must be 1xP (got " + mpi::to_string(*options.decomp) + ")");
  }
  if (!options.profile.empty())
    throw UnsupportedRequest("-profile runs in one process; drop mpirun");
  const std::int64_t n = options.n;
  const std::int64_t cells = options.variant_info->dimensions == 2 ? n * n : n;
  if (options.verify && cells > INT_MAX) {
    throw UnsupportedRequest(
        "-verify gathers the whole grid on rank 0 (MPI_Gatherv, whose int "
        "displacements reach " +
        std::to_string(INT_MAX) + " cells); N = " + std::to_string(n) + " has " +
        std::to_string(cells) + ": drop -verify, or run it in one process");
  }
}

RunConfig base_config(const Options& options) {
  RunConfig config;
  config.variant = options.variant_info;
  config.n = options.n;
  config.chunks = options.chunks;
  config.patch = options.patch;
  config.pitch = options.pitch;
  config.fuse = options.fuse;
  return config;
}

// The rank's tile values: the global grid's hashed_value at each cell's 64-bit global index, so
// the ranks together hold exactly the grid one process would (random_field over N x N).
std::vector<float> initial_tile(const mpi::Tile& tile, std::int64_t n, std::uint64_t seed) {
  std::vector<float> cells(static_cast<std::size_t>(tile.local_cells()));
  const std::int64_t row0 = tile.rows.begin - tile.halo_top;
  const std::int64_t col0 = tile.cols.begin - tile.halo_left;
  const std::int64_t cols = tile.local_cols();
  for (std::int64_t r = 0; r < tile.local_rows(); ++r) {
    for (std::int64_t c = 0; c < cols; ++c) {
      const auto global = static_cast<std::uint64_t>((row0 + r) * n + col0 + c);
      cells[static_cast<std::size_t>(r * cols + c)] = hashed_value(global, seed);
    }
  }
  return cells;
}

void start_stepper(RankSetup& setup, const std::vector<float>& local) {
  setup.stepper->upload(local);
  setup.stepper->warm_up();
  setup.stepper->fence();
  setup.stepper->copy_seconds(1);  // the copy reference's warm-up (fenced)
}

io::RunMetadata run_metadata(const RankSetup& setup) {
  io::RunMetadata m;
  m.dimensions = setup.options.variant_info->dimensions;
  m.n = setup.options.n;
  m.variant = setup.options.variant;
  m.implementation = setup.stepper->implementation();
  m.execution_space = setup.stepper->execution_space() + " per rank";
  m.app_version = kVersion;
  m.app_commit = kGitCommit;
  m.initial_state = setup.input ? input_description(*setup.input)
                                : "random field, seed " + std::to_string(setup.options.seed);
  m.save_every = setup.options.save_every;
  return m;
}

// Whether the stepper's grids live in host memory, which the ranks of a node share (a GPU
// stepper's live on its rank's own device).
bool steps_in_host_memory(const Options& options) {
  const std::vector<std::string> spaces = spaces_of(options.implementation);
  const std::string space =
      options.space.empty() && !spaces.empty() ? spaces.front() : options.space;
  for (const Backend& backend : backends()) {
    if (backend.implementation == options.implementation && backend.space == space)
      return !backend.on_gpu();
  }
  return true;
}

// This rank's index among the ranks of its node.
int local_rank() {
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int rank = 0;
  MPI_Comm_rank(node, &rank);
  MPI_Comm_free(&node);
  return rank;
}

RankSetup set_up(const Options& requested) {
  refuse_unsupported(requested);
  use_gpu_of_local_rank(local_rank());
  const std::vector<int> node = node_world_ranks();  // collective: before anything may throw
  RankSetup setup;
  setup.input = outline_input(requested);
  setup.options = requested;
  if (setup.input)
    setup.options.n = setup.input->n;
  const Options& options = setup.options;
  const int dimensions = options.variant_info->dimensions;
  setup.extent = mpi::GlobalExtent::of(dimensions, options.n);
  std::optional<mpi::ProcessGrid> forced = options.decomp;
  if (dimensions == 1 && !forced)
    forced = mpi::ProcessGrid{1, world_size()};
  try {
    setup.ranks = std::make_unique<mpi::CartesianGrid>(MPI_COMM_WORLD, forced);
  } catch (const std::invalid_argument& e) {
    throw UnsupportedRequest(e.what());
  }
  RunConfig config = base_config(options);
  // A 1 x 1 rectangle resolves the fuse depth before the rank's tile is known.
  RunConfig probe = config;
  if (dimensions == 2)
    probe.rows = probe.cols = 1;
  else
    probe.n = 1;
  setup.depth = check_config(probe)->iterations_per_step();
  const mpi::ProcessGrid& grid = setup.ranks->grid();
  if (const std::string problem = mpi::decomposition_problem(setup.extent, grid, setup.depth);
      !problem.empty()) {
    throw UnsupportedRequest(problem);
  }
  setup.tile = mpi::tile_of(setup.extent, grid, setup.ranks->grid_row(), setup.ranks->grid_col(),
                            setup.depth);
  // One rank owning the whole grid is the single-process run: no rectangle, so every
  // implementation serves it. A 1-D rank steps its piece of the row as a shorter 1-D array.
  if (grid.size() > 1 && dimensions == 2) {
    config.rows = static_cast<int>(setup.tile.local_rows());
    config.cols = static_cast<int>(setup.tile.local_cols());
  } else if (grid.size() > 1) {
    if (setup.tile.local_cols() > INT_MAX)
      throw UnsupportedRequest("a rank's piece of the 1-D grid exceeds one array; use more ranks");
    config.n = static_cast<int>(setup.tile.local_cols());
  }
  const CheckedConfig checked = check_config(config);  // its refusals first: they name the cause
  if (steps_in_host_memory(options))
    require_node_memory(node, setup.extent, grid, setup.depth);
  setup.stepper = open_stepper(options.implementation, options.space, checked);
  setup.exchange = std::make_unique<mpi::HaloExchange>(*setup.ranks, setup.tile, setup.depth,
                                                       setup.stepper.get());
  setup.halos = setup.exchange.get();
  setup.overlap = options.overlap && setup.stepper->iterations_per_step() == 1 && grid.size() > 1;
  const std::int64_t first = setup.input ? setup.input->iteration : 0;
  if (setup.depth > 1 && (first % setup.depth != 0 || options.save_every % setup.depth != 0)) {
    throw UnsupportedRequest("-fuse " + std::to_string(setup.depth) +
                             " needs -save-every and the input's iteration to be multiples of " +
                             std::to_string(setup.depth));
  }
  setup.schedule = SaveSchedule{first, first + options.iterations, options.save_every};
  if (!setup.input)  // an input is read once the ranks agree (read_input_tile is collective)
    start_stepper(setup, initial_tile(setup.tile, options.n, options.seed));
  return setup;
}

// The MPI run's part of the timed loop. Every step, without overlap: refresh the halos (as deep
// as the step's iterations), then step. With overlap: send the values the step is about to give
// the send regions (computed ahead from the current state), run the step while they travel, then
// write the received halos into the stepped state, which leaves it ready for the next step. The
// halo time is what the exchange calls take on this rank (packing, waiting, unpacking), the rest
// of the loop is the step. Each rank times itself; the ranks start together after a barrier.
class RankHooks : public LoopHooks {
 public:
  explicit RankHooks(RankSetup& setup) : setup_(setup) {}

  void before_loop(Stepper& stepper) override {
    if (setup_.overlap) {  // the halos of the initial state, which the first step reads
      setup_.halos->start(stepper);
      setup_.halos->finish(stepper);
      stepper.fence();
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  void step(Stepper& stepper) override {
    mpi::HaloTransport& halos = *setup_.halos;
    const auto start = Clock::now();
    if (setup_.overlap) {
      halos.start_stepped(stepper);
      halo_seconds_ += seconds_since(start);
      stepper.step();
      const auto wait = Clock::now();
      halos.finish(stepper);
      halo_seconds_ += seconds_since(wait);
    } else {
      halos.start(stepper);
      halos.finish(stepper);
      halo_seconds_ += seconds_since(start);
      stepper.step();
    }
    stepper.fence();
  }
  bool saves() const override { return setup_.saver != nullptr; }
  void save(std::int64_t iteration, Stepper& stepper) override {
    if (setup_.saver->due(iteration))  // collective
      setup_.saver->save(iteration, stepper.download(), setup_.tile);
  }
  void commit() override { setup_.saver->commit(); }
  // Every rank copies its own array at once: the copy reference of the whole job.
  void before_copy() override { MPI_Barrier(MPI_COMM_WORLD); }
  double halo_seconds() const { return halo_seconds_; }

 private:
  RankSetup& setup_;
  double halo_seconds_ = 0.0;
};

// The owned cells of every rank, assembled on rank 0 into the row-major N x N grid (MPI_Gatherv
// of the tiles, then each tile copied to its place). Empty on the other ranks.
std::vector<float> gather_grid(RankSetup& setup, int rank) {
  const mpi::Tile& tile = setup.tile;
  const GridRegion owned{tile.halo_top, tile.rows.count, tile.halo_left, tile.cols.count};
  const std::vector<float> local = setup.stepper->download();
  std::vector<float> mine(static_cast<std::size_t>(owned.cells()));
  pack_region(local.data(), tile.local_cols(), owned, mine.data());

  const mpi::ProcessGrid& grid = setup.ranks->grid();
  std::vector<int> counts(grid.size()), offsets(grid.size());
  std::int64_t total = 0;
  for (int r = 0; r < grid.size(); ++r) {
    const mpi::Tile t = mpi::tile_of(setup.extent, grid, r / grid.cols, r % grid.cols, setup.depth);
    counts[r] = static_cast<int>(t.rows.count * t.cols.count);
    offsets[r] = static_cast<int>(total);
    total += counts[r];
  }
  std::vector<float> tiles(rank == 0 ? static_cast<std::size_t>(total) : 0);
  MPI_Gatherv(mine.data(), static_cast<int>(mine.size()), MPI_FLOAT, tiles.data(), counts.data(),
              offsets.data(), MPI_FLOAT, 0, setup.ranks->comm());
  if (rank != 0)
    return {};
  std::vector<float> global(static_cast<std::size_t>(total));
  for (int r = 0; r < grid.size(); ++r) {
    const mpi::Tile t = mpi::tile_of(setup.extent, grid, r / grid.cols, r % grid.cols, setup.depth);
    const GridRegion place{t.rows.begin, t.rows.count, t.cols.begin, t.cols.count};
    unpack_region(global.data(), setup.extent.cols, place, tiles.data() + offsets[r]);
  }
  return global;
}

double reduce(double value, MPI_Op op) {
  double out = 0.0;
  MPI_Allreduce(&value, &out, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
  return out;
}

// The job's step/copy pairs: each half the slowest rank's, as the job's time is.
std::vector<measure::CopyPair> slowest_pairs(std::vector<measure::CopyPair> pairs) {
  std::vector<double> seconds;
  for (const measure::CopyPair& pair : pairs) {
    seconds.push_back(pair.step_seconds);
    seconds.push_back(pair.copy_seconds);
  }
  MPI_Allreduce(MPI_IN_PLACE, seconds.data(), static_cast<int>(seconds.size()), MPI_DOUBLE, MPI_MAX,
                MPI_COMM_WORLD);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    pairs[i].step_seconds = seconds[2 * i];
    pairs[i].copy_seconds = seconds[2 * i + 1];
  }
  return pairs;
}

DistributedResult measure(const Options& options, RankSetup& setup, int rank) {
  RankHooks hooks(setup);
  const LoopTimes times =
      run_timed_loop(*setup.stepper, setup.schedule, options.progress && rank == 0, hooks);
  // After the loop, so it cannot disturb it; host-staged MPI only (NCCL has no host staging).
  std::optional<HaloModel> model;
  if (setup.halos == setup.exchange.get() && setup.ranks->grid().size() > 1)
    model = calibrate_halo_model(*setup.ranks, *setup.exchange, *setup.stepper);
  Stepper& stepper = *setup.stepper;
  const int per_step = stepper.iterations_per_step();
  const int steps = options.iterations / per_step;

  DistributedResult result;
  RunResult& run = result.run;
  run.variant = options.variant;
  run.implementation = stepper.implementation();
  run.execution_space = stepper.execution_space() + " per rank";
  run.dimensions = options.variant_info->dimensions;
  run.n = options.n;
  run.iterations = options.iterations;
  const VariantInfo& variant = *options.variant_info;
  if (variant.chunks == ChunkPolicy::fixed)
    run.chunks = std::to_string(options.chunks > 0 ? options.chunks : kDefaultChunks);
  if (variant.chunks == ChunkPolicy::tuned)
    run.chunks = options.chunks > 0 ? std::to_string(options.chunks) : "auto";
  run.fuse = per_step;
  run.patch = variant.uses_shape(ShapeOption::patch) ? options.patch : 0;
  run.pitch = variant.uses_shape(ShapeOption::pitch) ? options.pitch : 0;
  run.seconds = reduce(times.compute_seconds, MPI_MAX);
  run.copy_ratio = measure::summarize(slowest_pairs(times.pairs));
  run.initial_state = run_metadata(setup).initial_state;
  run.first_step = setup.schedule.first;
  run.io_seconds = reduce(times.io_seconds, MPI_MAX);
  if (setup.saver) {
    run.states_saved = setup.saver->states_saved();
    run.output = setup.saver->output_text();
  }
  run.commit = kGitCommit;
  run.model_version = version_of(run.implementation);
  run.thread_binding = thread_binding_note();

  result.ranks = setup.ranks->grid().size();
  result.decomposition = mpi::to_string(setup.ranks->grid());
  result.halo_depth = setup.depth;
  result.step_seconds_min = reduce(times.compute_seconds, MPI_MIN) / steps;
  result.step_seconds_max = run.seconds / steps;
  const double loop_total = reduce(times.compute_seconds, MPI_SUM);
  result.halo_share = loop_total > 0.0 ? reduce(hooks.halo_seconds(), MPI_SUM) / loop_total : 0.0;
  std::int64_t bytes = setup.halos->bytes_sent();
  MPI_Allreduce(MPI_IN_PLACE, &bytes, 1, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
  result.halo_bytes_max = bytes;
  result.halo_transport = setup.halos->name();
  result.overlap = setup.overlap;
  result.halo_seconds_per_step = reduce(hooks.halo_seconds(), MPI_MAX) / steps;
  if (model) {
    result.model_latency_seconds = model->latency_seconds;
    result.model_bandwidth = model->bandwidth_bytes_per_second;
    result.model_staging_seconds = model->staging_seconds;
    result.model_messages = model->messages;
    result.model_seconds = model->predicted_seconds();
    result.model_measured_seconds = model->measured_seconds;
  }
  return result;
}

// Rank 0's checksum (summed in the single-process order, so it is the same number) and -verify,
// against the reference loop from the same initial state (the input, read again whole).
void check(const RankSetup& setup, const std::vector<float>& global, RunResult& run) {
  const Options& options = setup.options;
  run.checksum = grid_sum(global);
  run.verification = "skipped (use -verify)";
  if (!options.verify)
    return;
  const VariantInfo& variant = *options.variant_info;
  const auto initial = setup.input ? io::read_grid({setup.input->file, setup.input->dataset}).cells
                                   : random_field(global.size(), options.seed);
  const auto expected = reference_run(variant, options.n, options.iterations, initial);
  const GridDifference diff = compare_grids(global, expected);
  run.verification = diff.identical() ? "PASSED (bit-identical to the reference loop)"
                                      : "FAILED: " + describe_first_difference(diff, options.n);
}

}  // namespace

int run_distributed(const Options& options, std::ostream& out, std::ostream& err) {
  const int rank = world_rank();
  RankSetup setup;
  // Each phase's verdict is agreed by every rank: bad input is exit 2, anything else exit 1.
  auto agreed_phase = [&](auto&& phase) {
    std::string message;
    const int status = attempt(phase, message);
    return agree(status, message, err);
  };
  if (const int agreed = agreed_phase([&] { setup = set_up(options); }); agreed != 0)
    return agreed;
  // NCCL only once every rank has its stepper: its set-up is collective and refuses on all ranks.
  if (options.halo == "nccl") {
    const int agreed = agreed_phase([&] {
      setup.nccl = mpi::make_nccl_exchange(*setup.ranks, setup.tile, setup.depth, *setup.stepper);
      setup.halos = setup.nccl.get();
    });
    if (agreed != 0)
      return agreed;
  }

  try {
    if (setup.input)
      start_stepper(setup, read_input_tile(*setup.input, setup.tile, err));
    if (!setup.options.output.empty()) {
      setup.saver = std::make_unique<DistributedSaver>(setup.options, run_metadata(setup),
                                                       setup.ranks->grid(), setup.tile, setup.depth,
                                                       setup.schedule, err);
    }
    DistributedResult result = measure(setup.options, setup, rank);
    // A grid of more than INT_MAX cells is never gathered (-verify is refused for it).
    const bool gathered = setup.extent.rows * setup.extent.cols <= INT_MAX;
    const std::vector<float> global = gathered ? gather_grid(setup, rank) : std::vector<float>{};
    const double tile_sum =
        gathered ? 0.0 : tile_sum_checksum(setup.stepper->download(), setup.tile);
    int verdict = 0;
    if (rank == 0) {
      if (gathered) {
        check(setup, global, result.run);
      } else {
        result.run.checksum = tile_sum;
        result.run.verification =
            "skipped (grid not gathered; checksum = per-rank tile sums added in rank order)";
      }
      print_distributed_result(out, result, setup.options.format);
      out.flush();
      verdict = result.run.verification.rfind("FAILED", 0) == 0 ? kExitFailure : 0;
    }
    MPI_Bcast(&verdict, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return verdict;
  } catch (const AgreedFailure& e) {
    return e.status();  // every rank threw it; the line is printed, temporaries go with `setup`
  } catch (const std::exception& e) {
    // Other ranks may be inside a collective: end the whole job rather than leave them waiting.
    err << "stencil_miniapp: error: rank " << rank << ": " << e.what() << "\n";
    err.flush();
    MPI_Abort(MPI_COMM_WORLD, kExitFailure);
    return kExitFailure;
  }
}

}  // namespace stencil::app
