# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiler flags of the two directive models, for the compiler of this build:
#   stencil_directive_needs(MODEL OUT_VAR)  sets OUT_VAR to "" where this build's C++ compiler
#                                           can build MODEL (openacc, omptarget), else to why not
#   stencil_directive_target(TARGET MODEL)  gives TARGET (a model library) the compile flags,
#                                           and its users the link flags, of MODEL's offload,
#                                           and adds MODEL to the global property
#                                           STENCIL_DIRECTIVE_MODELS (tests/directive/)
# Offload code is compiled for NVIDIA GPUs where the compiler has an nvptx target; elsewhere the
# same sources build for the host alone (the bit-for-bit suites run there). Every offload
# compiler gets -ffp-contract=off for its device code too: no FMA, as in the reference loop.
#
# GCC 12 (OpenACC, OpenMP target): gcc-12-offload-nvptx. CUDA 13's ptxas rejects GCC's default
# sm_35, so the PTX is written for sm_80 (PTX 7.0) and the driver compiles it for the GPU at load
# time. -no-pie: the offload image's relocations would otherwise make the executable DT_TEXTREL.
# clang 16 (OpenMP target): clang-16, libomp-16-dev, and clang-tools-16 for the link step's
# clang-offload-packager; device code for STENCIL_OMPTARGET_ARCH (default sm_90).
set(STENCIL_OMPTARGET_ARCH "sm_90" CACHE STRING "clang's OpenMP offload architecture (sm_XX)")
set(STENCIL_GCC_OFFLOAD_OPTIONS "-O3 -ffp-contract=off -misa=sm_80 -mptx=7.0" CACHE STRING
    "GCC's -foffload-options for nvptx device code")

function(_stencil_gcc_has_nvptx out_var)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=accel/nvptx-none/mkoffload
                  OUTPUT_VARIABLE mkoffload OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT mkoffload OR NOT IS_ABSOLUTE "${mkoffload}")
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-prog-name=accel/nvptx-none/mkoffload
                    OUTPUT_VARIABLE mkoffload OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
  if(mkoffload AND IS_ABSOLUTE "${mkoffload}" AND EXISTS "${mkoffload}")
    set(${out_var} TRUE PARENT_SCOPE)
  else()
    set(${out_var} FALSE PARENT_SCOPE)
  endif()
endfunction()

function(_stencil_cuda_path out_var)
  if(DEFINED CUDAToolkit_ROOT AND EXISTS "${CUDAToolkit_ROOT}/bin/ptxas")
    set(${out_var} "${CUDAToolkit_ROOT}" PARENT_SCOPE)
  elseif(EXISTS /usr/local/cuda/bin/ptxas)
    set(${out_var} /usr/local/cuda PARENT_SCOPE)
  else()
    set(${out_var} "" PARENT_SCOPE)
  endif()
endfunction()

function(stencil_directive_needs model out_var)
  set(why "")
  if(model STREQUAL "openacc")
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR CMAKE_CXX_COMPILER_VERSION VERSION_LESS 12)
      set(why "needs GCC 12 or newer as the C++ compiler (-fopenacc), this build has "
              "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
    endif()
  elseif(model STREQUAL "omptarget")
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
      if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 16)
        set(why "needs clang 16 or newer (older libomptarget stops at sm_86)")
      endif()
    elseif(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR CMAKE_CXX_COMPILER_VERSION VERSION_LESS 12)
      set(why "needs clang 16 or GCC 12 as the C++ compiler")
    endif()
  else()
    set(why "is no directive model")
  endif()
  string(REPLACE ";" "" why "${why}")
  set(${out_var} "${why}" PARENT_SCOPE)
endfunction()

function(stencil_directive_target target model)
  set(flags)
  set(compile_only)
  set(link_flags)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    if(model STREQUAL "openacc")
      set(flags -fopenacc)
    else()
      set(flags -fopenmp)
    endif()
    _stencil_gcc_has_nvptx(has_nvptx)
    if(has_nvptx)
      list(APPEND flags -foffload=nvptx-none "-foffload-options=${STENCIL_GCC_OFFLOAD_OPTIONS}")
      set(link_flags ${flags} -no-pie)
      set(offload "nvptx (GCC, ${STENCIL_GCC_OFFLOAD_OPTIONS})")
    else()
      list(APPEND flags -foffload=disable)
      set(link_flags ${flags})
      set(offload "none: host only (install gcc-12-offload-nvptx for NVIDIA GPUs)")
    endif()
  else()
    set(flags -fopenmp)
    _stencil_cuda_path(cuda_path)
    if(cuda_path)
      list(APPEND flags -fopenmp-targets=nvptx64-nvidia-cuda
           -Xopenmp-target=nvptx64-nvidia-cuda -march=${STENCIL_OMPTARGET_ARCH}
           --cuda-path=${cuda_path} -Wno-unknown-cuda-version)
      set(offload "nvptx64 ${STENCIL_OMPTARGET_ARCH} (clang, CUDA at ${cuda_path})")
      # Compile only, not link: the device code is final when the object is (the linker wrapper
      # links the embedded cubins, it does not optimise them again).
      # - OpenMPOpt's barrier elimination (clang 16) drops the aligned barrier that follows the
      #   device runtime's team-state setup in kernels whose parallel loop then reads the
      #   nthreads ICV from that state (naive1d, fill_nan): warps other than thread 0's may read
      #   it unset, take a smaller team and leave a stretch of cells unwritten, which then hold
      #   an older state (docs/directive.md).
      # - -save-temps=obj keeps each object's device PTX beside it
      #   (NAME-openmp-nvptx64-nvidia-cuda.s), which tests/directive/check_team_state_barrier.py reads
      #   to prove that no kernel reads that state before a barrier.
      set(compile_only -mllvm -openmp-opt-disable-barrier-elimination -save-temps=obj)
    else()
      set(offload "none: host only (no CUDA toolkit for ptxas)")
    endif()
    set(link_flags ${flags})
    if(cuda_path)
      # clang's linker wrapper takes device code from an archive only for a device symbol some
      # other input needs, and the host code calls the kernels through libomptarget: from the
      # model's archive alone it links no device image (no __tgt_register_lib; libomptarget
      # then reports no device). Every program that links the model is given its objects too.
      list(APPEND link_flags $<TARGET_OBJECTS:${target}>)
    endif()
  endif()
  set(compile_flags ${flags} ${compile_only})
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:${compile_flags}>)
  target_link_options(${target} INTERFACE ${link_flags})
  set_property(GLOBAL PROPERTY STENCIL_${model}_OFFLOAD "${offload}")
  set_property(GLOBAL APPEND PROPERTY STENCIL_DIRECTIVE_MODELS ${model})
  message(STATUS "stencil: model ${model} offloads to ${offload}")
endfunction()
