// The copy rate of each (target, size) measured in this run, so every kernel row can carry its
// ratio to the copy limit. The copy benchmark of a size runs just before that size's kernels and
// records its rate here; a kernel whose copy benchmark was filtered out measures the copy itself.
#pragma once

#include <cstddef>

#include "targets.hpp"

namespace stencil::perf {

// Bytes a copy of `cells` floats moves, counted like a stencil step: each cell read and written.
double copy_bytes(std::size_t cells);

void record_copy_rate(const Backend& target, std::size_t cells, double gb_per_s);

// The recorded rate, or a fresh measurement (about 0.2 s of copies) when none was recorded.
double copy_rate(const Backend& target, std::size_t cells);

}  // namespace stencil::perf
