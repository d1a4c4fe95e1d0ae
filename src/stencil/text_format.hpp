// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Small text helpers shared by the result printers (run results, the sector report).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace stencil {

// printf-style formatting of one number, e.g. fixed(x, "%.3f").
inline std::string fixed(double value, const char* format) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// `text` on one line of a terminal: control characters (a newline in a file name, an escape
// sequence) are shown as \n, \t, \r or \xNN, so an echoed value cannot break an error line.
inline std::string printable(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned>(byte));
      out += escaped;
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

// A JSON string literal: quotes, backslashes and control characters escaped.
inline std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
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
