# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The models this build folder compiles, read from the model registry (STENCIL_MODELS in
# src/stencil/models.hpp), so that a new row and its folder are all the build needs:
#
#   STENCIL_MODELS (cache)   "auto" (default): every model whose needs are found; or a list of
#                            model names, e.g. -DSTENCIL_MODELS=openmp or "kokkos;cuda". A named
#                            model whose needs are missing is a configure error.
#   STENCIL_MODEL_NAMES      every row's name, in the registry's order
#   STENCIL_BUILT_MODELS     the models built here, in the registry's order
#   STENCIL_MODEL_<name>_MEMORY, _NEEDS, _ROLE, _DEPTHS, _VARIANTS   a row's columns
#   STENCIL_VARIANT_NAMES    every variant (STENCIL_VARIANTS in src/stencil/variants.hpp), with
#   STENCIL_VARIANT_<v>_DIMENSIONS and STENCIL_VARIANT_<v>_SHAPE, for test lists
#   stencil_variant_sources(OUT_VAR MODEL EXTENSION)
#                            sets OUT_VAR to <variant>.<EXTENSION> for every variant MODEL's row names
#
# Each built model is add_subdirectory(src/<name>) (from src/CMakeLists.txt), which builds the
# library stencil_model_<name>; the registry links it and ${PROJECT_BINARY_DIR}/generated/
# stencil/models_built.hpp defines STENCIL_HAVE_MODEL_<NAME> for it.
set(STENCIL_MODEL_LIST ${PROJECT_SOURCE_DIR}/src/stencil/models.hpp)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${STENCIL_MODEL_LIST})

# The rows, as one string each: the descriptions hold characters (; [ ]) that would split or join
# CMake list elements, so only the leading columns are matched.
file(READ ${STENCIL_MODEL_LIST} _stencil_model_text)
set(_stencil_model_row_regex
    "\nX\\(([a-z0-9_]+), *(host|cuda|space), *([a-z0-9_]+), *(native|portable), *(plain|pipelined), *\"([a-z0-9_ ]*)\"")
string(REGEX MATCHALL "${_stencil_model_row_regex}" _stencil_model_rows "${_stencil_model_text}")
string(REGEX MATCHALL "\nX\\(" _stencil_model_row_starts "${_stencil_model_text}")
list(LENGTH _stencil_model_rows _stencil_matched)
list(LENGTH _stencil_model_row_starts _stencil_written)
if(NOT _stencil_matched EQUAL _stencil_written)
  message(FATAL_ERROR "${STENCIL_MODEL_LIST}: ${_stencil_written} rows, ${_stencil_matched} readable; "
                      "write each row on one line as "
                      "X(name, host|cuda|space, needs, native|portable, plain|pipelined, \"variants\", ...)")
endif()
set(STENCIL_MODEL_NAMES)
foreach(_row IN LISTS _stencil_model_rows)
  string(REGEX REPLACE "^${_stencil_model_row_regex}$" "\\1" _name "${_row}")
  string(REGEX REPLACE "^${_stencil_model_row_regex}$" "\\2" _memory "${_row}")
  string(REGEX REPLACE "^${_stencil_model_row_regex}$" "\\3" _needs "${_row}")
  string(REGEX REPLACE "^${_stencil_model_row_regex}$" "\\4" _role "${_row}")
  string(REGEX REPLACE "^${_stencil_model_row_regex}$" "\\5" _depths "${_row}")
  string(REGEX REPLACE "^${_stencil_model_row_regex}$" "\\6" _variants "${_row}")
  string(REPLACE " " ";" _variants "${_variants}")
  list(APPEND STENCIL_MODEL_NAMES ${_name})
  set(STENCIL_MODEL_${_name}_MEMORY ${_memory})
  set(STENCIL_MODEL_${_name}_NEEDS ${_needs})
  set(STENCIL_MODEL_${_name}_ROLE ${_role})
  set(STENCIL_MODEL_${_name}_DEPTHS ${_depths})
  set(STENCIL_MODEL_${_name}_VARIANTS ${_variants})
endforeach()

