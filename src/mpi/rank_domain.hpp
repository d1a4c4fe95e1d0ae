// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One rank's part of a run across ranks (mpirun -np P): its subgrid of the global grid, with
// ghost cells as deep as one step's iterations, the stepper that steps it, and the boundary
// exchange that refreshes the ghost cells. The driver's one timed loop calls before_loop(),
// step() and before_copy() where the single-process run does nothing but step; after the loop
// the domain gathers the grid on rank 0 and calibrates the exchange's cost model.
//
// Without overlap each step refreshes the ghost cells (as deep as the step's iterations), then
// steps. With overlap it sends the values the step is about to give the send regions (computed
// ahead from the current state), runs the step while they travel, then writes the received ghost
// cells into the stepped state, which leaves it ready for the next step. The exchange time is
// what the exchange calls take on this rank (packing, waiting, unpacking).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mpi/decomposition.hpp"
#include "mpi/exchange_cost_model.hpp"
#include "stencil/run_config.hpp"
#include "stencil/stepper.hpp"

namespace stencil::mpi {

class CartesianGrid;
class BoundaryExchange;
class BoundaryTransport;

// What the driver asks of the decomposition.
struct DomainRequest {
  RunConfig config;                   // the run's, with the global N
  std::optional<ProcessGrid> decomp;  // -decomp; unset: MPI_Dims_create's choice
  bool overlap = false;               // -overlap
  // The stepper's grids live in host memory, which the ranks of a node share.
  bool host_memory = true;
  // Opens the stepper of the rank's checked configuration (the driver's choice of model).
  std::function<std::unique_ptr<Stepper>(const CheckedConfig&)> open_stepper;
};

class RankDomain {
 public:
  // Collective over MPI_COMM_WORLD. Arranges the ranks, checks the decomposition and the rank's
  // configuration, checks that the ranks of this node (`node`: node_world_ranks()) fit its host
  // memory together, opens the stepper and the host-staged MPI exchange. Throws
  // UnsupportedRequest for a request the ranks cannot serve.
  RankDomain(const DomainRequest& request, const std::vector<int>& node);
  ~RankDomain();
  RankDomain(const RankDomain&) = delete;
  RankDomain& operator=(const RankDomain&) = delete;

  // Collective: -halo nccl, device to device, once every rank has its stepper. Throws
  // UnsupportedRequest on every rank where NCCL cannot serve the job.
  void use_nccl();

  // The random field's values of this rank's local array: the global grid's hashed_value at each
  // cell's 64-bit global index, so the ranks together hold exactly the grid one process would;
  // in the stepper's precision.
  Cells initial_cells(std::uint64_t seed) const;
  // Uploads the rank's local array (subgrid plus ghost cells), warms the stepper and the copy
  // reference up, fenced.
  void start(const Cells& local);

  Stepper& stepper() { return *stepper_; }
  const Subgrid& subgrid() const { return subgrid_; }
  const ProcessGrid& grid() const;
  const GlobalExtent& extent() const { return extent_; }
  int depth() const { return depth_; }  // ghost cells = iterations per step
  bool overlap() const { return overlap_; }

  // The timed loop's parts. before_loop: the ghost cells of the initial state (with overlap), then
  // every rank lined up. step: one step with its exchange. before_copy: every rank lined up, so
  // that every rank copies its own array at once (the copy reference of the whole job).
  void before_loop();
  void step();
  void before_copy();

  double exchange_seconds() const { return exchange_seconds_; }  // this rank's, so far
  std::int64_t bytes_sent() const;                               // per exchange, this rank
  std::string transport() const;                                 // -halo: "mpi", "nccl"
  // Collective, after the loop so it cannot disturb it: the cost model of the host-staged MPI
  // exchange; nullopt for NCCL (no host staging) and for one rank.
  std::optional<ExchangeCostModel> calibrate_cost_model();

  // Whether the grid is small enough to gather (at most INT_MAX cells: MPI_Gatherv's int counts).
  bool gathers() const;
  // Collective: the owned cells of every rank, assembled on rank 0 into the row-major global
  // grid (MPI_Gatherv of the subgrids, then each copied to its place). Empty on the other ranks.
  Cells gather();
  // Collective: the checksum of a grid too large to gather: every rank sums its owned cells row
  // by row (double), and rank 0 adds the ranks' sums in rank order; meaningful on rank 0. Not the
  // one-process summation order.
  double subgrid_sum_checksum();

 private:
  template <class T>
  std::vector<T> initial_values(std::uint64_t seed) const;
  template <class T>
  std::vector<T> gathered(const std::vector<T>& mine);

  std::unique_ptr<CartesianGrid> ranks_;
  GlobalExtent extent_;  // N x N, or 1 x N for the 1-D variants
  Subgrid subgrid_;
  int depth_ = 1;
  std::unique_ptr<Stepper> stepper_;
  std::unique_ptr<BoundaryExchange> exchange_;  // host-staged MPI; also the regions for NCCL
  std::unique_ptr<BoundaryTransport> nccl_;     // -halo nccl
  BoundaryTransport* transport_ = nullptr;      // the one the loop uses
  bool overlap_ = false;
  double exchange_seconds_ = 0.0;
};

}  // namespace stencil::mpi
