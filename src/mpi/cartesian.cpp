// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/cartesian.hpp"

#include <stdexcept>
#include <string>

#include "mpi/ghost_regions.hpp"

namespace stencil::mpi {

CartesianGrid::CartesianGrid(MPI_Comm world, const std::optional<ProcessGrid>& forced) {
  int size = 0;
  MPI_Comm_size(world, &size);
  int dims[2] = {0, 0};
  if (forced) {
    if (forced->size() != size) {
      throw std::invalid_argument("-decomp " + to_string(*forced) + " needs " +
                                  std::to_string(forced->size()) + " ranks, but the job has " +
                                  std::to_string(size));
    }
    dims[0] = forced->rows;
    dims[1] = forced->cols;
  } else {
    MPI_Dims_create(size, 2, dims);  // non-increasing: dims[0] >= dims[1]
  }
  grid_ = ProcessGrid{dims[0], dims[1]};
  const int periodic[2] = {0, 0};
  // No reordering: rank r sits at row r / cols, column r % cols, as the tests and the I/O expect.
  MPI_Cart_create(world, 2, dims, periodic, 0, &comm_);
  MPI_Comm_rank(comm_, &rank_);
  int coords[2] = {0, 0};
  MPI_Cart_coords(comm_, rank_, 2, coords);
  row_ = coords[0];
  col_ = coords[1];
}

CartesianGrid::~CartesianGrid() {
  if (comm_ != MPI_COMM_NULL)
    MPI_Comm_free(&comm_);
}

int CartesianGrid::neighbour(int direction) const {
  if (!has_neighbour(grid_, row_, col_, direction))
    return MPI_PROC_NULL;
  const int coords[2] = {row_ + kDirections[direction].dy, col_ + kDirections[direction].dx};
  int rank = MPI_PROC_NULL;
  MPI_Cart_rank(comm_, coords, &rank);
  return rank;
}

}  // namespace stencil::mpi
