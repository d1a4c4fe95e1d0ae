// The benchmark suite, registered from the one variant table: for every size, for every target,
// first the copy reference, then every variant. Google Benchmark runs them in that order, so each
// kernel is compared with a copy measured moments before on the same target.
#pragma once

#include <vector>

#include "size_set.hpp"
#include "targets.hpp"

namespace stencil::perf {

// Names: copy/<target>/cells:<cells> and stencil/<variant>/<target>/n:<n>[/chunks:<chunks>],
// e.g. stencil/tiled/kokkos_openmp/n:4096. Counters of every row: gcells_per_s, gb_per_s
// (8 bytes per cell update), copy_gb_per_s, ratio_to_copy, cells, batch.
void register_suite(const std::vector<Backend>& targets, const std::vector<SizeClass>& sizes);

}  // namespace stencil::perf
