# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DSOURCE_DIR=... -DPRESETS=a;b -P check_presets.cmake: every named preset is a configure,
# build and test preset of SOURCE_DIR/CMakePresets.json, as CMake itself reads the file.
foreach(kind configure build test)
  execute_process(COMMAND ${CMAKE_COMMAND} --list-presets=${kind} WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE listed ERROR_VARIABLE errors RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "cmake --list-presets=${kind} failed: ${errors}")
  endif()
  foreach(preset ${PRESETS})
    if(NOT listed MATCHES "\"${preset}\"")
      message(FATAL_ERROR "no ${kind} preset \"${preset}\" in CMakePresets.json:\n${listed}")
    endif()
  endforeach()
endforeach()
message(STATUS "CMakePresets.json has configure, build and test presets ${PRESETS}")
