// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Deterministic initial states. Each cell's value depends only on its index and the seed, so any
// implementation can generate the same grid, and no value is zero or subnormal by construction.
#pragma once

#include <cstdint>
#include <vector>

namespace stencil {

inline constexpr std::uint64_t kDefaultSeed = 20261130;

// Values k / 2^24 with k in [1, 2^24): uniform in (0, 1), exactly representable in float32.
float hashed_value(std::uint64_t index, std::uint64_t seed);

std::vector<float> random_field(std::size_t cells, std::uint64_t seed = kDefaultSeed);

}  // namespace stencil
