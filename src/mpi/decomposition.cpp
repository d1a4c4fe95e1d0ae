// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/decomposition.hpp"

#include <cctype>
#include <charconv>

namespace stencil::mpi {

Span split_evenly(std::int64_t n, int parts, int index) {
  const std::int64_t base = n / parts;
  const std::int64_t larger = n % parts;  // the first `larger` spans get one extra cell
  const std::int64_t begin = index * base + (index < larger ? index : larger);
  return Span{begin, base + (index < larger ? 1 : 0)};
}

std::optional<ProcessGrid> parse_process_grid(std::string_view text) {
  const auto separator = text.find_first_of("xX,");
  if (separator == std::string_view::npos)
    return std::nullopt;
  auto parse_positive = [](std::string_view part) -> std::optional<int> {
    int value = 0;
    if (part.empty() || !std::isdigit(static_cast<unsigned char>(part.front())))
      return std::nullopt;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (error != std::errc() || end != part.data() + part.size() || value < 1)
      return std::nullopt;
    return value;
  };
  const auto rows = parse_positive(text.substr(0, separator));
  const auto cols = parse_positive(text.substr(separator + 1));
  if (!rows || !cols)
    return std::nullopt;
  return ProcessGrid{*rows, *cols};
}

std::string to_string(const ProcessGrid& grid) {
  return std::to_string(grid.rows) + "x" + std::to_string(grid.cols);
}

Subgrid subgrid_of(const GlobalExtent& extent, const ProcessGrid& grid, int grid_row, int grid_col,
                   int depth) {
  Subgrid subgrid;
  subgrid.rows = split_evenly(extent.rows, grid.rows, grid_row);
  subgrid.cols = split_evenly(extent.cols, grid.cols, grid_col);
  subgrid.ghost_top = grid_row > 0 ? depth : 0;
  subgrid.ghost_bottom = grid_row + 1 < grid.rows ? depth : 0;
  subgrid.ghost_left = grid_col > 0 ? depth : 0;
  subgrid.ghost_right = grid_col + 1 < grid.cols ? depth : 0;
  return subgrid;
}

std::string decomposition_problem(const GlobalExtent& extent, const ProcessGrid& grid, int depth) {
  const std::string shape =
      extent.dimensions == 1
          ? "1-D grid of " + std::to_string(extent.cols) + " cells"
          : std::to_string(extent.rows) + "x" + std::to_string(extent.cols) + " grid";
  if (extent.rows < grid.rows || extent.cols < grid.cols) {
    return "a " + shape + " is smaller than the " + to_string(grid) +
           " rank grid: every rank needs at least one row and one column";
  }
  // The smallest span along an axis is floor(cells / parts); it only matters where ranks have
  // neighbours along that axis.
  auto too_thin = [&](std::int64_t cells, int parts) { return parts > 1 && cells / parts < depth; };
  if (too_thin(extent.rows, grid.rows) || too_thin(extent.cols, grid.cols)) {
    return "halos " + std::to_string(depth) + " cells deep need every rank of the " +
           to_string(grid) + " rank grid to own at least " + std::to_string(depth) +
           " rows and columns of the " + shape + "; use fewer ranks or a smaller -fuse";
  }
  return "";
}

}  // namespace stencil::mpi
