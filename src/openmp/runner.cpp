#include "openmp/runner.hpp"

#include <omp.h>

#include <chrono>
#include <limits>
#include <new>
#include <utility>

#include "openmp/grid_buffer.hpp"
#include "openmp/kernels.hpp"
#include "stencil/memory_budget.hpp"

namespace stencil::openmp {
namespace {

StepFunction step_function(Variant variant) {
  switch (variant) {
    case Variant::naive:
      return &naive_step;
    case Variant::tiled:
      return &tiled_step;
    case Variant::temporal:
      return &temporal_step;
    case Variant::naive1d:
      return &naive1d_step;
    case Variant::halo1d:
      return &halo1d_step;
    default:
      return nullptr;
  }
}

std::string kernel_names() {
  std::string names;
  for (const auto& v : kVariants) {
    if (has_kernel(v.id))
      names += (names.empty() ? "" : ", ") + std::string(v.name);
  }
  return names;
}

std::string proc_bind_name(omp_proc_bind_t bind) {
  switch (bind) {
    case omp_proc_bind_false:
      return "false";
    case omp_proc_bind_true:
      return "true";
    case omp_proc_bind_master:
      return "master";
    case omp_proc_bind_close:
      return "close";
    case omp_proc_bind_spread:
      return "spread";
  }
  return "unknown";
}

class OpenMPRunner final : public StencilRunner {
 public:
  explicit OpenMPRunner(const RunConfig& config)
      : config_(config), cells_(cell_count(*config.variant, config.n)) {
    step_ = step_function(config.variant->id);
    if (!step_) {
      throw UnsupportedRequest("-impl openmp has no kernel for variant '" +
                               std::string(config.variant->name) + "' (it has " + kernel_names() +
                               ")");
    }
    // The two grids, plus the driver's initial and final copies in the same memory.
    require_memory(4 * cells_ * sizeof(float), host_available_bytes(), "host memory");
    try {
      current_ = GridBuffer(cells_, 0.0f);
      next_ = GridBuffer(cells_, 0.0f);
    } catch (const std::bad_alloc&) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in host memory");
    }
  }

  std::string implementation() const override { return "openmp"; }
  std::string execution_space() const override { return thread_description(); }

  void upload(const std::vector<float>& cells) override {
    check_size(cells.size());
    parallel_copy(cells.data(), current_.data(), cells_);
  }

  void poison_next_output() override {
    parallel_fill(next_.data(), cells_, std::numeric_limits<float>::quiet_NaN());
  }

  // Each kernel is a whole parallel region, so a step has finished when it returns.
  void step() override {
    step_(current_.data(), next_.data(), config_.n, config_);
    std::swap(current_, next_);
  }
  void warm_up() override { step_(current_.data(), next_.data(), config_.n, config_); }
  int iterations_per_step() const override { return config_.fuse; }
  void fence() override {}

  std::vector<float> download() override {
    std::vector<float> cells(cells_);
    parallel_copy(current_.data(), cells.data(), cells_);
    return cells;
  }

  // The CPU copy reference: every thread copies its own static share of the same bytes a step
  // reads and writes, a plain SIMD loop like the kernels' (regular stores, no streaming hints).
  double copy_seconds(int repetitions) override {
    const auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < repetitions; ++r)
      parallel_copy(current_.data(), next_.data(), cells_);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  void check_size(std::size_t size) const {
    if (size != cells_) {
      throw std::invalid_argument("state has " + std::to_string(size) + " cells, expected " +
                                  std::to_string(cells_));
    }
  }

  RunConfig config_;
  std::size_t cells_;
  StepFunction step_ = nullptr;
  GridBuffer current_;
  GridBuffer next_;
};

}  // namespace

bool has_kernel(Variant variant) {
  return step_function(variant) != nullptr;
}

std::string thread_description() {
  return "native OpenMP (" + std::to_string(omp_get_max_threads()) + " threads, proc_bind " +
         proc_bind_name(omp_get_proc_bind()) + ")";
}

std::unique_ptr<StencilRunner> make_runner(const RunConfig& config) {
  return std::make_unique<OpenMPRunner>(config);
}

}  // namespace stencil::openmp
