// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Small text helpers shared by the result printers (run results, the sector report).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "stencil/utf8.hpp"

namespace stencil {

// printf-style formatting of one number, e.g. fixed(x, "%.3f").
inline std::string fixed(double value, const char* format) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// A byte as the four characters \xNN.
inline std::string hex_escaped(unsigned char byte) {
  char escaped[8];
  std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned>(byte));
  return escaped;
}

// `text` on one line of a terminal, as valid UTF-8: control characters (a newline in a file name,
// an escape sequence) are shown as \n, \t, \r or \xNN, so an echoed value cannot break an error
// line, and so is every byte that is no part of a valid UTF-8 sequence (a Latin-1 file name).
inline std::string printable(const std::string& text) {
  std::string out;
  for (std::size_t at = 0; at < text.size(); ++at) {
    const char c = text[at];
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      const std::size_t length = utf8_sequence_length(text, at);
      if (length == 0) {
        out += hex_escaped(byte);
      } else {
        out.append(text, at, length);
        at += length - 1;
      }
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += hex_escaped(byte);
    } else {
      out += c;
    }
  }
  return out;
}

// `value` with a few significant digits, however small: 0.000123 -> "0.000123", 1234.5 -> "1235"
// (a fixed "%.3f" shows a small run's rate as 0.000).
inline std::string significant(double value, int digits = 4) {
  if (value == 0.0 || !std::isfinite(value))
    return fixed(value, "%g");
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  const int decimals = std::max(0, digits - 1 - magnitude);
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

// A JSON string literal: quotes, backslashes and control characters escaped. JSON text is
// Unicode and has no escape for a raw byte, so a byte that is no part of a valid UTF-8 sequence
// is written as the four characters \xNN (the JSON text "\\xNN"), as the error lines show it.
inline std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (std::size_t at = 0; at < s.size(); ++at) {
    const char c = s[at];
    if (static_cast<unsigned char>(c) >= 0x80) {
      const std::size_t length = utf8_sequence_length(s, at);
      if (length == 0) {
        out += "\\" + hex_escaped(static_cast<unsigned char>(c));
      } else {
        out.append(s, at, length);
        at += length - 1;
      }
      continue;
    }
    if (c == '"' || c == '\\')
      out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace stencil
