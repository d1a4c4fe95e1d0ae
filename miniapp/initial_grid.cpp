// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "initial_grid.hpp"

#include <limits>

#include "io/dataset_ref.hpp"
#include "io/errors.hpp"
#include "io/grid_reader.hpp"

namespace stencil::app {

io::ReadRules input_read_rules(int dimensions, const std::string& variant_name,
                               Precision precision) {
  io::ReadRules rules;
  rules.dimensions = dimensions;
  rules.purpose = "the " + std::to_string(dimensions) + "-D variant '" + variant_name + "'";
  rules.max_magnitude = io::max_input_magnitude(precision);
  return rules;
}

io::ReadRules input_read_rules(const Options& options) {
  return input_read_rules(options.variant_info->dimensions, options.variant, options.precision);
}

void take_input_precision(Options& options) {
  if (options.input.empty())
    return;
  const io::DatasetRef ref = io::parse_dataset_ref(options.input);
  const io::GridOutline outline = io::outline_grid(ref, input_read_rules(options));
  if (!options.precision_given) {
    options.precision = outline.precision;
  } else if (outline.precision == Precision::fp64 && options.precision == Precision::fp32) {
    throw UsageError("-precision fp32 would round every cell of the float64 input '" + ref.file +
                     ":" + outline.dataset +
                     "': run it in fp64 (drop -precision: a restart "
                     "takes its input's precision)");
  }
}

void check_input_against_options(const Options& options, const std::string& where, std::int64_t n,
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

InitialGrid initial_grid(const Options& options) {
  InitialGrid grid;
  if (options.input.empty()) {
    grid.n = options.n;
    grid.description = "random field, seed " + std::to_string(options.seed);
    return grid;
  }
  // The outline only: the cells are read once the stepper has checked that grids of this size fit.
  const io::DatasetRef ref = io::parse_dataset_ref(options.input);
  const io::GridOutline outline = io::outline_grid(ref, input_read_rules(options));
  check_input_against_options(options, ref.file + ":" + outline.dataset, outline.n,
                              outline.iteration);
  grid.n = outline.n;
  grid.iteration = outline.iteration;
  grid.description = ref.file + ":" + outline.dataset;
  grid.input = io::DatasetRef{ref.file, outline.dataset};
  return grid;
}

void read_initial_cells(const Options& options, InitialGrid& grid) {
  io::GridState state = io::read_grid(grid.input, input_read_rules(options));
  if (state.n != grid.n || state.iteration != grid.iteration) {
    throw io::FileRejected("input '" + grid.description + "' changed while it was being read");
  }
  if (!state.unverified_reason.empty())
    grid.description += "; input not verified (" + state.unverified_reason + ")";
  grid.cells = widened(std::move(state.cells), options.precision);
}

std::optional<io::GridOutline> outline_input(const Options& options) {
  if (options.input.empty())
    return std::nullopt;
  const io::DatasetRef ref = io::parse_dataset_ref(options.input);
  io::GridOutline outline = io::outline_grid(ref, input_read_rules(options));
  check_input_against_options(options, ref.file + ":" + outline.dataset, outline.n,
                              outline.iteration);
  return outline;
}

std::string input_description(const io::GridOutline& input) {
  std::string text = input.file + ":" + input.dataset;
  if (!input.unverified_reason.empty())
    text += "; input not verified (" + input.unverified_reason + ")";
  return text;
}

}  // namespace stencil::app
