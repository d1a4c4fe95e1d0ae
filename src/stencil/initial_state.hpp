// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Deterministic initial states. Each cell's value depends only on its index and the seed, so any
// implementation can generate the same grid, and no value is zero or subnormal by construction.
#pragma once

#include <cstdint>
#include <vector>

#include "stencil/cells.hpp"

namespace stencil {

inline constexpr std::uint64_t kDefaultSeed = 20261130;

// Values k / 2^24 with k in [1, 2^24): uniform in (0, 1), exactly representable in float32.
float hashed_value(std::uint64_t index, std::uint64_t seed);

// The field of hashed values, in float or double: the same values in both (each is exact in
// float), so an fp32 and an fp64 run start from one state.
template <class T = float>
std::vector<T> random_field(std::size_t cells, std::uint64_t seed = kDefaultSeed);
// The same as cells of `precision`.
Cells random_cells(Precision precision, std::size_t cells, std::uint64_t seed = kDefaultSeed);

}  // namespace stencil
