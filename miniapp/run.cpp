#include "run.hpp"

#include <chrono>
#include <memory>
#include <numeric>

#include "backends.hpp"
#include "initial_grid.hpp"
#include "io/grid_writer.hpp"
#include "progress.hpp"
#include "run_config.hpp"
#include "save_schedule.hpp"
#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "stencil_version.hpp"

namespace stencil::app {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

io::RunMetadata run_metadata(const Options& options, const VariantInfo& variant,
                             const InitialGrid& start, const Stepper& stepper) {
  io::RunMetadata m;
  m.dimensions = variant.dimensions;
  m.n = start.n;
  m.variant = options.variant;
  m.implementation = stepper.implementation();
  m.execution_space = stepper.execution_space();
  m.app_version = kVersion;
  m.app_commit = kGitCommit;
  m.initial_state = start.description;
  m.save_every = options.save_every;
  return m;
}

// Everything a run needs before the clock starts.
struct RunSetup {
  const VariantInfo* variant = nullptr;
  InitialGrid start;
  std::unique_ptr<Stepper> stepper;
  std::unique_ptr<io::GridFileWriter> writer;  // null without -output
  SaveSchedule schedule;
};

// What the timed loop measured and the state it ended with.
struct LoopOutcome {
  double compute_seconds = 0.0;
  double io_seconds = 0.0;
  std::vector<float> final_state;  // set when the last step was saved anyway
};

RunSetup set_up(const Options& options) {
  RunSetup setup;
  setup.variant = options.variant_info;
  setup.start = initial_grid(options, *setup.variant);
  const CheckedConfig config = checked_config(options, setup.start.n);
  setup.stepper = open_stepper(options.implementation, options.space, config);
  // A step is one iteration, or k fused iterations for temporal; saves and the start of a
  // restart must fall on step boundaries.
  const int per_step = config->iterations_per_step();
  if (per_step > 1 &&
      (setup.start.iteration % per_step != 0 || options.save_every % per_step != 0)) {
    throw UnsupportedRequest("-fuse " + std::to_string(per_step) +
                             " needs -save-every and the input's iteration to be multiples of " +
                             std::to_string(per_step));
  }
  if (setup.start.cells.empty())
    setup.start.cells = random_field(cell_count(*setup.variant, setup.start.n), options.seed);

  // Opened before any compute, so an output path that cannot take a file fails at once.
  if (!options.output.empty()) {
    setup.writer = std::make_unique<io::GridFileWriter>(
        options.output, run_metadata(options, *setup.variant, setup.start, *setup.stepper),
        options.compress);
  }
  // Steps are numbered from the initial state's iteration, so a restart continues the count.
  setup.schedule = SaveSchedule{setup.start.iteration, setup.start.iteration + options.iterations,
                                options.save_every};
  setup.stepper->upload(setup.start.cells);
  setup.stepper->warm_up();  // module load and first-touch stay out of the timing
  setup.stepper->fence();
  return setup;
}

LoopOutcome timed_loop(const Options& options, RunSetup& setup) {
  Stepper& stepper = *setup.stepper;
  const SaveSchedule& schedule = setup.schedule;
  const int per_step = stepper.iterations_per_step();
  LoopOutcome outcome;
  if (setup.writer) {
    const auto io_start = Clock::now();
    setup.writer->write_step(schedule.first, setup.start.cells);
    outcome.io_seconds += seconds_since(io_start);
  }

  Progress progress(options.iterations / per_step, options.progress);
  for (std::int64_t step = schedule.first; step < schedule.last;) {
    const int done = static_cast<int>((step - schedule.first) / per_step);
    std::int64_t stop = step + static_cast<std::int64_t>(progress.next_batch(done)) * per_step;
    if (setup.writer)
      stop = std::min(stop, schedule.next_after(step));
    // The fence keeps the compute clock honest: launches may return before the device is done.
    const auto compute_start = Clock::now();
    for (; step < stop; step += per_step)
      stepper.step();
    stepper.fence();
    outcome.compute_seconds += seconds_since(compute_start);

    if (setup.writer && schedule.saves(step)) {
      const auto io_start = Clock::now();
      std::vector<float> state = stepper.download();
      setup.writer->write_step(step, state);
      if (step == schedule.last)
        outcome.final_state = std::move(state);
      outcome.io_seconds += seconds_since(io_start);
    }
    progress.update(static_cast<int>((step - schedule.first) / per_step));
  }
  if (setup.writer) {
    const auto io_start = Clock::now();
    setup.writer->commit();
    outcome.io_seconds += seconds_since(io_start);
  }
  progress.finish();
  return outcome;
}

RunResult result_of(const Options& options, RunSetup& setup, LoopOutcome outcome) {
  Stepper& stepper = *setup.stepper;
  const VariantInfo& variant = *setup.variant;
  // The in-run data-movement reference: copying the same bytes one step moves (one read and one
  // write of every cell), measured in the same process on the same buffers.
  constexpr int kCopyRepetitions = 20;
  stepper.copy_seconds(1);  // warm-up
  const double copy_seconds = stepper.copy_seconds(kCopyRepetitions) / kCopyRepetitions;

  std::vector<float> final_state = std::move(outcome.final_state);
  if (final_state.empty())
    final_state = stepper.download();

  RunResult result;
  result.variant = options.variant;
  result.implementation = stepper.implementation();
  result.execution_space = stepper.execution_space();
  result.dimensions = variant.dimensions;
  result.n = setup.start.n;
  result.iterations = options.iterations;
  if (variant.chunks == ChunkPolicy::fixed)
    result.chunks = std::to_string(options.chunks > 0 ? options.chunks : kDefaultChunks);
  if (variant.chunks == ChunkPolicy::tuned)
    result.chunks = options.chunks > 0 ? std::to_string(options.chunks) : "auto";
  result.fuse = stepper.iterations_per_step();
  result.patch = variant.uses_shape(ShapeOption::patch) ? options.patch : 0;
  result.pitch = variant.uses_shape(ShapeOption::pitch) ? options.pitch : 0;
  result.seconds = outcome.compute_seconds;
  result.copy_seconds_per_step = copy_seconds;
  result.io_seconds = outcome.io_seconds;
  result.first_step = setup.schedule.first;
  result.initial_state = setup.start.description;
  if (setup.writer) {
    result.states_saved = setup.writer->states_written();
    result.output = setup.writer->path() + " (+ " + setup.writer->sidecar_path() + ")";
  }
  result.checksum = std::accumulate(final_state.begin(), final_state.end(), 0.0);
  result.commit = kGitCommit;
  result.model_version = version_of(result.implementation);
  result.verification = "skipped (use -verify)";
  if (options.verify) {
    const auto expected =
        reference_run(variant, setup.start.n, options.iterations, setup.start.cells);
    const GridDifference diff = compare_grids(final_state, expected);
    result.verification = diff.identical()
                              ? "PASSED (bit-identical to the reference loop)"
                              : "FAILED: " + describe_first_difference(
                                                 diff, variant.dimensions == 2 ? setup.start.n : 0);
  }
  return result;
}

}  // namespace

RunResult run(const Options& options) {
  RunSetup setup = set_up(options);
  LoopOutcome outcome = timed_loop(options, setup);
  return result_of(options, setup, std::move(outcome));
}

}  // namespace stencil::app
