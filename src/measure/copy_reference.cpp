// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/copy_reference.hpp"

#include <cmath>
#include <vector>

#include "memory/grid_copy.hpp"
#include "stencil/stepper.hpp"

namespace stencil::measure {
namespace {

// The target's grids for `cells` cells: a stepper of a 1-D variant of `cells` cells where the
// model has one, else of a 2-D variant of N x N = cells.
std::unique_ptr<Stepper> open_grids(const Backend& target, std::size_t cells, Precision precision) {
  const auto side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells))));
  for (const int dimensions : {1, 2}) {
    for (const VariantInfo& variant : kVariants) {
      if (variant.dimensions != dimensions || !variant.implemented_by(target.implementation))
        continue;
      const std::int64_t n = dimensions == 1 ? static_cast<std::int64_t>(cells) : side;
      if (cell_count(variant, n) == cells)
        return open_stepper(target, check_config(RunConfig{&variant, n, precision}));
    }
  }
  throw UnsupportedRequest("no grid of " + std::to_string(cells) + " cells on " + target.label());
}

// The memory kind's grid copy (memory/grid_copy.hpp) on the target's own grids.
class GridCopy final : public CopyReference {
 public:
  GridCopy(const Backend& target, std::size_t cells, Precision precision)
      : stepper_(open_grids(target, cells, precision)), cells_(cells) {
    // Every page touched before timing.
    stepper_->upload(with_element_type(stepper_->precision(), [&](auto zero) {
      return Cells(std::vector<decltype(zero)>(cells, decltype(zero)(1)));
    }));
  }
  std::string description() const override { return description_; }
  void copy() override { queue_grid_copy(stepper_->grids(), cells_); }
  void fence() override { stepper_->fence(); }

 private:
  std::unique_ptr<Stepper> stepper_;
  std::size_t cells_;
  std::string description_ = copy_description(stepper_->grids());
};

}  // namespace

std::unique_ptr<CopyReference> make_copy_reference(const Backend& target, std::size_t cells,
                                                   Precision precision) {
  return std::make_unique<GridCopy>(target, cells, precision);
}

}  // namespace stencil::measure
