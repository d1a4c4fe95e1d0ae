#include "initial_grid.hpp"

#include <limits>

#include "io/dataset_ref.hpp"
#include "io/grid_reader.hpp"

namespace stencil::app {

InitialGrid initial_grid(const Options& options, const VariantInfo& variant) {
  InitialGrid grid;
  if (options.input.empty()) {
    grid.n = options.n;
    grid.description = "random field, seed " + std::to_string(options.seed);
    return grid;
  }
  const io::DatasetRef ref = io::parse_dataset_ref(options.input);
  io::ReadRules rules;
  rules.dimensions = variant.dimensions;
  rules.purpose = "the " + std::to_string(variant.dimensions) + "-D variant '" +
                  std::string(variant.name) + "'";
  io::GridState state = io::read_grid(ref, rules);
  if (options.n_given && options.n != state.n) {
    throw UsageError("-n " + std::to_string(options.n) + " disagrees with the input '" + ref.file +
                     ":" + state.dataset + "', which has N = " + std::to_string(state.n) +
                     " (drop -n: the input sets it)");
  }
  if (state.iteration > std::numeric_limits<std::int64_t>::max() - options.iterations) {
    throw UsageError("the input's iteration " + std::to_string(state.iteration) +
                     " leaves no room to count " + std::to_string(options.iterations) +
                     " more steps");
  }
  grid.n = state.n;
  grid.iteration = state.iteration;
  grid.description = ref.file + ":" + state.dataset;
  if (!state.unverified_reason.empty())
    grid.description += "; input not verified (" + state.unverified_reason + ")";
  grid.cells = std::move(state.cells);
  return grid;
}

}  // namespace stencil::app
