// Small text helpers shared by the result printers (run results, the sector report).
#pragma once

#include <cstdio>
#include <string>

namespace stencil {

// printf-style formatting of one number, e.g. fixed(x, "%.3f").
inline std::string fixed(double value, const char* format) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
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
