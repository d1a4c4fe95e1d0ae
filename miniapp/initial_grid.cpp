#include "initial_grid.hpp"

#include <limits>

#include "io/dataset_ref.hpp"
#include "io/grid_reader.hpp"

namespace stencil::app {

io::ReadRules input_read_rules(int dimensions, const std::string& variant_name) {
  io::ReadRules rules;
  rules.dimensions = dimensions;
  rules.purpose = "the " + std::to_string(dimensions) + "-D variant '" + variant_name + "'";
  rules.max_magnitude = io::kMaxInputMagnitude;
  return rules;
}

void check_input_against_options(const Options& options, const std::string& where, int n,
                                 std::int64_t iteration) {
  if (options.n_given && options.n != n) {
    throw UsageError("-n " + std::to_string(options.n) + " disagrees with the input '" + where +
                     "', which has N = " + std::to_string(n) + " (drop -n: the input sets it)");
  }
  if (iteration > std::numeric_limits<std::int64_t>::max() - options.iterations) {
    throw UsageError("the input's iteration " + std::to_string(iteration) +
                     " leaves no room to count " + std::to_string(options.iterations) +
                     " more steps");
  }
}

InitialGrid initial_grid(const Options& options, const VariantInfo& variant) {
  InitialGrid grid;
  if (options.input.empty()) {
    grid.n = options.n;
    grid.description = "random field, seed " + std::to_string(options.seed);
    return grid;
  }
  const io::DatasetRef ref = io::parse_dataset_ref(options.input);
  io::GridState state =
      io::read_grid(ref, input_read_rules(variant.dimensions, std::string(variant.name)));
  check_input_against_options(options, ref.file + ":" + state.dataset, state.n, state.iteration);
  grid.n = state.n;
  grid.iteration = state.iteration;
  grid.description = ref.file + ":" + state.dataset;
  if (!state.unverified_reason.empty())
    grid.description += "; input not verified (" + state.unverified_reason + ")";
  grid.cells = std::move(state.cells);
  return grid;
}

}  // namespace stencil::app
