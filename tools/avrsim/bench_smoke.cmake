# ctest fw_bench_smoke: run the secp160r1 benchmark image (firmware/bench_curve.c)
# under sc-avrsim once and check that it ends with exit 0, that every cross-check
# of its results passed, and that every operation it announces ("region <id>
# <label>") was measured ("avrsim region <id> cycles ..."). No speed assertion:
# the figures are a benchmark (tools/mote_report.py, docs/mote.md).
#   cmake -DSIM=sc-avrsim -DELF=bench_secp160r1.elf -P bench_smoke.cmake
# -DRUNNER=cmsim / msp430sim: the same image built for Cortex-M under tools/cmsim/sc_cmsim.py or
# for the MSP430 under tools/msp430/msp430sim.py, whose region lines start with the runner's
# name (default: avrsim).
set(SCA_REQUIRED "")
if(NOT DEFINED RUNNER)
  set(RUNNER avrsim)
endif()
set(SCA_TIMEOUT 300)
include(${CMAKE_CURRENT_LIST_DIR}/run_image.cmake)
string(REGEX MATCHALL "\nregion [0-9]+ " announced "\n${out}")
list(LENGTH announced na)
if(na LESS 23)
  string(APPEND bad "expected 23 announced regions, got ${na}\n")
endif()
foreach(a ${announced})
  string(REGEX MATCH "[0-9]+" id "${a}")
  if(NOT out MATCHES "${RUNNER} region ${id} cycles [0-9]+ [^\n]*stack [0-9]+ base [0-9]+")
    string(APPEND bad "region ${id} announced but not measured\n")
  endif()
endforeach()
if(out MATCHES "FAILED")
  string(APPEND bad "a result check failed\n")
endif()
if(NOT out MATCHES "bench done 0\n")
  string(APPEND bad "no 'bench done 0' line\n")
endif()
if(NOT bad STREQUAL "")
  message(FATAL_ERROR "${bad}")
endif()
