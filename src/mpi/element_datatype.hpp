// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The MPI datatype of the grids' element type: what the halos and the gather carry.
#pragma once

#include <mpi.h>

#include "stencil/precision.hpp"

namespace stencil::mpi {

inline MPI_Datatype element_datatype(Precision precision) {
  return precision == Precision::fp64 ? MPI_DOUBLE : MPI_FLOAT;
}

}  // namespace stencil::mpi
