// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/nccl_exchange.hpp"

#include <cuda_runtime.h>
#include <mpi.h>
#include <nccl.h>

#include <cstring>
#include <string>
#include <vector>

#include "memory/halo_access.hpp"
#include "mpi/boundary_exchange.hpp"

namespace stencil::mpi {
namespace {

// Every rank learns whether any rank failed, so all refuse together (no rank left in a collective).
void refuse_together(MPI_Comm comm, bool failed_here, const std::string& reason) {
  int mine = failed_here ? 1 : 0;
  int any = 0;
  MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, comm);
  if (any != 0)
    throw UnsupportedRequest("-halo nccl: " + reason + "; use -halo mpi");
}

void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw RuntimeFailure(std::string("-halo nccl: ") + what + ": " + cudaGetErrorString(status));
}

void check_nccl(ncclResult_t status, const char* what) {
  if (status != ncclSuccess)
    throw RuntimeFailure(std::string("-halo nccl: ") + what + ": " + ncclGetErrorString(status));
}

// The PCI bus id of the GPU this rank's CUDA calls go to.
std::string this_gpu() {
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  char bus_id[32] = {};
  check_cuda(cudaDeviceGetPCIBusId(bus_id, sizeof bus_id, device), "cudaDeviceGetPCIBusId");
  return bus_id;
}

// NCCL refuses two ranks on one GPU; say which ranks share which GPU before asking it.
void refuse_shared_gpus(MPI_Comm comm) {
  constexpr int kIdLength = 32;
  char mine[kIdLength] = {};
  std::strncpy(mine, this_gpu().c_str(), kIdLength - 1);
  int size = 0;
  MPI_Comm_size(comm, &size);
  std::vector<char> all(static_cast<std::size_t>(size) * kIdLength);
  MPI_Allgather(mine, kIdLength, MPI_CHAR, all.data(), kIdLength, MPI_CHAR, comm);
  for (int a = 0; a < size; ++a) {
    for (int b = a + 1; b < size; ++b) {
      if (std::strncmp(&all[a * kIdLength], &all[b * kIdLength], kIdLength) == 0) {
        throw UnsupportedRequest("-halo nccl: ranks " + std::to_string(a) + " and " +
                                 std::to_string(b) + " share the GPU at PCI " +
                                 std::string(&all[a * kIdLength]) +
                                 ", and NCCL needs one GPU per rank; use -halo mpi");
      }
    }
  }
}

