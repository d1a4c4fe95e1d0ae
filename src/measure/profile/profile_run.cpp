// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// profile_run with CUPTI: one warm-up step, a timed uninstrumented run, a run counting sectors and
// shared-memory requests and wavefronts in one scope, the report.
#include <cuda_runtime.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cuda/runtime/check.hpp"
#include "measure/profile/event_timer.hpp"
#include "measure/profile/kernel_attributes.hpp"
#include "measure/profile/kernel_names.hpp"
#include "measure/profile/launch_recorder.hpp"
#include "measure/profile/profile.hpp"
#include "measure/profile/sass_metrics.hpp"
#include "measure/profile/sass_sector_counter.hpp"
#include "measure/profile/shared_fallback.hpp"
#include "measure/profile/shared_metric_plan.hpp"
#include "stencil/initial_state.hpp"

namespace stencil::profile {
namespace {

// The launch record of a counted kernel: same name, or, when exactly one kernel was counted and
// one launched, that one (names can differ in spelling between the two CUPTI APIs).
const RecordedKernel* find_launches(const std::vector<RecordedKernel>& launched,
                                    const std::string& mangled, std::size_t counted_kernels) {
  for (const auto& kernel : launched) {
    if (kernel.mangled_name == mangled)
      return &kernel;
  }
  if (counted_kernels == 1 && launched.size() == 1)
    return &launched.front();
  return nullptr;
}

void add_launch_details(KernelProfile& k, const RecordedKernel& launch, int device,
                        std::vector<std::string>& notes) {
  k.launches_recorded = launch.launches;
  if (launch.shape) {
    k.grid = launch.shape->grid;
    k.block = launch.shape->block;
    k.dynamic_smem_bytes = launch.shape->dynamic_smem_bytes;
  }
  if (launch.shape_varied)
    notes.push_back(k.name +
                    ": the launch shape varied; block, grid and occupancy are the last "
                    "launch's");
  if (!launch.runtime_handle || !launch.shape) {
    notes.push_back(k.name +
                    ": the launch callback gave no usable kernel handle, so registers, "
                    "static shared memory and occupancy are unknown");
    return;
  }
  try {
    const KernelAttributes a =
        query_kernel_attributes(launch.runtime_handle, *launch.shape, device);
    k.registers_per_thread = a.registers_per_thread;
    k.static_smem_bytes = a.static_smem_bytes;
    k.theoretical_occupancy = a.theoretical_occupancy;
  } catch (const RuntimeFailure& e) {
    notes.push_back(k.name + ": registers and occupancy unknown (" + e.what() + ")");
  }
}

// What the counted run saw: sectors (and the extra metrics' sums), launches, and the shared-memory
// plan when its metrics were in the scope.
struct CountedRun {
  SectorCounts sectors;
  std::vector<RecordedKernel> launched;
  std::optional<SharedMetricPlan> shared_plan;
};

// 2. Counted: the launches in one SASS-metrics scope, with the shared-memory metrics appended to
// the sector metrics when `with_shared`. Patching takes effect only for launches queued after it
// is enabled on an idle device. Each call records its launches afresh, so a repeated run does not
// count the launches of a failed one.
CountedRun counted_run(Stepper& stepper, int launches, int device, bool with_shared) {
  STENCIL_CUDA_CHECK(cudaDeviceSynchronize());
  CountedRun run;
  LaunchRecorder recorder;
  std::vector<std::uint64_t> extra_ids;
  if (with_shared) {
    const std::string chip = sass_chip_name(device);
    run.shared_plan.emplace([&chip](const char* metric) { return find_sass_metric(chip, metric); });
    extra_ids = run.shared_plan->metric_ids();
  }
  {
    SassSectorCounter counter(device, std::move(extra_ids));
    for (int i = 0; i < launches; ++i)
      stepper.step();
    stepper.fence();
    STENCIL_CUDA_CHECK(cudaDeviceSynchronize());
    run.sectors = counter.finish();
  }
  run.launched = recorder.kernels();
  return run;
}

}  // namespace

std::string unavailable_reason() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    cudaGetLastError();  // clear it, so later checks start clean
    return std::string("no CUDA device (") + cudaGetErrorName(status) + ": " +
           cudaGetErrorString(status) + ")";
  }
  if (count == 0)
    return "no CUDA device found";
  return "";
}

