// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The ranks of a run arranged as a 2-D Cartesian grid (MPI_Dims_create / MPI_Cart_create).
#pragma once

#include <mpi.h>

#include <optional>

#include "mpi/decomposition.hpp"

namespace stencil::mpi {

class CartesianGrid {
 public:
  // Arranges the ranks of `world`: as `forced` when given (its size must equal the rank count,
  // else std::invalid_argument with one line saying so), else as square as MPI_Dims_create makes
  // it, with the longer side along y so that most ghost cells are whole contiguous rows.
  CartesianGrid(MPI_Comm world, const std::optional<ProcessGrid>& forced);
  ~CartesianGrid();
  CartesianGrid(const CartesianGrid&) = delete;
  CartesianGrid& operator=(const CartesianGrid&) = delete;

  MPI_Comm comm() const { return comm_; }
  const ProcessGrid& grid() const { return grid_; }
  int rank() const { return rank_; }
  int grid_row() const { return row_; }
  int grid_col() const { return col_; }
  // The rank of the neighbour in direction d (see ghost_regions.hpp), or MPI_PROC_NULL.
  int neighbour(int direction) const;

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  ProcessGrid grid_;
  int rank_ = 0;
  int row_ = 0;
  int col_ = 0;
};

}  // namespace stencil::mpi
