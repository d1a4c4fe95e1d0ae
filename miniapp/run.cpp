// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run.hpp"

#include <memory>

#include "backends.hpp"
#include "initial_grid.hpp"
#include "io/grid_writer.hpp"
#include "options_config.hpp"
#include "save_schedule.hpp"
#include "stencil/compare.hpp"
#include "stencil/grid_sum.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "stencil_version.hpp"
#include "timed_loop.hpp"

namespace stencil::app {
namespace {

io::RunMetadata run_metadata(const Options& options, const VariantInfo& variant,
                             const InitialGrid& start, const Stepper& stepper) {
  io::RunMetadata m;
  m.precision = options.precision;
  m.dimensions = variant.dimensions;
  m.n = start.n;
  m.variant = options.variant;
  m.implementation = stepper.model();
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

RunSetup set_up(const Options& options) {
  RunSetup setup;
  setup.variant = options.variant_info;
  setup.start = initial_grid(options);
  const CheckedConfig config = config_from_options(options, setup.start.n);
  setup.stepper = open_stepper(options.implementation, options.space, config);
  if (!options.input.empty())
    read_initial_cells(options, setup.start);
  else
    setup.start.cells =
        random_cells(options.precision, cell_count(*setup.variant, setup.start.n), options.seed);

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
  // After the upload only -verify (and -output, for its first save) needs the initial state;
  // without them it goes now, so the host holds one grid at the final download
  // (RunConfig::host_copies).
  if (!options.verify && !setup.writer)
    setup.start.cells.release();
  // Module load, first touch and each kernel's first launch stay out of the timing.
  setup.stepper->warm_up_every_pass_depth();
  setup.stepper->fence();
  setup.stepper->copy_seconds(1);  // the same for the copy reference (fenced)
  return setup;
}

// The single-process run's part of the timed loop: its saves go to the one output file. The
// initial state goes once it is saved, unless -verify still needs it (RunConfig::host_copies).
class SingleProcessHooks : public LoopHooks {
 public:
  SingleProcessHooks(RunSetup& setup, bool keep_initial)
      : setup_(setup), keep_initial_(keep_initial) {}
  bool saves() const override { return setup_.writer != nullptr; }
  void save(std::int64_t step, Stepper& stepper) override {
    if (step == setup_.schedule.first) {
      setup_.writer->write_step(step, setup_.start.cells);
      if (!keep_initial_)
        setup_.start.cells.release();
      return;
    }
    Cells state = stepper.download();
    setup_.writer->write_step(step, state);
    if (step == setup_.schedule.last)
      final_state_ = std::move(state);
  }
  void commit() override { setup_.writer->commit(); }
  // The state the last save downloaded; empty when the last step was not saved.
  Cells take_final_state() { return std::move(final_state_); }

 private:
  RunSetup& setup_;
  bool keep_initial_;
  Cells final_state_;
};

RunResult result_of(const Options& options, RunSetup& setup, const LoopTimes& times,
                    Cells final_state) {
  Stepper& stepper = *setup.stepper;
  const VariantInfo& variant = *setup.variant;
  if (final_state.empty())
    final_state = stepper.download();

  RunResult result;
  result.variant = options.variant;
  result.implementation = stepper.model();
  result.execution_space = stepper.execution_space();
  result.precision = stepper.precision();
  result.dimensions = variant.dimensions;
  result.n = setup.start.n;
  result.iterations = options.iterations;
  if (variant.chunks == ChunkPolicy::fixed)
    result.chunks = std::to_string(options.chunks > 0 ? options.chunks : kDefaultChunks);
  if (variant.chunks == ChunkPolicy::tuned)
    result.chunks = options.chunks > 0 ? std::to_string(options.chunks) : "auto";
  result.fuse = stepper.deepest_pass();
  result.patch = variant.uses_shape(ShapeOption::patch) ? options.patch : 0;
  result.pitch = variant.uses_shape(ShapeOption::pitch) ? options.pitch : 0;
  result.seconds = times.compute_seconds;
  result.copy_ratio = measure::summarize(times.pairs, stepper.deepest_pass());
  result.io_seconds = times.io_seconds;
  result.first_step = setup.schedule.first;
  result.initial_state = setup.start.description;
  if (setup.writer) {
    result.states_saved = setup.writer->states_written();
    result.output = setup.writer->path() + " (+ " + setup.writer->sidecar_path() + ")";
  }
  result.checksum = grid_sum(final_state);
  result.commit = kGitCommit;
  result.model_version = version_of(result.implementation);
  result.verification = "skipped (use -verify)";
  if (options.verify) {
    // The initial state is not needed after this: moved in, it is the reference's first grid.
    const Cells expected =
        reference_run(variant, setup.start.n, options.iterations, std::move(setup.start.cells));
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
  SingleProcessHooks hooks(setup, options.verify);
  const LoopTimes times = run_timed_loop(*setup.stepper, setup.schedule, options.progress, hooks);
  return result_of(options, setup, times, hooks.take_final_state());
}

}  // namespace stencil::app
