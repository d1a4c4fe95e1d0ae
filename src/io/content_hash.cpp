// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/content_hash.hpp"

#include <cstring>
#include <type_traits>
#include <vector>

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

std::optional<std::uint64_t> content_hash(const Cells& cells) {
#if defined(STENCIL_HAVE_XXHASH)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  // The hash is defined over little-endian bytes, whatever the host's order.
  return cells.visit([](const auto& values) {
    using T = typename std::decay_t<decltype(values)>::value_type;
    using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
    std::vector<Bits> little(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      Bits bits;
      std::memcpy(&bits, &values[i], sizeof bits);
      if constexpr (sizeof(T) == 8)
        little[i] = __builtin_bswap64(bits);
      else
        little[i] = __builtin_bswap32(bits);
    }
    return std::optional<std::uint64_t>(XXH3_64bits(little.data(), little.size() * sizeof(Bits)));
  });
#else
  return XXH3_64bits(cells.data(), cells.bytes());
#endif
#else
  (void)cells;
  return std::nullopt;
#endif
}

}  // namespace stencil::io