ProfileReport profile_run(const StepperFactory& open, const ProfileRequest& request) {
  if (const std::string reason = unavailable_reason(); !reason.empty())
    throw ProfileUnavailable(reason);
  if (request.launches < 1)
    throw std::invalid_argument("profile_run needs at least one launch");
  const VariantInfo& variant = *request.config.variant;

  const std::unique_ptr<Stepper> stepper = open();
  const GridAccess grids = stepper->grids();
  if (grids.memory != MemoryKind::cuda) {
    throw UnsupportedRequest(
        "-profile sectors counts CUDA kernels, but this run uses " + stepper->model() + " on " +
        stepper->execution_space() +
        ": use a model or space whose grids are in CUDA device memory (see -list)");
  }
  int device = 0;
  STENCIL_CUDA_CHECK(cudaGetDevice(&device));
  const auto queue = static_cast<cudaStream_t>(grids.cuda_stream);

  stepper->upload(
      random_cells(request.config.precision, cell_count(variant, request.config.n), request.seed));
  stepper
      ->warm_up();  // module load, first touch and Kokkos' per-kernel setup stay out of both runs
  stepper->fence();

  // 1. Uninstrumented: device time between two events on the stepper's own stream.
  EventTimer timer;
  timer.start(queue);
  for (int i = 0; i < request.launches; ++i)
    stepper->step();
  timer.stop(queue);
  stepper->fence();
  const double elapsed_ms = timer.elapsed_ms();

  // 2. Counted, in one scope: a second cuptiSassMetricsSetConfig in this process would fail on
  // GH100, so sectors and shared memory cannot be counted in scopes of their own.
  std::vector<std::string> shared_notes;
  CountedRun run = count_with_shared_fallback(
      [&](bool with_shared) {
        return counted_run(*stepper, request.launches, device, with_shared);
      },
      shared_notes);
  std::vector<std::string> folded_notes;
  std::vector<std::string> launched_names;
  for (const auto& launch : run.launched)
    launched_names.push_back(launch.mangled_name);
  fold_device_functions(run.sectors, launched_names, folded_notes);
  const SectorCounts& counts = run.sectors;
  const std::vector<RecordedKernel>& launched = run.launched;
  const SharedCounts shared =
      run.shared_plan ? run.shared_plan->interpret(counts.extra_by_function) : SharedCounts{};

  ProfileReport report;
  report.variant = std::string(variant.name);
  report.implementation = stepper->model();
  report.execution_space = stepper->execution_space();
  report.precision = stepper->precision();
  report.dimensions = variant.dimensions;
  report.n = request.config.n;
  report.chunks = variant.uses_chunks() ? request.config.chunks : 0;
  report.launches = request.launches;
  report.iterations_per_launch = stepper->iterations_per_step();
  report.chip = counts.chip;
  report.sector_split = counts.split_method;
  report.step_time_ms = elapsed_ms / request.launches;
  report.notes.insert(report.notes.end(), folded_notes.begin(), folded_notes.end());

  if (counts.by_function.empty()) {
    throw RuntimeFailure("CUPTI's SASS metrics counted no instruction in " +
                         std::to_string(request.launches) + " launches (" +
                         std::to_string(launched.size()) +
                         " kernels launched): the kernels were not patched; see "
                         "docs/sectors.md, 'Order of calls'");
  }
  for (const auto& [mangled, sectors] : counts.by_function) {
    KernelProfile k;
    k.mangled_name = mangled;
    k.name = short_kernel_name(mangled);
    k.total_sectors = sectors.total;
    if (counts.split_available) {
      k.load_sectors = sectors.load;
      k.store_sectors = sectors.store;
      if (sectors.other > 0) {
        report.notes.push_back(k.name + ": " + std::to_string(sectors.other) +
                               " sectors are neither plain loads nor plain stores");
      }
    }
    if (const RecordedKernel* launch =
            find_launches(launched, mangled, counts.by_function.size())) {
      add_launch_details(k, *launch, device, report.notes);
    } else {
      report.notes.push_back(k.name + ": no launch callback matched this kernel");
    }
    add_shared_counts(k, shared, report.notes);
    // One kernel per step: the step time is this kernel's time per launch.
    if (counts.by_function.size() == 1 && launched.size() <= 1)
      k.time_per_launch_ms = report.step_time_ms;
    if (k.launches_recorded != static_cast<std::uint64_t>(request.launches)) {
      report.notes.push_back(k.name + ": " + std::to_string(k.launches_recorded) +
                             " launches recorded in the counted run, expected " +
                             std::to_string(request.launches));
    }
    report.kernels.push_back(std::move(k));
  }
  const bool paired_by_elimination = counts.by_function.size() == 1 && launched.size() == 1;
  for (const auto& launch : launched) {
    if (!paired_by_elimination && counts.by_function.count(launch.mangled_name) == 0) {
      report.notes.push_back(short_kernel_name(launch.mangled_name) + " was launched " +
                             std::to_string(launch.launches) +
                             " times but CUPTI counted none of its instructions");
    }
  }
  if (counts.by_function.size() > 1 || launched.size() > 1) {
    report.notes.push_back("a step launched several kernels: the time is per step, not per kernel");
  }
  if (counts.dropped_records > 0) {
    report.notes.push_back("CUPTI dropped " + std::to_string(counts.dropped_records) +
                           " SASS records: the counts are incomplete");
  }
  if (run.shared_plan) {
    for (const auto& metric : run.shared_plan->missing()) {
      report.notes.push_back("chip " + counts.chip + " offers no SASS metric " + metric +
                             ": the shared-memory columns that need it are empty");
    }
  }
  report.notes.insert(report.notes.end(), shared_notes.begin(), shared_notes.end());
  return report;
}

}  // namespace stencil::profile
