// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The job as a whole (MPI_COMM_WORLD): who this rank is, and the few collectives the driver's
// result needs (the slowest, fastest and summed figures of the ranks, the verdict rank 0 reaches,
// ending the whole job). The driver calls these rather than MPI, so MPI stays in this layer.
#pragma once

#include <cstdint>
#include <vector>

namespace stencil::mpi {

// This process's rank in, and the size of, MPI_COMM_WORLD.
int world_rank();
int world_size();
// This rank's index among the ranks of its node (MPI_COMM_TYPE_SHARED). Collective.
int local_rank();

// Collective: returns when every rank has called it.
void barrier();

// Collective: the largest, smallest or summed `value` over the ranks, on every rank.
double max_over_ranks(double value);
double min_over_ranks(double value);
double sum_over_ranks(double value);
std::int64_t max_over_ranks(std::int64_t value);
// Collective: each element replaced by its largest value over the ranks.
void max_over_ranks(std::vector<double>& values);

// Collective: rank 0's `value` on every rank.
int from_rank_zero(int value);

// Ends every rank of the job with `status` (MPI_Abort), for a failure that other ranks may be
// waiting on in a collective.
void abort_job(int status);

}  // namespace stencil::mpi
