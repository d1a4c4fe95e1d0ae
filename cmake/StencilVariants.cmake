# The kernel files of one implementation, read from the variant list (STENCIL_VARIANTS in
# src/stencil/variants.hpp), so that a new row is all the build needs besides the kernel file:
#   stencil_variant_sources(OUT_VAR IMPLEMENTATION EXTENSION)
# sets OUT_VAR to <name>.<EXTENSION> for every row whose implementations name IMPLEMENTATION.
set(STENCIL_VARIANT_LIST ${PROJECT_SOURCE_DIR}/src/stencil/variants.hpp)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${STENCIL_VARIANT_LIST})

function(stencil_variant_sources out_var implementation extension)
  # Read as one string and matched row by row: the contracts hold characters (; [ ]) that would
  # split or join CMake list elements.
  file(READ ${STENCIL_VARIANT_LIST} text)
  # X(name, dimensions, chunk policy, shape, "implementations", ...
  string(REGEX MATCHALL "\nX\\([a-z0-9_]+, *[0-9]+, *[a-z]+, *[a-z]+, *\"[a-z0-9 ]*\"" rows
         "${text}")
  string(REGEX MATCHALL "\nX\\(" row_starts "${text}")
  list(LENGTH rows matched)
  list(LENGTH row_starts written)
  if(NOT matched EQUAL written)
    message(FATAL_ERROR "${STENCIL_VARIANT_LIST}: ${written} rows, ${matched} readable; write each "
                        "row on one line as X(name, dimensions, chunks, shape, \"implementations\", ...)")
  endif()
  set(sources)
  foreach(row IN LISTS rows)
    string(REGEX REPLACE "^\nX\\(([a-z0-9_]+),.*\"([a-z0-9 ]*)\"$" "\\1" name "${row}")
    string(REGEX REPLACE "^\nX\\(([a-z0-9_]+),.*\"([a-z0-9 ]*)\"$" "\\2" implementations
           "${row}")
    string(REPLACE " " ";" implementations "${implementations}")
    if(implementation IN_LIST implementations)
      list(APPEND sources ${name}.${extension})
    endif()
  endforeach()
  if(NOT sources)
    message(FATAL_ERROR "no row of ${STENCIL_VARIANT_LIST} names implementation ${implementation}")
  endif()
  set(${out_var} ${sources} PARENT_SCOPE)
endfunction()
