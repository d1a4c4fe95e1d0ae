// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What one run asks of an implementation, and the one check that turns a request into a
// configuration the kernels can serve: the miniapp run, -profile, the benchmark and the tests all
// go through check_config(), and every implementation takes only its result.
#pragma once

#include <cstddef>
#include <cstdint>

#include "stencil/precision.hpp"
#include "stencil/variants.hpp"

namespace stencil {

// The array a step works on: rows x cols for the 2-D variants (N x N, or an MPI rank's tile plus
// halo), one row of cols cells for the 1-D variants. cols is 64-bit for the 1-D row alone, which
// memory limits; a 2-D array's cols is at most INT_MAX (check_config), so its kernels read it as an
// int.
struct ArrayExtent {
  int rows;
  std::int64_t cols;
};

// The largest N a 2-D variant takes: its kernels hold a row and a column index in an int. A 1-D
// variant's N is limited by memory only.
inline constexpr std::int64_t kMaxN2d = 2147483647;

struct RunConfig {
  const VariantInfo* variant = nullptr;
  std::int64_t n = 0;                       // at most kMaxN2d for a 2-D variant (check_config)
  Precision precision = kDefaultPrecision;  // the grids' element type (-precision)
  int chunks = 0;                  // row chunks; 0: the variant's default (see ChunkPolicy)
  int patch = kDefaultPatch;       // regblock: p, one of kPatchSizes
  int pitch = kDefaultTiledPitch;  // tiled: shared row pitch, one of kTiledPitches
  int fuse = 0;  // temporal: iterations per pass, one of kFuseDepths; 0: kDefaultFuse
  // 2-D only: the local array is rows x cols instead of n x n (under MPI a rank's tile plus its
  // halo, while n stays the global N); 0, 0: n x n. Only implementations whose backend row says
  // so accept a rectangle (open_stepper checks).
  int rows = 0;
  int cols = 0;
  // Grids of the local array's size the caller keeps in host memory at once besides the stepper's
  // own (the miniapp: the final download; with -verify also the initial state and the reference
  // loop's second grid; the default: an initial state and a download, as the tests and the
  // benchmark keep). Steppers count them in their memory check, so a run that cannot fit is
  // refused before anything is allocated.
  int host_copies = 2;

  // The value of the variant's shape option (pitch, patch or fuse); 0 for ShapeOption::none.
  int shape_value() const;
  // Iterations one step performs: the fuse depth for temporal, else 1.
  int iterations_per_step() const { return variant->uses_shape(ShapeOption::fuse) ? fuse : 1; }
  // Whether the local array is a rectangle of its own (rows, cols) rather than n x n.
  bool has_local_shape() const { return rows != 0 || cols != 0; }
  // The shape of the 2-D local array the kernels step.
  int local_rows() const { return has_local_shape() ? rows : static_cast<int>(n); }
  int local_cols() const { return has_local_shape() ? cols : static_cast<int>(n); }
  // Cells of one local array: local_rows x local_cols (2-D), n (1-D).
  std::size_t local_cells() const;
  // Bytes of one local array.
  std::size_t local_bytes() const { return local_cells() * element_bytes(precision); }
  // The array every implementation's step works on: local_rows x local_cols (2-D), 1 x n (1-D).
  ArrayExtent stepped_extent() const {
    return variant->dimensions == 2 ? ArrayExtent{local_rows(), local_cols()} : ArrayExtent{1, n};
  }
};

// A RunConfig that passed check_config(): the variant is known, N (or the local rectangle) is
// positive (and for a 2-D variant at most kMaxN2d; beyond that its size is limited by memory only,
// which the stepper checks), the chunk count and
// fuse depth are resolved (a fixed-chunk variant's 0 becomes kDefaultChunks; fuse is 1
// where the variant has no fuse depth), and every shape value has a kernel instantiation.
class CheckedConfig {
 public:
  const RunConfig& get() const { return config_; }
  const RunConfig* operator->() const { return &config_; }

 private:
  explicit CheckedConfig(const RunConfig& config) : config_(config) {}
  friend CheckedConfig check_config(RunConfig requested);
  RunConfig config_;
};

// Throws UnsupportedRequest (stencil/stepper.hpp) with a one-line reason for anything no kernel of
// this variant can serve.
CheckedConfig check_config(RunConfig requested);

}  // namespace stencil
