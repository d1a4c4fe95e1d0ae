// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kokkos' deep temporal form (src/kokkos/research/group_temporal.hpp) on the host. A host space
// with teams of G W threads runs the same team code a GPU runs, so the CPU suite checks its
// schedule there: rows handed from group to group, edges between the members of a group, the two
// scratch buffers, row chunks and column blocks. Each pass is held bit for bit to k reference
// steps, on a poisoned output, at sizes that leave partial tiles and chunks.
//
// A shape whose team is larger than the host's thread pool is skipped with the reason. The CPU
// suite runs with 2 threads, where the two 2-member shapes cover the hand-off (G = 2, W = 1) and
// the edges (G = 1, W = 2) apart; CTest's kokkos_group_temporal_wide_teams runs this file again
// with 16 threads, where every shape runs (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kokkos/research/group_temporal.hpp"
#include "stencil/reference.hpp"

namespace stencil::test {
namespace {

using Host = Kokkos::DefaultHostExecutionSpace;
using kokkos::ConstDeviceView;
namespace group_temporal = kokkos::group_temporal;

struct NoWork {
  KOKKOS_INLINE_FUNCTION void operator()(
      const Kokkos::TeamPolicy<Host>::member_type& /*team*/) const {}
};

int host_team_size_max() {
  const Kokkos::TeamPolicy<Host> policy(Host(), 1, 1);
  return policy.team_size_max(NoWork{}, Kokkos::ParallelForTag{});
}

template <class T>
std::vector<T> random_grid(int rows, int cols, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  std::vector<T> cells(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
  for (T& cell : cells)
    cell = static_cast<T>(value(generator));
  return cells;
}

template <class T>
std::vector<T> reference_steps(std::vector<T> grid, int rows, int cols, int steps) {
  std::vector<T> next(grid.size());
  for (int i = 0; i < steps; ++i) {
    reference_step_2d(grid.data(), next.data(), rows, cols);
    grid.swap(next);
  }
  return grid;
}

// The first cell that differs bit for bit, or -1.
template <class T>
std::int64_t first_difference(const std::vector<T>& expected, const std::vector<T>& got) {
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (std::memcmp(&expected[i], &got[i], sizeof(T)) != 0)
      return static_cast<std::int64_t>(i);
  }
  return -1;
}

template <class S>
void expect_pass_matches_reference(int rows, int cols, int chunks) {
  using T = typename S::Element;
  SCOPED_TRACE(std::to_string(rows) + " x " + std::to_string(cols) + ", " + std::to_string(chunks) +
               " chunks");
  const std::vector<T> initial =
      random_grid<T>(rows, cols, static_cast<unsigned>(rows * 7919 + cols * 31 + chunks));
  const std::size_t cells = initial.size();
  Kokkos::View<T*, Host::memory_space> in("in", cells);
  Kokkos::View<T*, Host::memory_space> out("out", cells);
  for (std::size_t i = 0; i < cells; ++i)
    in(i) = initial[i];
  Kokkos::deep_copy(out, std::numeric_limits<T>::quiet_NaN());  // any cell left unwritten fails
  group_temporal::pass<S, int>(Host(), ConstDeviceView<T, Host>(in), out, rows, cols, chunks);
  Host().fence();
  const std::vector<T> got(out.data(), out.data() + cells);
  const std::vector<T> expected = reference_steps(initial, rows, cols, S::kFuse);
  const std::int64_t at = first_difference(expected, got);
  EXPECT_EQ(at, -1) << "row " << at / cols << ", column " << at % cols << ": expected "
                    << expected[static_cast<std::size_t>(at < 0 ? 0 : at)] << ", got "
                    << got[static_cast<std::size_t>(at < 0 ? 0 : at)];
}

// Grids that leave a partial last tile and chunks that do not divide the rows, down to grids
// smaller than one tile and single rows and columns.
template <class S>
void expect_shape_matches_reference() {
  SCOPED_TRACE("steps unrolled by " + std::to_string(S::kUnroll) + ", " +
               std::to_string(S::kBuffers) + " scratch buffers");
  if (S::kMembers > host_team_size_max()) {
    GTEST_SKIP() << "teams of " << S::kMembers << " members need " << S::kMembers
                 << " threads; the host pool has " << host_team_size_max();
  }
  const int tile = S::kTileOutput;
  for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{
           {1, 1}, {2, 3}, {3, 2}, {5, 5}, {17, 2 * tile + 3}, {2 * S::kFuse + 9, tile - 1}})
    expect_pass_matches_reference<S>(rows, cols, 1);
  for (const int chunks : {2, 3, 0})
    expect_pass_matches_reference<S>(4 * S::kFuse + 7, 3 * tile + 5, chunks);
  // Wide enough that the last tile of a row moves to pin column cols - 1 too
  // (stencil/tile_placement.hpp), with a partial and a full last output.
  for (const int cols : {2 * S::kTileInput + 5, 3 * S::kTileInput + tile / 2 + 1})
    expect_pass_matches_reference<S>(2 * S::kFuse + 9, cols, 2);
}

// Shape<T, groups, levels per group, columns per member, members per group, teams per SM, steps
// unrolled, scratch buffers>. Each shape runs unrolled by 3 with 2 buffers (the buffer chosen at
// run time), by 6 with 2 and by 3 with 3 (at compile time).
template <class T, int kUnroll, int kBuffers>
using HandOff =
    group_temporal::Shape<T, 2, 2, 9, 1, 1, kUnroll, kBuffers>;  // k = 4: two groups of one
template <class T, int kUnroll, int kBuffers>
using Edges =
    group_temporal::Shape<T, 1, 4, 5, 2, 1, kUnroll, kBuffers>;  // k = 4: one group of two
template <class T, int kUnroll, int kBuffers>
using Both =
    group_temporal::Shape<T, 2, 3, 5, 3, 1, kUnroll, kBuffers>;  // k = 6: two groups of three
template <class T, int kUnroll, int kBuffers>
using Deep =
    group_temporal::Shape<T, 4, 4, 11, 4, 1, kUnroll, kBuffers>;  // k = 16: four groups of four

template <template <class, int, int> class Shape, class T>
void expect_every_rotation_matches_reference() {
  expect_shape_matches_reference<Shape<T, 3, 2>>();
  expect_shape_matches_reference<Shape<T, 6, 2>>();
  expect_shape_matches_reference<Shape<T, 3, 3>>();
}

TEST(KokkosGroupTemporal, HandOffBetweenGroupsFloat) {
  expect_every_rotation_matches_reference<HandOff, float>();
}
TEST(KokkosGroupTemporal, HandOffBetweenGroupsDouble) {
  expect_every_rotation_matches_reference<HandOff, double>();
}
TEST(KokkosGroupTemporal, EdgesBetweenMembersFloat) {
  expect_every_rotation_matches_reference<Edges, float>();
}
TEST(KokkosGroupTemporal, EdgesBetweenMembersDouble) {
  expect_every_rotation_matches_reference<Edges, double>();
}
TEST(KokkosGroupTemporal, GroupsOfSeveralMembersFloat) {
  expect_every_rotation_matches_reference<Both, float>();
}
TEST(KokkosGroupTemporal, GroupsOfSeveralMembersDouble) {
  expect_every_rotation_matches_reference<Both, double>();
}
TEST(KokkosGroupTemporal, SixteenLevelsFloat) {
  expect_every_rotation_matches_reference<Deep, float>();
}
TEST(KokkosGroupTemporal, SixteenLevelsDouble) {
  expect_every_rotation_matches_reference<Deep, double>();
}

}  // namespace
}  // namespace stencil::test
