// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "suite.hpp"

#include <benchmark/benchmark.h>

#include <string>

#include "backends.hpp"
#include "batch_timing.hpp"
#include "measure/copy_reference.hpp"
#include "measure/interleaved_copy.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/variants.hpp"

namespace stencil::perf {
namespace {

// Google Benchmark calls a benchmark once per trial while it settles the iteration count, and the
// 1-D and 2-D variants of a size class share a cell count: generate each field once.
const Cells& initial_field(Precision precision, std::size_t cells) {
  static Cells field;
  if (field.size() != cells || field.precision() != precision) {
    field = Cells();  // free the previous size before allocating the next
    field = random_cells(precision, cells);
  }
  return field;
}

// Bytes a copy of `cells` cells moves, counted like a stencil step: each cell read and written.
double copy_bytes(std::size_t cells, Precision precision) {
  return bytes_per_cell_update(precision) * static_cast<double>(cells);
}

// `iterations_per_operation`: stencil iterations one timed operation performs (temporal fuses k;
// a copy counts as one).
void set_rate_counters(benchmark::State& state, std::size_t cells, Precision precision, int batch,
                       double seconds, int iterations_per_operation = 1) {
  const double cells_moved = static_cast<double>(cells) * batch * iterations_per_operation *
                             static_cast<double>(state.iterations());
  // Plain values (no Counter flags), so the numbers do not depend on how a Google Benchmark
  // version turns rates into per-second values under manual time.
  state.counters["gcells_per_s"] = cells_moved / seconds * 1e-9;
  state.counters["gb_per_s"] = cells_moved * bytes_per_cell_update(precision) / seconds * 1e-9;
  state.counters["cells"] = static_cast<double>(cells);
  state.counters["batch"] = batch;
}

// A kernel's ratio to the copy of its own bytes, by the run command's method: the copies are
// interleaved with the timed batches, and the ratio is the median of the step/copy pairs.
void set_ratio_counters(benchmark::State& state, std::size_t cells, Precision precision,
                        const measure::RatioSummary& ratio) {
  state.counters["copy_gb_per_s"] =
      copy_bytes(cells, precision) / ratio.median_seconds_per_copy * 1e-9;
  state.counters["ratio_to_copy"] = ratio.median;
  state.counters["ratio_q1"] = ratio.lower_quartile;
  state.counters["ratio_q3"] = ratio.upper_quartile;
  state.counters["ratio_pairs"] = ratio.pairs;
  state.counters["ratio_noisy"] = ratio.noisy() ? 1 : 0;
}

void time_copy(benchmark::State& state, const Backend& target, std::size_t cells,
               Precision precision) {
  try {
    auto copy = measure::make_copy_reference(target, cells, precision);
    copy->copy();  // warm-up, outside the timing
    copy->fence();
    const int batch = operations_per_batch(cells, target.on_gpu());
    const double seconds = time_batches(
        state, batch, [&] { copy->copy(); }, [&] { copy->fence(); });
    set_rate_counters(state, cells, precision, batch, seconds);
    state.counters["copy_gb_per_s"] = state.counters["gb_per_s"];  // its own limit
    state.counters["ratio_to_copy"] = 1.0;
    state.SetLabel(copy->description());
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
  }
}

void time_stencil(benchmark::State& state, const VariantInfo& variant, const Backend& target, int n,
                  Precision precision) {
  try {
    const std::size_t cells = cell_count(variant, n);
    // The variant's defaults (check_config): kDefaultChunks for a fixed chunk policy, auto for a
    // tuned one, the default of its shape option.
    auto stepper = open_stepper(target, check_config(RunConfig{&variant, n, precision}));
    stepper->upload(initial_field(precision, cells));
    stepper->warm_up();  // module load, first touch, caches: outside the timing
    stepper->fence();
    stepper->copy_seconds(1);  // the same for the copy reference
    const int batch = operations_per_batch(cells, target.on_gpu());
    const int iterations = batch * stepper->iterations_per_step();
    measure::InterleavedCopy copy;
    const double seconds = time_batches(
        state, batch, [&] { stepper->step(); }, [&] { stepper->fence(); },
        [&](double batch_seconds) {
          if (const int copies = copy.copies_after(iterations); copies > 0)
            copy.record(*stepper, batch_seconds, iterations, copies);
        });
    set_rate_counters(state, cells, precision, batch, seconds, stepper->iterations_per_step());
    set_ratio_counters(state, cells, precision,
                       measure::summarize(copy.pairs(), stepper->iterations_per_step()));
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
  }
}

benchmark::internal::Benchmark* with_manual_time(benchmark::internal::Benchmark* b) {
  return b->UseManualTime()->Unit(benchmark::kMillisecond);
}

void register_copy(const Backend& target, const SizeClass& size, Precision precision) {
  const std::string name = "copy/" + target.label() + "/" + std::string(precision_name(precision));
  with_manual_time(benchmark::RegisterBenchmark(
                       name.c_str(),
                       [target, cells = size.cells, precision](benchmark::State& state) {
                         time_copy(state, target, cells, precision);
                       }))
      ->Arg(static_cast<std::int64_t>(size.cells))
      ->ArgNames({"cells"});
}

void register_stencil(const VariantInfo& variant, const Backend& target, const SizeClass& size,
                      Precision precision) {
  const int n = variant.dimensions == 2 ? size.n_2d : size.n_1d;
  const std::string name = "stencil/" + std::string(variant.name) + "/" + target.label() + "/" +
                           std::string(precision_name(precision));
  auto* b = with_manual_time(benchmark::RegisterBenchmark(
      name.c_str(), [&variant, target, n, precision](benchmark::State& state) {
        time_stencil(state, variant, target, n, precision);
      }));
  // The chunk count shapes a chunked variant's launch, so it is part of its name; a variant that
  // tunes its own has chunks:0 (auto).
  if (variant.uses_chunks()) {
    const int chunks = variant.chunks == ChunkPolicy::fixed ? kDefaultChunks : 0;
    b->Args({n, chunks})->ArgNames({"n", "chunks"});
  } else {
    b->Arg(n)->ArgNames({"n"});
  }
}

}  // namespace

void register_suite(const std::vector<Backend>& targets, const std::vector<SizeClass>& sizes,
                    const std::vector<Precision>& precisions) {
  for (const Precision precision : precisions) {
    for (const auto& size : sizes) {
      for (const auto& target : targets) {
        if (!fits_in_memory(target, size, precision))
          continue;
        register_copy(target, size, precision);
        for (const auto& variant : kVariants) {
          // Only the variants the backend's model implements (its registry row).
          if (variant.implemented_by(target.implementation))
            register_stencil(variant, target, size, precision);
        }
      }
    }
  }
}

}  // namespace stencil::perf
