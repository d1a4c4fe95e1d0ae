# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# What a study must report beside each figure, fixed at configure time: the compilers and their
# flags, the Kokkos release and its execution spaces (Kokkos' "backends").
# generated/stencil_build_info.hpp carries them into the binaries (miniapp/build_info.cpp); the
# configuration summary prints the same values.

# Kokkos numbers its releases MAJOR.MINOR.PATCH with a two-digit patch (3.4.01, 4.6.01), as
# KOKKOS_VERSION and Kokkos' own release notes spell them; CMake's package version drops the zero.
string(REGEX REPLACE "^0+([0-9])" "\\1" _stencil_kokkos_patch "${Kokkos_VERSION_PATCH}")
if(_stencil_kokkos_patch LESS 10)
  set(_stencil_kokkos_patch "0${_stencil_kokkos_patch}")
endif()
set(STENCIL_KOKKOS_RELEASE "${Kokkos_VERSION_MAJOR}.${Kokkos_VERSION_MINOR}.${_stencil_kokkos_patch}")

if(NOT kokkos IN_LIST STENCIL_BUILT_MODELS)
  set(STENCIL_KOKKOS_BACKENDS "none (this build has no kokkos model)")
elseif(DEFINED Kokkos_DEVICES)
  string(REPLACE ";" ", " STENCIL_KOKKOS_BACKENDS "${Kokkos_DEVICES}")
else()
  set(STENCIL_KOKKOS_BACKENDS "(not reported by this Kokkos)")
endif()

# The flags every C++ file of the project gets: the build type's, the user's, and the project's
# own (C++17, no FMA contraction, OpenMP), the native OpenMP kernels' -march=native and the stdpar
# kernels' own flags (src/stdpar/CMakeLists.txt).
string(TOUPPER "${CMAKE_BUILD_TYPE}" _stencil_build_type)
set(STENCIL_CXX_FLAGS "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${_stencil_build_type}} -std=c++17 -ffp-contract=off")
if(OpenMP_CXX_FLAGS)
  string(APPEND STENCIL_CXX_FLAGS " ${OpenMP_CXX_FLAGS}")
endif()
if(STENCIL_OPENMP_NATIVE_ARCH AND STENCIL_COMPILER_HAS_MARCH_NATIVE)
  string(APPEND STENCIL_CXX_FLAGS "; -march=native for the native OpenMP kernels")
endif()
if(stdpar IN_LIST STENCIL_BUILT_MODELS AND STENCIL_STDPAR_KERNEL_FLAGS)
  string(APPEND STENCIL_CXX_FLAGS "; ${STENCIL_STDPAR_KERNEL_FLAGS} for the stdpar kernels")
endif()
string(STRIP "${STENCIL_CXX_FLAGS}" STENCIL_CXX_FLAGS)
string(REGEX REPLACE "  +" " " STENCIL_CXX_FLAGS "${STENCIL_CXX_FLAGS}")
set(STENCIL_CXX_COMPILER "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
if(STENCIL_CUDA)
  set(STENCIL_CUDA_COMPILER "nvcc ${CMAKE_CUDA_COMPILER_VERSION}")
  set(STENCIL_CUDA_FLAGS "${CMAKE_CUDA_FLAGS} ${CMAKE_CUDA_FLAGS_${_stencil_build_type}} architectures ${CMAKE_CUDA_ARCHITECTURES}")
  string(STRIP "${STENCIL_CUDA_FLAGS}" STENCIL_CUDA_FLAGS)
else()
  set(STENCIL_CUDA_COMPILER "")
  set(STENCIL_CUDA_FLAGS "")
endif()

# C++ string literals: a backslash or a quote in a flag must not end the literal.
function(_stencil_cxx_literal out value)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  set(${out} "\"${value}\"" PARENT_SCOPE)
endfunction()
_stencil_cxx_literal(_stencil_lit_compiler "${STENCIL_CXX_COMPILER}")
_stencil_cxx_literal(_stencil_lit_flags "${STENCIL_CXX_FLAGS}")
_stencil_cxx_literal(_stencil_lit_cuda_compiler "${STENCIL_CUDA_COMPILER}")
_stencil_cxx_literal(_stencil_lit_cuda_flags "${STENCIL_CUDA_FLAGS}")
_stencil_cxx_literal(_stencil_lit_backends "${STENCIL_KOKKOS_BACKENDS}")
_stencil_cxx_literal(_stencil_lit_build_type "${CMAKE_BUILD_TYPE}")
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/generated/stencil_build_info.hpp CONTENT
"// Written by cmake/StencilBuildInfo.cmake at configure time.
#pragma once
namespace stencil::app::build {
inline constexpr const char* kCxxCompiler = @_stencil_lit_compiler@;
inline constexpr const char* kCxxFlags = @_stencil_lit_flags@;
inline constexpr const char* kCudaCompiler = @_stencil_lit_cuda_compiler@;  // \"\" without CUDA
inline constexpr const char* kCudaFlags = @_stencil_lit_cuda_flags@;
inline constexpr const char* kKokkosBackends = @_stencil_lit_backends@;
inline constexpr const char* kBuildType = @_stencil_lit_build_type@;
}  // namespace stencil::app::build
" @ONLY)

# Where an installed binary finds its data, relative to its own folder (bin/ -> share/, lib/),
# and where a binary in the build tree finds them instead (the source tree's inputs, the Kokkos
# Tools that scripts/bootstrap-kokkos-tools.sh built).
file(RELATIVE_PATH _stencil_rel_data ${CMAKE_INSTALL_FULL_BINDIR}
     ${CMAKE_INSTALL_FULL_DATADIR}/stencil_miniapp)
file(RELATIVE_PATH _stencil_rel_tools ${CMAKE_INSTALL_FULL_BINDIR}
     ${CMAKE_INSTALL_FULL_LIBDIR}/stencil_miniapp)
_stencil_cxx_literal(_stencil_lit_rel_data "${_stencil_rel_data}")
_stencil_cxx_literal(_stencil_lit_rel_tools "${_stencil_rel_tools}")
_stencil_cxx_literal(_stencil_lit_source_inputs "${PROJECT_SOURCE_DIR}/inputs")
_stencil_cxx_literal(_stencil_lit_build_tools "${STENCIL_KOKKOS_TOOLS_DIR}")
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/generated/stencil_install_layout.hpp CONTENT
"// Written by cmake/StencilBuildInfo.cmake at configure time.
#pragma once
namespace stencil::app::layout {
inline constexpr const char* kInstalledData = @_stencil_lit_rel_data@;    // from bin/
inline constexpr const char* kInstalledTools = @_stencil_lit_rel_tools@;  // from bin/
inline constexpr const char* kSourceInputs = @_stencil_lit_source_inputs@;
inline constexpr const char* kBuildTools = @_stencil_lit_build_tools@;  // \"\" where none was built
}  // namespace stencil::app::layout
" @ONLY)
