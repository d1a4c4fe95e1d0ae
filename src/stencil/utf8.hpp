// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// UTF-8 validity, byte by byte. File names and HDF5 names are bytes; the outputs that show them
// (the text result, JSON, the XDMF sidecar, error lines) must stay valid UTF-8, so each either
// escapes or refuses the bytes that are no part of a valid sequence.
#pragma once

#include <cstddef>
#include <string_view>

namespace stencil {

// The length of the valid UTF-8 sequence that starts at `text[at]` (1 for ASCII), or 0 where none
// does: a continuation byte out of place, a truncated sequence, an overlong form, a surrogate
// (U+D800..U+DFFF) or a code point past U+10FFFF (RFC 3629).
inline std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80)
    return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;  // the range of the second byte, which rules out the bad forms
  unsigned char high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0)
      low = 0xa0;  // overlong
    if (lead == 0xed)
      high = 0x9f;  // surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0)
      low = 0x90;  // overlong
    if (lead == 0xf4)
      high = 0x8f;  // past U+10FFFF
  } else {
    return 0;
  }
  if (at + length > text.size())
    return 0;
  if (byte(at + 1) < low || byte(at + 1) > high)
    return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(at + i) < 0x80 || byte(at + i) > 0xbf)
      return 0;
  }
  return length;
}

// The offset of the first byte that is no part of a valid UTF-8 sequence, or npos.
inline std::size_t first_invalid_utf8(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = utf8_sequence_length(text, at);
    if (length == 0)
      return at;
    at += length;
  }
  return std::string_view::npos;
}

inline bool is_valid_utf8(std::string_view text) {
  return first_invalid_utf8(text) == std::string_view::npos;
}

}  // namespace stencil
