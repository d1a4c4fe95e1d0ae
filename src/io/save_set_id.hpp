// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The identity of one save across ranks (docs/hdf5.md, "Runs across ranks"): 128 bits drawn
// afresh for every save, written on every state of the main file and of each of its tile files.
// A reader refuses a tile file whose id is not the main file's, so a tile file of another save
// copied over one of this set is refused even where no content hash is there to catch it (a
// file written without xxHash, or stripped of its hashes). The 12 hex digits in the tile files'
// names keep sets apart on disk; they are too short to prove which save a file is from, and a
// copied file keeps the name it is given.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <optional>
#include <string>

namespace stencil::io {

// Two unsigned 64-bit integers (high, low) on each dataset `u` of a save across ranks.
inline constexpr const char* kSaveSetIdAttribute = "save_set_id";

struct SaveSetId {
  std::uint64_t high = 0;
  std::uint64_t low = 0;

  friend bool operator==(const SaveSetId& a, const SaveSetId& b) {
    return a.high == b.high && a.low == b.low;
  }
  friend bool operator!=(const SaveSetId& a, const SaveSetId& b) { return !(a == b); }
  // 32 lowercase hex digits, high first.
  std::string text() const;
};

// 128 bits from std::random_device, mixed with the clock and the process id, so that two saves
// differ even where the random device is weak.
SaveSetId new_save_set_id();

// Writes kSaveSetIdAttribute on `object`. Throws hdf5::Failure.
void write_save_set_id(hid_t object, const SaveSetId& id);

// The id on `object`, nullopt when it has none (files of older versions). Throws FileRejected
// (naming `where`) when the attribute is not two unsigned 64-bit integers, hdf5::Failure when
// it cannot be read.
std::optional<SaveSetId> read_save_set_id(hid_t object, const std::string& where);

}  // namespace stencil::io
