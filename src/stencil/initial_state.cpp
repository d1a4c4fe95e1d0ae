// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stencil/initial_state.hpp"

namespace stencil {

float hashed_value(std::uint64_t index, std::uint64_t seed) {
  // splitmix64 finaliser: a well-mixed 64-bit hash of (index, seed).
  std::uint64_t z = index + seed * 0x9E3779B97F4A7C15ull + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  const std::uint32_t k = static_cast<std::uint32_t>(z >> 40);  // 24 bits
  return static_cast<float>(k == 0 ? 1u : k) * (1.0f / 16777216.0f);
}

std::vector<float> random_field(std::size_t cells, std::uint64_t seed) {
  std::vector<float> values(cells);
  for (std::size_t i = 0; i < cells; ++i)
    values[i] = hashed_value(i, seed);
  return values;
}

}  // namespace stencil
