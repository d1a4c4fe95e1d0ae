// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// MPI for the mini-app (the one object main holds for it), started only when a launcher (mpirun,
// srun) started this process: a plain `./stencil_miniapp` never initialises MPI (OpenMPI's
// singleton init would otherwise spawn its runtime daemon), so its behaviour and output stay
// exactly as without MPI.
#pragma once

namespace stencil::mpi {

// Whether the environment names an MPI job: OpenMPI's OMPI_COMM_WORLD_SIZE, or the PMI/PMIx
// variables other launchers (MPICH's hydra, Slurm) set.
bool launched_by_mpi();

class Session {
 public:
  // Calls MPI_Init_thread (funneled: only the main thread calls MPI; the OpenMP threads compute)
  // when this build has MPI and launched_by_mpi(); else does nothing.
  Session(int& argc, char**& argv);
  ~Session();  // MPI_Finalize when it initialised MPI
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  bool active() const { return active_; }
  // Rank in MPI_COMM_WORLD; 0 when MPI is not active. Errors are printed by rank 0 only.
  int rank() const { return rank_; }

 private:
  bool active_ = false;
  int rank_ = 0;
};

}  // namespace stencil::mpi
