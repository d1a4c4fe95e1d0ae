# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Native CUDA kernels are optional. They switch on automatically where nvcc exists (also on the
# CPU-only CI machine, where they compile and link but nothing runs). -DSTENCIL_ENABLE_CUDA=OFF
# forces them off; CMAKE_CUDA_ARCHITECTURES defaults to 90 (H100/H200) and can be overridden.
set(STENCIL_ENABLE_CUDA AUTO CACHE STRING "Build native CUDA kernels: AUTO, ON or OFF")
set_property(CACHE STENCIL_ENABLE_CUDA PROPERTY STRINGS AUTO ON OFF)

set(STENCIL_CUDA OFF)
if(NOT STENCIL_ENABLE_CUDA STREQUAL "OFF")
  if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)
    endif()
    enable_language(CUDA)
    # One shared CUDA runtime in the process: the kernels, the driver and CUPTI's launch callbacks
    # must all see the same one (src/measure/profile hands runtime kernel handles back to it).
    set(CMAKE_CUDA_RUNTIME_LIBRARY Shared)
    set(CMAKE_CUDA_STANDARD 17)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    set(STENCIL_CUDA ON)
  elseif(STENCIL_ENABLE_CUDA STREQUAL "ON")
    message(FATAL_ERROR "STENCIL_ENABLE_CUDA=ON but no CUDA compiler was found (set CUDACXX)")
  endif()
endif()
