// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/content_hash.hpp"

#include <cstring>

#if defined(STENCIL_HAVE_XXHASH)
#include <xxhash.h>
#endif

namespace stencil::io {

bool content_hash_available() {
#if defined(STENCIL_HAVE_XXHASH)
  return true;
#else
  return false;
#endif
}

std::optional<std::uint64_t> content_hash(const std::vector<float>& cells) {
#if defined(STENCIL_HAVE_XXHASH)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  // The hash is defined over little-endian bytes, whatever the host's order.
  std::vector<std::uint32_t> little(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    std::uint32_t bits;
    std::memcpy(&bits, &cells[i], sizeof bits);
    little[i] = __builtin_bswap32(bits);
  }
  return XXH3_64bits(little.data(), little.size() * sizeof(std::uint32_t));
#else
  return XXH3_64bits(cells.data(), cells.size() * sizeof(float));
#endif
#else
  (void)cells;
  return std::nullopt;
#endif
}

}  // namespace stencil::io
