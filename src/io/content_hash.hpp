// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A whole-grid content hash stored beside each saved state, so a restart can prove it reads the
// values that were written. HDF5's per-chunk Fletcher32 cannot: it does not see a 16-bit word
// changed between 0x0000 and 0xFFFF, and a damaged chunk index or filter mask hides the chunk
// from it altogether. The hash is xxHash's XXH3 (64 bits) from the system's libxxhash, over the
// cells as stored, little-endian float32 or float64 in row-major order (the file's own layout),
// so any tool can recompute it (Python: xxhash.xxh3_64_intdigest(u.astype("<f4").tobytes()) for
// a float32 state, "<f8" for a float64 one).
#pragma once

#include <cstdint>
#include <optional>

#include "stencil/cells.hpp"

namespace stencil::io {

// Unsigned 64-bit attribute of the dataset `u`.
inline constexpr const char* kContentHashAttribute = "content_xxh3_64";

// False when this build was configured without libxxhash (see the configuration summary): then
// outputs carry no hash and inputs are read unverified.
bool content_hash_available();

// XXH3-64 of the cells' little-endian bytes, 4 or 8 per cell by their precision; nullopt when
// !content_hash_available().
std::optional<std::uint64_t> content_hash(const Cells& cells);

}  // namespace stencil::io
