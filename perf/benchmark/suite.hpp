// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The benchmark suite, registered from the one variant table: for every size, for every target,
// first the copy reference on its own, then every variant. Each variant's ratio to the copy comes
// from copies interleaved with its own timed batches (the run command's method,
// measure/interleaved_copy.hpp), so a machine whose load changes between rows still gives honest
// ratios.
#pragma once

#include <vector>

#include "size_set.hpp"
#include "stencil/precision.hpp"
#include "targets.hpp"

namespace stencil::perf {

// Names: copy/<target>/<precision>/cells:<cells> and
// stencil/<variant>/<target>/<precision>/n:<n>[/chunks:<chunks>], e.g.
// stencil/tiled/kokkos_openmp/fp64/n:4096; every precision of `precisions`, each a pass of its own.
// Counters of every row: gcells_per_s, gb_per_s (8 bytes per cell update in fp32, 16 in fp64),
// copy_gb_per_s, ratio_to_copy, cells, batch; the stencil rows also ratio_q1, ratio_q3,
// ratio_pairs and ratio_noisy (the interleaved pairs' quartiles).
void register_suite(const std::vector<Backend>& targets, const std::vector<SizeClass>& sizes,
                    const std::vector<Precision>& precisions);

}  // namespace stencil::perf
