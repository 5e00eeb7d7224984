# Included by the ctest scripts of firmware images (bench_smoke.cmake, kat.cmake,
# ct_cycles.cmake): checks that -D<var>= was given for each name in SCA_REQUIRED
# (SIM and ELF always), runs ${SIM} --timeout ${SCA_TIMEOUT} ${ELF}, prints its
# output, and leaves it in `out`, with `bad` holding one line if the run did not
# end with exit 0 and an empty stderr. The caller appends its own findings to
# `bad` and ends with message(FATAL_ERROR) when it is not empty.
get_filename_component(sca_script ${CMAKE_SCRIPT_MODE_FILE} NAME)
foreach(v SIM ELF ${SCA_REQUIRED})
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "${sca_script}: -D${v}= missing")
  endif()
endforeach()
execute_process(COMMAND ${SIM} --timeout ${SCA_TIMEOUT} ${ELF}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
set(bad "")
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  string(APPEND bad "sc-avrsim exit ${rc}, stderr: ${err}\n")
endif()
