// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A grid's cells in host memory, in the precision they were computed in: what a stepper uploads
// and downloads, what the files store and what the driver, the checks and the MPI gather carry.
// Code that reads the values visits the typed vector (visit, values<T>); code that only moves
// them takes data() and bytes().
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "stencil/precision.hpp"

namespace stencil {

class Cells {
 public:
  Cells() = default;
  // `count` zero cells of `precision`.
  Cells(Precision precision, std::size_t count) {
    if (precision == Precision::fp64)
      values_ = std::vector<double>(count);
    else
      values_ = std::vector<float>(count);
  }
  Cells(std::vector<float> values) : values_(std::move(values)) {}   // NOLINT: implicit on purpose
  Cells(std::vector<double> values) : values_(std::move(values)) {}  // NOLINT: implicit on purpose

  Precision precision() const {
    return std::holds_alternative<std::vector<double>>(values_) ? Precision::fp64 : Precision::fp32;
  }
  std::size_t size() const {
    return std::visit([](const auto& v) { return v.size(); }, values_);
  }
  bool empty() const { return size() == 0; }
  std::size_t bytes() const { return size() * element_bytes(precision()); }
  void* data() {
    return std::visit([](auto& v) { return static_cast<void*>(v.data()); }, values_);
  }
  const void* data() const {
    return std::visit([](const auto& v) { return static_cast<const void*>(v.data()); }, values_);
  }

  // The typed vector; throws std::logic_error when the cells are of the other precision.
  template <class T>
  std::vector<T>& values() {
    return checked<T>(std::get_if<std::vector<T>>(&values_));
  }
  template <class T>
  const std::vector<T>& values() const {
    return checked<T>(std::get_if<std::vector<T>>(&values_));
  }
  // f(std::vector<T>&) for the precision held.
  template <class F>
  decltype(auto) visit(F&& f) {
    return std::visit(std::forward<F>(f), values_);
  }
  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit(std::forward<F>(f), values_);
  }

  // Frees the memory (shrinking alone keeps it).
  void release() { Cells(precision(), 0).values_.swap(values_); }

 private:
  template <class T, class Vector>
  Vector& checked(Vector* held) const {
    if (held == nullptr) {
      throw std::logic_error(std::string("cells of ") +
                             std::string(element_type_name(precision())) + " read as " +
                             std::string(element_type_name(precision_of<T>())));
    }
    return *held;
  }

  std::variant<std::vector<float>, std::vector<double>> values_;
};

// `cells` in `precision`: unchanged when they are in it already, widened exactly from float to
// double. Never narrows (that would round every cell): double to float throws std::logic_error.
inline Cells widened(Cells cells, Precision precision) {
  if (cells.precision() == precision)
    return cells;
  if (precision == Precision::fp32)
    throw std::logic_error("cells of float64 would round to float32");
  const std::vector<float>& narrow = cells.values<float>();
  std::vector<double> wide(narrow.begin(), narrow.end());
  return Cells(std::move(wide));
}

}  // namespace stencil