# The variant rows' leading columns: X(name, dimensions, chunk policy, shape, "contract").
set(STENCIL_VARIANT_LIST ${PROJECT_SOURCE_DIR}/src/stencil/variants.hpp)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${STENCIL_VARIANT_LIST})
file(READ ${STENCIL_VARIANT_LIST} _stencil_variant_text)
set(_stencil_variant_row_regex "\nX\\(([a-z0-9_]+), *([12]), *([a-z]+), *([a-z]+),")
string(REGEX MATCHALL "${_stencil_variant_row_regex}" _stencil_variant_rows "${_stencil_variant_text}")
set(STENCIL_VARIANT_NAMES)
foreach(_row IN LISTS _stencil_variant_rows)
  string(REGEX REPLACE "^${_stencil_variant_row_regex}$" "\\1" _name "${_row}")
  string(REGEX REPLACE "^${_stencil_variant_row_regex}$" "\\2" _dimensions "${_row}")
  string(REGEX REPLACE "^${_stencil_variant_row_regex}$" "\\4" _shape "${_row}")
  list(APPEND STENCIL_VARIANT_NAMES ${_name})
  set(STENCIL_VARIANT_${_name}_DIMENSIONS ${_dimensions})
  set(STENCIL_VARIANT_${_name}_SHAPE ${_shape})
endforeach()

function(stencil_variant_sources out_var model extension)
  if(NOT model IN_LIST STENCIL_MODEL_NAMES)
    message(FATAL_ERROR "no row of ${STENCIL_MODEL_LIST} is named ${model}")
  endif()
  set(sources)
  # A lesson variant's source is at the model folder's top level; a research variant's (stream,
  # temporal) is in its research/ wing.
  foreach(variant IN LISTS STENCIL_MODEL_${model}_VARIANTS)
    if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/research/${variant}.${extension})
      list(APPEND sources research/${variant}.${extension})
    else()
      list(APPEND sources ${variant}.${extension})
    endif()
  endforeach()
  if(NOT sources)
    message(FATAL_ERROR "the row of ${model} in ${STENCIL_MODEL_LIST} names no variant")
  endif()
  set(${out_var} ${sources} PARENT_SCOPE)
endfunction()

# Resolves one needs token: sets STENCIL_NEED_<token>_FOUND and, where it is missing,
# STENCIL_NEED_<token>_MISSING (the reason the configure message gives). A macro, so that what
# find_package sets (Kokkos_VERSION, TBB_VERSION, ...) stays visible to the whole project. A new
# token is one more branch here.
macro(stencil_resolve_need token)
  set(STENCIL_NEED_${token}_FOUND OFF)
  set(STENCIL_NEED_${token}_MISSING "")
  if("${token}" STREQUAL "kokkos")
    # The project's bootstrap (scripts/bootstrap-kokkos.sh) or a user's own (-DKokkos_ROOT or
    # the environment's Kokkos_ROOT, which win). Where none is named, the one the bootstrap
    # installed into .deps/ is found, so a preset configures as it is.
    set(_stencil_bootstrapped_kokkos)
    foreach(_stencil_kind 4.6.01-openmp 4.6.01-cuda 3.4.01-openmp 3.4.01-cuda)
      file(GLOB _stencil_found LIST_DIRECTORIES true ${PROJECT_SOURCE_DIR}/.deps/kokkos-${_stencil_kind}-*)
      list(APPEND _stencil_bootstrapped_kokkos ${_stencil_found})
    endforeach()
    find_package(Kokkos QUIET HINTS ${_stencil_bootstrapped_kokkos})
    if(Kokkos_FOUND)
      set(STENCIL_NEED_${token}_FOUND ON)
    else()
      set(STENCIL_NEED_${token}_MISSING
          "Kokkos not found: run scripts/bootstrap-kokkos.sh or pass -DKokkos_ROOT=...")
    endif()
  elseif("${token}" STREQUAL "cuda")
    if(STENCIL_CUDA)
      set(STENCIL_NEED_${token}_FOUND ON)
    else()
      set(STENCIL_NEED_${token}_MISSING "no nvcc found or STENCIL_ENABLE_CUDA=OFF")
    endif()
  elseif("${token}" STREQUAL "openmp")
    find_package(OpenMP QUIET COMPONENTS CXX)
    if(OpenMP_CXX_FOUND)
      set(STENCIL_NEED_${token}_FOUND ON)
    else()
      set(STENCIL_NEED_${token}_MISSING "the C++ compiler has no OpenMP")
    endif()
  elseif("${token}" STREQUAL "tbb")
    find_package(TBB QUIET)
    if(TBB_FOUND)
      set(STENCIL_NEED_${token}_FOUND ON)
    else()
      set(STENCIL_NEED_${token}_MISSING "libtbb-dev not found")
    endif()
  elseif("${token}" STREQUAL "openacc" OR "${token}" STREQUAL "omptarget")
    # A directive model: the C++ compiler of this build folder (cmake/StencilDirective.cmake).
    # Only where STENCIL_MODELS names it: its offload link step joins every executable, so it
    # gets a build folder of its own (scripts/build-directive.sh).
    include(StencilDirective)
    stencil_directive_needs(${token} _stencil_directive_missing)
    if(STENCIL_MODELS STREQUAL "auto")
      set(STENCIL_NEED_${token}_MISSING
          "a directive model, built only where named: scripts/build-directive.sh ${token}")
    elseif(_stencil_directive_missing STREQUAL "")
      set(STENCIL_NEED_${token}_FOUND ON)
    else()
      set(STENCIL_NEED_${token}_MISSING "${_stencil_directive_missing}")
    endif()
  else()
    message(FATAL_ERROR "${STENCIL_MODEL_LIST}: no rule in cmake/StencilModels.cmake resolves the "
                        "need '${token}'")
  endif()
