// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "distributed_run.hpp"

#include <climits>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends.hpp"
#include "distributed_result.hpp"
#include "initial_grid.hpp"
#include "io/errors.hpp"
#include "io/grid_reader.hpp"
#include "mpi/distributed_io.hpp"
#include "mpi/node_memory.hpp"
#include "mpi/rank_agreement.hpp"
#include "mpi/rank_domain.hpp"
#include "mpi/world.hpp"
#include "stencil/compare.hpp"
#include "stencil/grid_sum.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "stencil_version.hpp"
#include "thread_binding.hpp"
#include "timed_loop.hpp"

namespace stencil::app {
namespace {

constexpr int kExitFailure = 1;

// Everything a rank needs before the clock starts.
struct RankSetup {
  Options options;                               // as requested, with N from -input when given
  std::optional<io::GridOutline> input;          // -input, outlined (read after the ranks agree)
  std::unique_ptr<mpi::DistributedSaver> saver;  // -output (opened after the ranks agree)
  SaveSchedule schedule;                         // step numbers continue from the input's iteration
  std::unique_ptr<mpi::RankDomain> domain;       // subgrid, stepper and boundary exchange
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
  config.precision = options.precision;
  config.chunks = options.chunks;
  config.patch = options.patch;
  config.pitch = options.pitch;
  config.fuse = options.fuse;
  return config;
}

io::RunMetadata run_metadata(const RankSetup& setup) {
  io::RunMetadata m;
  m.precision = setup.options.precision;
  m.dimensions = setup.options.variant_info->dimensions;
  m.n = setup.options.n;
  m.variant = setup.options.variant;
  m.implementation = setup.domain->stepper().model();
  m.execution_space = setup.domain->stepper().execution_space() + " per rank";
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

RankSetup set_up(const Options& requested) {
  refuse_unsupported(requested);
  use_gpu_of_local_rank(mpi::local_rank());
  const std::vector<int> node = mpi::node_world_ranks();  // collective: before anything may throw
  RankSetup setup;
  setup.input = outline_input(requested);
  setup.options = requested;
  if (setup.input)
    setup.options.n = setup.input->n;
  const Options& options = setup.options;
  mpi::DomainRequest request;
  request.config = base_config(options);
  request.decomp = options.decomp;
  request.overlap = options.overlap;
  request.host_memory = steps_in_host_memory(options);
  request.open_stepper = [&options](const CheckedConfig& checked) {
    return open_stepper(options.implementation, options.space, checked);
  };
  setup.domain = std::make_unique<mpi::RankDomain>(request, node);
  const std::int64_t first = setup.input ? setup.input->iteration : 0;
  setup.schedule = SaveSchedule{first, first + options.iterations, options.save_every};
  if (!setup.input)  // an input is read once the ranks agree (read_input_subgrid is collective)
    setup.domain->start(setup.domain->initial_cells(options.seed));
  return setup;
}

// The MPI run's part of the timed loop: each step exchanges the ghost cells (mpi::RankDomain
// says how, with or without overlap), the ranks start together and line up before each copy, and
// saves go to the distributed save set. Each rank times itself.
class RankHooks : public LoopHooks {
 public:
  explicit RankHooks(RankSetup& setup) : setup_(setup) {}

  void before_loop(Stepper& /*stepper*/) override { setup_.domain->before_loop(); }
  void step(Stepper& /*stepper*/) override { setup_.domain->step(); }
  bool saves() const override { return setup_.saver != nullptr; }
  void save(std::int64_t iteration, Stepper& stepper) override {
    if (setup_.schedule.saves(iteration))  // collective
      setup_.saver->save(iteration, stepper.download(), setup_.domain->subgrid());
  }
  void commit() override { setup_.saver->commit(); }
  void before_copy() override { setup_.domain->before_copy(); }

 private:
  RankSetup& setup_;
};

// The job's step/copy pairs: each half the slowest rank's, as the job's time is.
std::vector<measure::CopyPair> slowest_pairs(std::vector<measure::CopyPair> pairs) {
  std::vector<double> seconds;
  for (const measure::CopyPair& pair : pairs) {
    seconds.push_back(pair.step_seconds);
    seconds.push_back(pair.copy_seconds);
  }
  mpi::max_over_ranks(seconds);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    pairs[i].step_seconds = seconds[2 * i];
    pairs[i].copy_seconds = seconds[2 * i + 1];
  }
  return pairs;
}

DistributedResult measure(const Options& options, RankSetup& setup, int rank) {
  mpi::RankDomain& domain = *setup.domain;
  RankHooks hooks(setup);
  const LoopTimes times =
      run_timed_loop(domain.stepper(), setup.schedule, options.progress && rank == 0, hooks);
  const std::optional<mpi::ExchangeCostModel> model = domain.calibrate_cost_model();
  Stepper& stepper = domain.stepper();
  const int steps = std::max(times.passes, 1);

  DistributedResult result;
  RunResult& run = result.run;
  run.variant = options.variant;
  run.implementation = stepper.model();
  run.execution_space = stepper.execution_space() + " per rank";
  run.precision = options.precision;
  run.dimensions = options.variant_info->dimensions;
  run.n = options.n;
  run.iterations = options.iterations;
  const VariantInfo& variant = *options.variant_info;
  if (variant.chunks == ChunkPolicy::fixed)
    run.chunks = std::to_string(options.chunks > 0 ? options.chunks : kDefaultChunks);
  if (variant.chunks == ChunkPolicy::tuned)
    run.chunks = options.chunks > 0 ? std::to_string(options.chunks) : "auto";
  run.fuse = stepper.deepest_pass();
  run.patch = variant.uses_shape(ShapeOption::patch) ? options.patch : 0;
  run.pitch = variant.uses_shape(ShapeOption::pitch) ? options.pitch : 0;
  run.seconds = mpi::max_over_ranks(times.compute_seconds);
  run.copy_ratio = measure::summarize(slowest_pairs(times.pairs), stepper.deepest_pass());
  run.initial_state = run_metadata(setup).initial_state;
  run.first_step = setup.schedule.first;
  run.io_seconds = mpi::max_over_ranks(times.io_seconds);
  if (setup.saver) {
    run.states_saved = setup.saver->states_saved();
    run.output = setup.saver->output_text();
  }
  run.commit = kGitCommit;
  run.model_version = version_of(run.implementation);
  run.thread_binding = thread_binding_note();

  result.ranks = domain.grid().size();
  result.decomposition = mpi::to_string(domain.grid());
  result.ghost_depth = domain.depth();
  result.step_seconds_min = mpi::min_over_ranks(times.compute_seconds) / steps;
  result.step_seconds_max = run.seconds / steps;
  const double loop_total = mpi::sum_over_ranks(times.compute_seconds);
  const double exchange_total = mpi::sum_over_ranks(domain.exchange_seconds());
  result.exchange_share = loop_total > 0.0 ? exchange_total / loop_total : 0.0;
  result.exchange_bytes_max = mpi::max_over_ranks(domain.bytes_sent());
  result.exchange_transport = domain.transport();
  result.overlap = domain.overlap();
  result.exchange_seconds_per_step = mpi::max_over_ranks(domain.exchange_seconds()) / steps;
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
void check(const RankSetup& setup, const Cells& global, RunResult& run) {
  const Options& options = setup.options;
  run.checksum = grid_sum(global);
  run.verification = "skipped (use -verify)";
  if (!options.verify)
    return;
  const VariantInfo& variant = *options.variant_info;
  Cells initial = setup.input
                      ? widened(io::read_grid({setup.input->file, setup.input->dataset}).cells,
                                options.precision)
                      : random_cells(options.precision, global.size(), options.seed);
  const Cells expected = reference_run(variant, options.n, options.iterations, std::move(initial));
  const GridDifference diff = compare_grids(global, expected);
  run.verification = diff.identical() ? "PASSED (bit-identical to the reference loop)"
                                      : "FAILED: " + describe_first_difference(diff, options.n);
}

}  // namespace

int run_distributed(const Options& options, std::ostream& out, std::ostream& err) {
  const int rank = mpi::world_rank();
  RankSetup setup;
  // Each phase's verdict is agreed by every rank: bad input is exit 2, anything else exit 1.
  auto agreed_phase = [&](auto&& phase) {
    std::string message;
    const int status = mpi::attempt(
        [&] {
          try {
            phase();
          } catch (const UsageError& e) {  // a bad option is bad input to the MPI layer too
            throw UnsupportedRequest(e.what());
          }
        },
        message);
    return mpi::agree(status, message, err);
  };
  if (const int agreed = agreed_phase([&] { setup = set_up(options); }); agreed != 0)
    return agreed;
  // NCCL only once every rank has its stepper: its set-up is collective and refuses on all ranks.
  if (options.halo == "nccl") {
    const int agreed = agreed_phase([&] { setup.domain->use_nccl(); });
    if (agreed != 0)
      return agreed;
  }

  try {
    mpi::RankDomain& domain = *setup.domain;
    if (setup.input)
      domain.start(
          mpi::read_input_subgrid(*setup.input, domain.subgrid(), setup.options.precision, err));
    if (!setup.options.output.empty()) {
      setup.saver = std::make_unique<mpi::DistributedSaver>(
          setup.options.output, setup.options.compress, run_metadata(setup), domain.grid(),
          domain.subgrid(), domain.depth(), err);
    }
    DistributedResult result = measure(setup.options, setup, rank);
    // A grid of more than INT_MAX cells is never gathered (-verify is refused for it).
    const bool gathered = domain.gathers();
    const Cells global = gathered ? domain.gather() : Cells(setup.options.precision, 0);
    const double subgrid_sum = gathered ? 0.0 : domain.subgrid_sum_checksum();
    int verdict = 0;
    if (rank == 0) {
      if (gathered) {
        check(setup, global, result.run);
      } else {
        result.run.checksum = subgrid_sum;
        result.run.verification =
            "skipped (grid not gathered; checksum = per-rank tile sums added in rank order)";
      }
      print_distributed_result(out, result, setup.options.format);
      out.flush();
      verdict = result.run.verification.rfind("FAILED", 0) == 0 ? kExitFailure : 0;
    }
    return mpi::from_rank_zero(verdict);
  } catch (const mpi::AgreedFailure& e) {
    return e.status();  // every rank threw it; the line is printed, temporaries go with `setup`
  } catch (const std::exception& e) {
    // Other ranks may be inside a collective: end the whole job rather than leave them waiting.
    err << "stencil_miniapp: error: rank " << rank << ": " << e.what() << "\n";
    err.flush();
    mpi::abort_job(kExitFailure);
    return kExitFailure;
  }
}

}  // namespace stencil::app
