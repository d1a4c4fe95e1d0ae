// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stencil/initial_state.hpp"

#include "stencil/host_parallel.hpp"

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

template <class T>
std::vector<T> random_field(std::size_t cells, std::uint64_t seed) {
  std::vector<T> values(cells);
  // Each value depends on its index alone, so threads cannot change it; they matter on large
  // grids (N = 60000 is 3.6e9 hashes, seconds on one core) and would only cost on small ones.
  const std::int64_t count = static_cast<std::int64_t>(cells);
#pragma omp parallel for schedule(static) if (count > kParallelCells)
  for (std::int64_t i = 0; i < count; ++i)
    values[i] = hashed_value(static_cast<std::uint64_t>(i), seed);
  return values;
}

template std::vector<float> random_field(std::size_t, std::uint64_t);
template std::vector<double> random_field(std::size_t, std::uint64_t);

Cells random_cells(Precision precision, std::size_t cells, std::uint64_t seed) {
  return with_element_type(
      precision, [&](auto zero) { return Cells(random_field<decltype(zero)>(cells, seed)); });
}

}  // namespace stencil
