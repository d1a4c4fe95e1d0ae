#include "openmp_copy.hpp"

#include <new>

#include "openmp/grid_buffer.hpp"
#include "openmp/stepper.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/stepper.hpp"

namespace stencil::perf {
namespace {

class OpenMPCopy final : public CopyReference {
 public:
  explicit OpenMPCopy(std::size_t cells) : cells_(cells) {
    require_memory(2 * cells * sizeof(float), host_available_bytes(), "host memory");
    try {
      from_ = openmp::GridBuffer(cells, 1.0f);
      to_ = openmp::GridBuffer(cells, 0.0f);
    } catch (const std::bad_alloc&) {
      throw UnsupportedRequest("cannot allocate two copy buffers of " + std::to_string(cells) +
                               " cells");
    }
  }

  std::string description() const override {
    return "parallel copy on " + openmp::thread_description();
  }
  // The parallel region ends with its threads joined: the copy is complete when this returns.
  void copy() override { openmp::parallel_copy(from_.data(), to_.data(), cells_); }
  void fence() override {}

 private:
  std::size_t cells_;
  openmp::GridBuffer from_;
  openmp::GridBuffer to_;
};

}  // namespace

std::unique_ptr<CopyReference> make_openmp_copy(std::size_t cells) {
  return std::make_unique<OpenMPCopy>(cells);
}

}  // namespace stencil::perf
