// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The grids' element type, chosen at run time (-precision): every model's kernels, the reference
// loop and the stencil arithmetic exist in float and in double, and one binary holds both. Code
// that touches values is a template on the element type T; code that only moves them (files,
// copies, halo buffers, MPI) takes the precision as data and moves bytes.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>

// The element types every kernel is instantiated for, as an X-macro list: X(arg, float)
// X(arg, double). A kernel file's explicit instantiations expand it, so a type is added in one
// place.
#define STENCIL_ELEMENT_TYPES(X, arg) X(arg, float) X(arg, double)

namespace stencil {

enum class Precision { fp32, fp64 };

inline constexpr Precision kDefaultPrecision = Precision::fp32;
inline constexpr Precision kPrecisions[] = {Precision::fp32, Precision::fp64};

// The -precision value: "fp32" or "fp64".
constexpr std::string_view precision_name(Precision precision) {
  return precision == Precision::fp64 ? "fp64" : "fp32";
}
// The element type's name in the result block and the files: "float32" or "float64".
constexpr std::string_view element_type_name(Precision precision) {
  return precision == Precision::fp64 ? "float64" : "float32";
}
constexpr std::size_t element_bytes(Precision precision) {
  return precision == Precision::fp64 ? 8 : 4;
}
// Bytes a cell update ideally moves: one read plus one write of an element (8 in fp32, 16 in
// fp64).
constexpr int bytes_per_cell_update(Precision precision) {
  return 2 * static_cast<int>(element_bytes(precision));
}
// The precision named `name` ("fp32", "fp64"), or nothing.
constexpr std::optional<Precision> parse_precision(std::string_view name) {
  if (name == "fp32")
    return Precision::fp32;
  if (name == "fp64")
    return Precision::fp64;
  return std::nullopt;
}

// The precision of element type T (float or double).
template <class T>
constexpr Precision precision_of() {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                "the grids hold float or double");
  return std::is_same_v<T, double> ? Precision::fp64 : Precision::fp32;
}

// Calls f(float{}) or f(double{}) by `precision`: the one switch from the run's precision to
// the element type a template needs.
template <class F>
decltype(auto) with_element_type(Precision precision, F&& f) {
  if (precision == Precision::fp64)
    return f(double{});
  return f(float{});
}

}  // namespace stencil