class NcclBoundaryExchange final : public BoundaryTransport {
 public:
  NcclBoundaryExchange(const CartesianGrid& ranks, const Subgrid& subgrid, int depth,
                       Stepper& stepper)
      : layout_(ranks, subgrid, depth, nullptr, stepper.precision()),
        type_(stepper.precision() == Precision::fp64 ? ncclDouble : ncclFloat),
        element_bytes_(element_bytes(stepper.precision())),
        queue_(static_cast<cudaStream_t>(stepper.grids().cuda_stream)) {
    refuse_shared_gpus(ranks.comm());
    ncclUniqueId id;
    if (ranks.rank() == 0)
      check_nccl(ncclGetUniqueId(&id), "ncclGetUniqueId");
    MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, ranks.comm());
    int size = 0;
    MPI_Comm_size(ranks.comm(), &size);
    const ncclResult_t init = ncclCommInitRank(&comm_, size, id, ranks.rank());
    refuse_together(
        ranks.comm(), init != ncclSuccess,
        std::string("NCCL refused the communicator (") + ncclGetErrorString(init) + ")");
    check_cuda(cudaStreamCreateWithFlags(&comm_queue_, cudaStreamNonBlocking), "stream");
    check_cuda(cudaEventCreateWithFlags(&packed_, cudaEventDisableTiming), "event");
    check_cuda(cudaEventCreateWithFlags(&arrived_, cudaEventDisableTiming), "event");
    send_ = stepper.halos().device_staging(0, buffer_cells(layout_.send_regions()));
    receive_ = stepper.halos().device_staging(1, buffer_cells(layout_.receive_regions()));
  }
  ~NcclBoundaryExchange() override {
    cudaStreamSynchronize(comm_queue_);
    ncclCommDestroy(comm_);
    cudaEventDestroy(arrived_);
    cudaEventDestroy(packed_);
    cudaStreamDestroy(comm_queue_);
  }
  NcclBoundaryExchange(const NcclBoundaryExchange&) = delete;
  NcclBoundaryExchange& operator=(const NcclBoundaryExchange&) = delete;

  void start(Stepper& stepper) override {
    stepper.halos().pack_regions_on_device(layout_.send_regions(), send_);
    post();
  }
  void start_stepped(Stepper& stepper) override {
    stepper.halos().pack_stepped_regions_on_device(layout_.send_regions(), send_);
    post();
  }
  // The unpack is queued behind the messages on the stepper's stream; nothing waits on the host.
  void finish(Stepper& stepper) override {
    check_cuda(cudaStreamWaitEvent(queue_, arrived_, 0), "cudaStreamWaitEvent");
    stepper.halos().unpack_regions_on_device(layout_.receive_regions(), receive_);
  }
  std::int64_t bytes_sent() const override { return layout_.bytes_sent(); }
  int messages_sent() const override { return layout_.messages_sent(); }
  std::string name() const override { return "nccl"; }

 private:
  // The messages wait for the pack on the stepper's stream and run on their own stream, so a
  // step queued next on the stepper's stream overlaps them.
  void post() {
    check_cuda(cudaEventRecord(packed_, queue_), "cudaEventRecord");
    check_cuda(cudaStreamWaitEvent(comm_queue_, packed_, 0), "cudaStreamWaitEvent");
    check_nccl(ncclGroupStart(), "ncclGroupStart");
    const auto* send = static_cast<const std::byte*>(send_);
    auto* receive = static_cast<std::byte*>(receive_);
    for (std::size_t i = 0; i < layout_.neighbours().size(); ++i) {
      const auto receive_count = static_cast<std::size_t>(layout_.receive_regions()[i].cells());
      const auto send_count = static_cast<std::size_t>(layout_.send_regions()[i].cells());
      check_nccl(
          ncclRecv(receive, receive_count, type_, layout_.neighbours()[i], comm_, comm_queue_),
          "ncclRecv");
      check_nccl(ncclSend(send, send_count, type_, layout_.neighbours()[i], comm_, comm_queue_),
                 "ncclSend");
      receive += receive_count * element_bytes_;
      send += send_count * element_bytes_;
    }
    check_nccl(ncclGroupEnd(), "ncclGroupEnd");
    check_cuda(cudaEventRecord(arrived_, comm_queue_), "cudaEventRecord");
  }

  BoundaryExchange layout_;  // the regions and neighbours, in message order
  ncclDataType_t type_;      // the grids' element type
  std::size_t element_bytes_;
  cudaStream_t queue_;
  ncclComm_t comm_ = nullptr;
  cudaStream_t comm_queue_ = nullptr;
  cudaEvent_t packed_ = nullptr;
  cudaEvent_t arrived_ = nullptr;
  void* send_ = nullptr;
  void* receive_ = nullptr;
};

}  // namespace

bool nccl_built() {
  return true;
}

std::unique_ptr<BoundaryTransport> make_nccl_exchange(const CartesianGrid& ranks,
                                                      const Subgrid& subgrid, int depth,
                                                      Stepper& stepper) {
  refuse_together(ranks.comm(), stepper.grids().memory != MemoryKind::cuda,
                  "-impl " + stepper.model() + " on " + stepper.execution_space() +
                      " has no device buffers (NCCL moves GPU memory: use a model or space whose "
                      "grids are in CUDA device memory, see -list)");
  return std::make_unique<NcclBoundaryExchange>(ranks, subgrid, depth, stepper);
}

}  // namespace stencil::mpi
