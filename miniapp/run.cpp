#include "run.hpp"

#include <chrono>
#include <memory>
#include <numeric>

#include "initial_grid.hpp"
#include "io/grid_writer.hpp"
#include "progress.hpp"
#include "runners.hpp"
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
                             const InitialGrid& start, const StencilRunner& runner) {
  io::RunMetadata m;
  m.dimensions = variant.dimensions;
  m.n = start.n;
  m.variant = options.variant;
  m.implementation = runner.implementation();
  m.execution_space = runner.execution_space();
  m.app_version = kVersion;
  m.app_commit = kGitCommit;
  m.initial_state = start.description;
  m.save_every = options.save_every;
  return m;
}

}  // namespace

RunResult run(const Options& options) {
  const VariantInfo& variant = *find_variant(options.variant);
  InitialGrid start = initial_grid(options, variant);
  RunConfig config{&variant, start.n, options.chunks, options.patch, options.pitch};
  if (options.fuse > 0) config.fuse = options.fuse;
  auto runner = make_runner(options.implementation, config, options.space);
  // A step is one iteration, or k fused iterations for temporal; saves and the start of a
  // restart must fall on step boundaries.
  const int per_step = runner->iterations_per_step();
  if (per_step > 1 && (start.iteration % per_step != 0 || options.save_every % per_step != 0)) {
    throw UnsupportedRequest("-fuse " + std::to_string(per_step) +
                             " needs -save-every and the input's iteration to be multiples of " +
                             std::to_string(per_step));
  }
  if (start.cells.empty())
    start.cells = random_field(cell_count(variant, start.n), options.seed);

  // Opened before any compute, so an output path that cannot take a file fails at once.
  std::unique_ptr<io::GridFileWriter> writer;
  if (!options.output.empty()) {
    writer = std::make_unique<io::GridFileWriter>(
        options.output, run_metadata(options, variant, start, *runner), options.compress);
  }

  runner->upload(start.cells);
  runner->warm_up();  // module load and first-touch stay out of the timing
  runner->fence();

  // Steps are numbered from the initial state's iteration, so a restart continues the count.
  const SaveSchedule schedule{start.iteration, start.iteration + options.iterations,
                              options.save_every};
  double compute_seconds = 0.0;
  double io_seconds = 0.0;
  std::vector<float> final_state;
  if (writer) {
    const auto io_start = Clock::now();
    writer->write_step(schedule.first, start.cells);
    io_seconds += seconds_since(io_start);
  }

  Progress progress(options.iterations / per_step, options.progress);
  for (std::int64_t step = schedule.first; step < schedule.last;) {
    const int done = static_cast<int>((step - schedule.first) / per_step);
    std::int64_t stop = step + static_cast<std::int64_t>(progress.next_batch(done)) * per_step;
    if (writer)
      stop = std::min(stop, schedule.next_after(step));
    // The fence keeps the compute clock honest: launches may return before the device is done.
    const auto compute_start = Clock::now();
    for (; step < stop; step += per_step)
      runner->step();
    runner->fence();
    compute_seconds += seconds_since(compute_start);

    if (writer && schedule.saves(step)) {
      const auto io_start = Clock::now();
      std::vector<float> state = runner->download();
      writer->write_step(step, state);
      if (step == schedule.last)
        final_state = std::move(state);
      io_seconds += seconds_since(io_start);
    }
    progress.update(static_cast<int>((step - schedule.first) / per_step));
  }
  if (writer) {
    const auto io_start = Clock::now();
    writer->commit();
    io_seconds += seconds_since(io_start);
  }
  progress.finish();

  // The in-run data-movement reference: copying the same bytes one step moves (one read and one
  // write of every cell), measured in the same process on the same buffers.
  constexpr int kCopyRepetitions = 20;
  runner->copy_seconds(1);  // warm-up
  const double copy_seconds = runner->copy_seconds(kCopyRepetitions) / kCopyRepetitions;

  if (final_state.empty())
    final_state = runner->download();

  RunResult result;
  result.variant = options.variant;
  result.implementation = runner->implementation();
  result.execution_space = runner->execution_space();
  result.dimensions = variant.dimensions;
  result.n = start.n;
  result.iterations = options.iterations;
  if (variant.uses_chunks) {
    const bool tunes_own = variant.id == Variant::stream || variant.id == Variant::temporal;
    result.chunks = options.chunks > 0 ? std::to_string(options.chunks)
                    : tunes_own        ? "auto"
                                       : std::to_string(kDefaultChunks);
  }
  result.fuse = config.fuse;
  result.patch = variant.uses_patch ? options.patch : 0;
  result.pitch = variant.uses_pitch ? options.pitch : 0;
  result.seconds = compute_seconds;
  result.copy_seconds_per_step = copy_seconds;
  result.io_seconds = io_seconds;
  result.first_step = schedule.first;
  result.initial_state = start.description;
  if (writer) {
    result.states_saved = writer->states_written();
    result.output = writer->path() + " (+ " + writer->sidecar_path() + ")";
  }
  result.checksum = std::accumulate(final_state.begin(), final_state.end(), 0.0);
  result.commit = kGitCommit;
  result.verification = "skipped (use -verify)";
  if (options.verify) {
    const auto expected = reference_run(variant, start.n, options.iterations, start.cells);
    const GridDifference diff = compare_grids(final_state, expected);
    result.verification =
        diff.identical()
            ? "PASSED (bit-identical to the reference loop)"
            : "FAILED: " + describe_first_difference(diff, variant.dimensions == 2 ? start.n : 0);
  }
  return result;
}

}  // namespace stencil::app
