// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/world.hpp"

#include <mpi.h>

namespace stencil::mpi {
namespace {

double reduce(double value, MPI_Op op) {
  double out = 0.0;
  MPI_Allreduce(&value, &out, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
  return out;
}

}  // namespace

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

int world_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

int local_rank() {
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int rank = 0;
  MPI_Comm_rank(node, &rank);
  MPI_Comm_free(&node);
  return rank;
}

void barrier() {
  MPI_Barrier(MPI_COMM_WORLD);
}

double max_over_ranks(double value) {
  return reduce(value, MPI_MAX);
}

double min_over_ranks(double value) {
  return reduce(value, MPI_MIN);
}

double sum_over_ranks(double value) {
  return reduce(value, MPI_SUM);
}

std::int64_t max_over_ranks(std::int64_t value) {
  MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
  return value;
}

void max_over_ranks(std::vector<double>& values) {
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_MAX,
                MPI_COMM_WORLD);
}

int from_rank_zero(int value) {
  MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return value;
}

void abort_job(int status) {
  MPI_Abort(MPI_COMM_WORLD, status);
}

}  // namespace stencil::mpi