endmacro()

set(STENCIL_MODELS auto CACHE STRING
    "Models to build: auto (every model whose needs are found) or a list of model names")
if(STENCIL_MODELS STREQUAL "auto")
  set(_stencil_wanted ${STENCIL_MODEL_NAMES})
  set(_stencil_required OFF)
else()
  set(_stencil_wanted ${STENCIL_MODELS})
  set(_stencil_required ON)
  foreach(_name IN LISTS _stencil_wanted)
    if(NOT _name IN_LIST STENCIL_MODEL_NAMES)
      string(REPLACE ";" ", " _known "${STENCIL_MODEL_NAMES}")
      message(FATAL_ERROR "STENCIL_MODELS names '${_name}', which is no model (known: ${_known})")
    endif()
  endforeach()
endif()

set(STENCIL_BUILT_MODELS)
foreach(_name IN LISTS STENCIL_MODEL_NAMES)
  if(NOT _name IN_LIST _stencil_wanted)
    set(_stencil_missing_${_name} "not in STENCIL_MODELS")
    message(STATUS "model ${_name}: not built (${_stencil_missing_${_name}})")
    continue()
  endif()
  set(_token ${STENCIL_MODEL_${_name}_NEEDS})
  if(NOT DEFINED STENCIL_NEED_${_token}_FOUND)
    stencil_resolve_need(${_token})
  endif()
  if(STENCIL_NEED_${_token}_FOUND)
    list(APPEND STENCIL_BUILT_MODELS ${_name})
  elseif(_stencil_required)
    message(FATAL_ERROR "model ${_name}: cannot be built (${STENCIL_NEED_${_token}_MISSING})")
  else()
    set(_stencil_missing_${_name} "${STENCIL_NEED_${_token}_MISSING}")
    message(STATUS "model ${_name}: not built (${_stencil_missing_${_name}})")
  endif()
endforeach()
if(NOT STENCIL_BUILT_MODELS)
  message(FATAL_ERROR "no model can be built: every model's needs are missing (see above)")
endif()

# The header that tells C++ which models this build folder has. Rewritten only when it changes.
set(_stencil_built_header "// Generated by cmake/StencilModels.cmake: the models this build folder compiles.\n#pragma once\n\n")
set(_stencil_built_flags "namespace stencil::models_built {\n")
foreach(_name IN LISTS STENCIL_MODEL_NAMES)
  if(_name IN_LIST STENCIL_BUILT_MODELS)
    string(TOUPPER ${_name} _upper)
    string(APPEND _stencil_built_header "#define STENCIL_HAVE_MODEL_${_upper} 1\n")
    string(APPEND _stencil_built_flags "inline constexpr bool ${_name} = true;\n")
    string(APPEND _stencil_built_flags "inline constexpr const char* ${_name}_missing = \"\";\n")
  else()
    string(APPEND _stencil_built_flags "inline constexpr bool ${_name} = false;\n")
    string(APPEND _stencil_built_flags
           "inline constexpr const char* ${_name}_missing = \"${_stencil_missing_${_name}}\";\n")
  endif()
endforeach()
string(APPEND _stencil_built_flags "}  // namespace stencil::models_built\n")
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/generated/stencil/models_built.hpp
     CONTENT "${_stencil_built_header}\n${_stencil_built_flags}" @ONLY)
