#include "run.hpp"

#include <chrono>
#include <numeric>

#include "progress.hpp"
#include "runners.hpp"
#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "stencil_version.hpp"

namespace stencil::app {

RunResult run(const Options& options) {
  const VariantInfo& variant = *find_variant(options.variant);
  const RunConfig config{&variant, options.n, options.chunks, options.patch, options.pitch};
  auto runner = make_runner(options.implementation, config, options.space);

  const std::vector<float> initial = random_field(cell_count(variant, options.n), options.seed);
  runner->upload(initial);
  runner->warm_up();  // module load and first-touch stay out of the timing
  runner->fence();

  Progress progress(options.iterations, options.progress);
  const auto start = std::chrono::steady_clock::now();
  for (int done = 0; done < options.iterations;) {
    const int batch = progress.next_batch(done);
    for (int i = 0; i < batch; ++i)
      runner->step();
    done += batch;
    if (progress.enabled()) {
      runner->fence();
      progress.update(done);
    }
  }
  runner->fence();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.finish();

  // The in-run data-movement reference: copying the same bytes one step moves (one read and one
  // write of every cell), measured in the same process on the same buffers.
  constexpr int kCopyRepetitions = 20;
  runner->copy_seconds(1);  // warm-up
  const double copy_seconds = runner->copy_seconds(kCopyRepetitions) / kCopyRepetitions;

  const std::vector<float> final_state = runner->download();

  RunResult result;
  result.variant = options.variant;
  result.implementation = runner->implementation();
  result.execution_space = runner->execution_space();
  result.dimensions = variant.dimensions;
  result.n = options.n;
  result.iterations = options.iterations;
  result.chunks = variant.uses_chunks ? options.chunks : 0;
  result.patch = variant.uses_patch ? options.patch : 0;
  result.pitch = variant.uses_pitch ? options.pitch : 0;
  result.seconds = seconds;
  result.copy_seconds_per_step = copy_seconds;
  result.checksum = std::accumulate(final_state.begin(), final_state.end(), 0.0);
  result.commit = kGitCommit;
  result.verification = "skipped (use -verify)";
  if (options.verify) {
    const auto expected = reference_run(variant, options.n, options.iterations, initial);
    const GridDifference diff = compare_grids(final_state, expected);
    result.verification =
        diff.identical()
            ? "PASSED (bit-identical to the reference loop)"
            : "FAILED: " + describe_first_difference(diff, variant.dimensions == 2 ? options.n : 0);
  }
  return result;
}

}  // namespace stencil::app
