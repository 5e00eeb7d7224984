# firmware/fault.cmake: the fault-injection images (firmware/fault_sign.c), included from
# firmware/CMakeLists.txt; ctest fw_fault_inject runs them under sc-avrsim --flip
# (tools/avrsim/fault_inject.py; docs/testing.md "Fault injection").
#
#   fault_sign_on   atmega128: secp160r1, asm kernels, the mote's defaults (no table of G),
#                   SC_FAULT_CHECKS=2: every signature verified before it leaves
#   fault_sign_off  the same with SC_FAULT_CHECKS=0: the negative control
if(SC_AVR_MCU STREQUAL "atmega128")
  foreach(level "on;2" "off;0")
    list(GET level 0 tag)
    list(GET level 1 n)
    sc_fw_lib(sc_fwlib_fault_${tag} DEFS SC_CURVES_ALL=0 SC_CURVE_SECP160R1=1 SC_FAULT_CHECKS=${n} ASM)
    sc_firmware(fault_sign_${tag} fault_sign.c)
    target_link_libraries(fault_sign_${tag} PRIVATE sc_fwlib_fault_${tag})
  endforeach()
endif()
