// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The index spaces the stdpar kernels iterate over: a counting iterator, so that
// std::for_each(std::execution::par_unseq, ...) walks the indices [begin, end) without an index
// vector in memory. It is a random-access iterator, which the parallel algorithms need to split a
// range among their threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

namespace stencil::stdpar {

class IndexIterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::int64_t;
  using difference_type = std::int64_t;
  using pointer = const std::int64_t*;
  using reference = std::int64_t;  // by value: an index is computed, not stored

  IndexIterator() = default;
  explicit IndexIterator(std::int64_t index) : index_(index) {}

  reference operator*() const { return index_; }
  reference operator[](difference_type offset) const { return index_ + offset; }

  IndexIterator& operator++() {
    ++index_;
    return *this;
  }
  IndexIterator operator++(int) {
    IndexIterator before = *this;
    ++index_;
    return before;
  }
  IndexIterator& operator--() {
    --index_;
    return *this;
  }
  IndexIterator operator--(int) {
    IndexIterator before = *this;
    --index_;
    return before;
  }
  IndexIterator& operator+=(difference_type offset) {
    index_ += offset;
    return *this;
  }
  IndexIterator& operator-=(difference_type offset) {
    index_ -= offset;
    return *this;
  }
  friend IndexIterator operator+(IndexIterator it, difference_type offset) { return it += offset; }
  friend IndexIterator operator+(difference_type offset, IndexIterator it) { return it += offset; }
  friend IndexIterator operator-(IndexIterator it, difference_type offset) { return it -= offset; }
  friend difference_type operator-(IndexIterator a, IndexIterator b) { return a.index_ - b.index_; }

  friend bool operator==(IndexIterator a, IndexIterator b) { return a.index_ == b.index_; }
  friend bool operator!=(IndexIterator a, IndexIterator b) { return a.index_ != b.index_; }
  friend bool operator<(IndexIterator a, IndexIterator b) { return a.index_ < b.index_; }
  friend bool operator>(IndexIterator a, IndexIterator b) { return a.index_ > b.index_; }
  friend bool operator<=(IndexIterator a, IndexIterator b) { return a.index_ <= b.index_; }
  friend bool operator>=(IndexIterator a, IndexIterator b) { return a.index_ >= b.index_; }

 private:
  std::int64_t index_ = 0;
};

// The indices 0, 1, ..., count - 1.
struct IndexRange {
  std::int64_t count;
  IndexIterator begin() const { return IndexIterator(0); }
  IndexIterator end() const { return IndexIterator(count); }
};

}  // namespace stencil::stdpar
