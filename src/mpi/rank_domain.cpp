// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/rank_domain.hpp"

#include <mpi.h>

#include <chrono>
#include <climits>
#include <stdexcept>

#include "mpi/boundary_exchange.hpp"
#include "mpi/cartesian.hpp"
#include "mpi/distributed_io.hpp"
#include "mpi/element_datatype.hpp"
#include "mpi/nccl_exchange.hpp"
#include "mpi/node_memory.hpp"
#include "mpi/world.hpp"
#include "stencil/grid_region.hpp"
#include "stencil/initial_state.hpp"

namespace stencil::mpi {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

RankDomain::RankDomain(const DomainRequest& request, const std::vector<int>& node) {
  RunConfig config = request.config;
  const int dimensions = config.variant->dimensions;
  extent_ = GlobalExtent::of(dimensions, config.n);
  std::optional<ProcessGrid> forced = request.decomp;
  if (dimensions == 1 && !forced)
    forced = ProcessGrid{1, world_size()};
  try {
    ranks_ = std::make_unique<CartesianGrid>(MPI_COMM_WORLD, forced);
  } catch (const std::invalid_argument& e) {
    throw UnsupportedRequest(e.what());
  }
  // A 1 x 1 rectangle resolves the fuse depth before the rank's subgrid is known.
  RunConfig probe = config;
  if (dimensions == 2)
    probe.rows = probe.cols = 1;
  else
    probe.n = 1;
  depth_ = check_config(probe)->iterations_per_step();
  const ProcessGrid& grid = ranks_->grid();
  if (const std::string problem = decomposition_problem(extent_, grid, depth_); !problem.empty())
    throw UnsupportedRequest(problem);
  subgrid_ = subgrid_of(extent_, grid, ranks_->grid_row(), ranks_->grid_col(), depth_);
  // One rank owning the whole grid is the single-process run: no rectangle, so every
  // implementation serves it. A 1-D rank steps its piece of the row as a shorter 1-D array.
  if (grid.size() > 1 && dimensions == 2) {
    config.rows = static_cast<int>(subgrid_.local_rows());
    config.cols = static_cast<int>(subgrid_.local_cols());
  } else if (grid.size() > 1) {
    // The halo packing of a device grid indexes a rank's array in 32 bits.
    if (subgrid_.local_cols() > INT_MAX) {
      throw UnsupportedRequest("a rank's piece of the 1-D grid exceeds " + std::to_string(INT_MAX) +
                               " cells; use more ranks");
    }
    config.n = subgrid_.local_cols();
  }
  const CheckedConfig checked = check_config(config);  // its refusals first: they name the cause
  if (request.host_memory)
    require_node_memory(node, extent_, grid, depth_, config.precision);
  stepper_ = request.open_stepper(checked);
  exchange_ = std::make_unique<BoundaryExchange>(*ranks_, subgrid_, depth_, stepper_.get());
  transport_ = exchange_.get();
  overlap_ = request.overlap && stepper_->deepest_pass() == 1 && grid.size() > 1;
}

RankDomain::~RankDomain() = default;

const ProcessGrid& RankDomain::grid() const {
  return ranks_->grid();
}

void RankDomain::use_nccl() {
  nccl_ = make_nccl_exchange(*ranks_, subgrid_, depth_, *stepper_);
  transport_ = nccl_.get();
}

Cells RankDomain::initial_cells(std::uint64_t seed) const {
  return with_element_type(stepper_->precision(),
                           [&](auto zero) { return Cells(initial_values<decltype(zero)>(seed)); });
}

template <class T>
std::vector<T> RankDomain::initial_values(std::uint64_t seed) const {
  std::vector<T> cells(static_cast<std::size_t>(subgrid_.local_cells()));
  const std::int64_t n = extent_.cols;
  const std::int64_t row0 = subgrid_.rows.begin - subgrid_.ghost_top;
  const std::int64_t col0 = subgrid_.cols.begin - subgrid_.ghost_left;
  const std::int64_t cols = subgrid_.local_cols();
  for (std::int64_t r = 0; r < subgrid_.local_rows(); ++r) {
    for (std::int64_t c = 0; c < cols; ++c) {
      const auto global = static_cast<std::uint64_t>((row0 + r) * n + col0 + c);
      cells[static_cast<std::size_t>(r * cols + c)] = hashed_value(global, seed);
    }
  }
  return cells;
}

void RankDomain::start(const Cells& local) {
  stepper_->upload(local);
  stepper_->warm_up_every_pass_depth();
  stepper_->fence();
  stepper_->copy_seconds(1);  // the copy reference's warm-up (fenced)
}

void RankDomain::before_loop() {
  if (overlap_) {  // the ghost cells of the initial state, which the first step reads
    transport_->start(*stepper_);
    transport_->finish(*stepper_);
    stepper_->fence();
  }
  barrier();
}

void RankDomain::step() {
  Stepper& stepper = *stepper_;
  const auto start = Clock::now();
  if (overlap_) {
    transport_->start_stepped(stepper);
    exchange_seconds_ += seconds_since(start);
    stepper.step();
    const auto wait = Clock::now();
    transport_->finish(stepper);
    exchange_seconds_ += seconds_since(wait);
  } else {
    transport_->start(stepper);
    transport_->finish(stepper);
    exchange_seconds_ += seconds_since(start);
    stepper.step();
  }
  stepper.fence();
}

void RankDomain::before_copy() {
  barrier();
}

std::int64_t RankDomain::bytes_sent() const {
  return transport_->bytes_sent();
}

std::string RankDomain::transport() const {
  return transport_->name();
}

std::optional<ExchangeCostModel> RankDomain::calibrate_cost_model() {
  if (transport_ != exchange_.get() || ranks_->grid().size() <= 1)
    return std::nullopt;
  return calibrate_exchange_cost_model(*ranks_, *exchange_, *stepper_);
}

bool RankDomain::gathers() const {
  return extent_.rows * extent_.cols <= INT_MAX;
}

Cells RankDomain::gather() {
  const Cells mine = owned_cells(stepper_->download(), subgrid_);
  return mine.visit([&](const auto& values) { return Cells(gathered(values)); });
}

template <class T>
std::vector<T> RankDomain::gathered(const std::vector<T>& mine) {
  const ProcessGrid& grid = ranks_->grid();
  std::vector<int> counts(grid.size()), offsets(grid.size());
  std::int64_t total = 0;
  for (int r = 0; r < grid.size(); ++r) {
    const Subgrid s = subgrid_of(extent_, grid, r / grid.cols, r % grid.cols, depth_);
    counts[r] = static_cast<int>(s.rows.count * s.cols.count);
    offsets[r] = static_cast<int>(total);
    total += counts[r];
  }
  const int rank = world_rank();
  std::vector<T> subgrids(rank == 0 ? static_cast<std::size_t>(total) : 0);
  const MPI_Datatype type = element_datatype(precision_of<T>());
  MPI_Gatherv(mine.data(), static_cast<int>(mine.size()), type, subgrids.data(), counts.data(),
              offsets.data(), type, 0, ranks_->comm());
  if (rank != 0)
    return {};
  std::vector<T> global(static_cast<std::size_t>(total));
  for (int r = 0; r < grid.size(); ++r) {
    const Subgrid s = subgrid_of(extent_, grid, r / grid.cols, r % grid.cols, depth_);
    const GridRegion place{s.rows.begin, s.rows.count, s.cols.begin, s.cols.count};
    unpack_region(global.data(), extent_.cols, place, subgrids.data() + offsets[r]);
  }
  return global;
}

double RankDomain::subgrid_sum_checksum() {
  const Cells owned = owned_cells(stepper_->download(), subgrid_);
  const double sum = owned.visit([](const auto& cells) {
    double total = 0.0;
    for (const auto cell : cells)
      total += cell;
    return total;
  });
  const int ranks = world_size();
  std::vector<double> sums(world_rank() == 0 ? ranks : 0);
  MPI_Gather(&sum, 1, MPI_DOUBLE, sums.data(), 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double total = 0.0;
  for (const double part : sums)
    total += part;
  return total;
}

}  // namespace stencil::mpi
