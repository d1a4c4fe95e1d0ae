// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// gtest main for tests that run as every rank of an MPI job (ctest starts them under mpirun).
// Only rank 0 prints; the exit status is the worst of all ranks, so a failure on any rank fails
// the job. Each test makes its own verdict collective, so no rank leaves a collective early.
#include <gtest/gtest.h>
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  testing::InitGoogleTest(&argc, argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 0) {
    auto& listeners = testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  int status = RUN_ALL_TESTS();
  int worst = 0;
  MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return worst;
}
