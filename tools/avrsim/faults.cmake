# ctest avrsim_faults: each way a run can end badly has its own sc-avrsim exit status
# and exactly one line on stderr (firmware/avrsim_faults.c, tools/avrsim/sc_avrsim.c).
#   cmake -DSIM=sc-avrsim -DDIR=<firmware build dir> -P faults.cmake
set(bad "")
function(expect want stderr_lines)
  execute_process(COMMAND ${SIM} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCHALL "\n" nl "${err}")
  list(LENGTH nl n)
  if(NOT rc EQUAL want OR NOT n EQUAL stderr_lines OR (n GREATER 0 AND NOT err MATCHES "^sc-avrsim: "))
    set(bad "${bad}sc-avrsim ${ARGN}: exit ${rc} (expected ${want}), stderr (${n} lines, expected ${stderr_lines}): ${err}\n" PARENT_SCOPE)
  else()
    message("exit ${rc}: ${ARGN}: ${err}")
  endif()
endfunction()

expect(124 1 --max-cycles 200000 ${DIR}/avrsim_fault1.elf)  # endless loop: cycle limit
expect(124 1 --timeout 1 ${DIR}/avrsim_fault1.elf)          # endless loop: wall clock
expect(124 1 --max-cycles 200000 ${DIR}/avrsim_fault6.elf)  # asleep, nothing to wake it
expect(123 1 ${DIR}/avrsim_fault2.elf)                      # main returned: halt
expect(123 1 ${DIR}/avrsim_fault3.elf)                      # sleep with interrupts off
expect(122 1 ${DIR}/avrsim_fault4.elf)                      # stop without start
expect(7 0 ${DIR}/avrsim_fault5.elf)                        # exit code passed through
expect(121 1 ${DIR}/no-such-image.elf)                      # load error
expect(121 1 ${CMAKE_CURRENT_LIST_FILE})                    # not an ELF
expect(121 1 --mcu atmega2560 ${DIR}/avrsim_fault5.elf)     # MCU not supported
expect(120 1 --bogus ${DIR}/avrsim_fault5.elf)              # usage
if(bad)
  message(FATAL_ERROR "avrsim_faults:\n${bad}")
endif()
