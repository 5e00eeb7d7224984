# ctest fw_footprint_<curve>: run a binary-curve application image
# (firmware/footprint_binary.c, ATmega128) under sc-avrsim and check that
#   - it ends with exit 0: key generation and the ECDH secret equal OpenSSL's, the
#     signature verifies and a tampered one does not;
#   - each of its five regions (key generation, SHA-256, sign, verify, ECDH) ran;
#   - .data + .bss (avr-size -A of the ELF) + the deepest stack of the run is at
#     most BUDGET bytes (sizes and stack depths are exact: the figure is the same
#     on every run of the same image).
#   cmake -DSIM=sc-avrsim -DELF=footprint_binary_sect163k1.elf -DSIZE=avr-size
#         -DBUDGET=2048 -P footprint_binary.cmake
set(SCA_REQUIRED SIZE BUDGET)
set(SCA_TIMEOUT 1500)
include(${CMAKE_CURRENT_LIST_DIR}/run_image.cmake)
foreach(r 1 2 3 4 5)
  if(NOT out MATCHES "avrsim region ${r} cycles [0-9]+ stack [0-9]+")
    string(APPEND bad "region ${r} missing\n")
  endif()
endforeach()
set(stack "")
if(out MATCHES "avrsim exit [0-9]+ cycles [0-9]+ stack ([0-9]+)")
  set(stack ${CMAKE_MATCH_1})
else()
  string(APPEND bad "no summary line\n")
endif()
execute_process(COMMAND ${SIZE} -A ${ELF} OUTPUT_VARIABLE sz RESULT_VARIABLE src)
set(ram 0)
foreach(sec data bss)
  if(sz MATCHES "\n\\.${sec} +([0-9]+)")
    math(EXPR ram "${ram} + ${CMAKE_MATCH_1}")
  endif()
endforeach()
if(NOT src EQUAL 0)
  string(APPEND bad "${SIZE} -A failed\n")
elseif(stack)
  math(EXPR total "${ram} + ${stack}")
  message("RAM: .data + .bss ${ram} B + deepest stack ${stack} B = ${total} B (budget ${BUDGET} B)")
  if(total GREATER BUDGET)
    string(APPEND bad "RAM ${total} B above the budget of ${BUDGET} B\n")
  endif()
endif()
if(bad)
  message(FATAL_ERROR "${bad}")
endif()
