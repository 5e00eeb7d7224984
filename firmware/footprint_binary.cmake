# firmware/footprint_binary.cmake: the application images of the binary curves
# (firmware/footprint_binary.c; docs/binary.md "On the mote"), included at the end of
# firmware/CMakeLists.txt.
#
#   footprint_binary_<curve>.elf, atmega128, for sect163k1, sect163r1, sect163r2,
#   sect233k1, sect233r1: one binary curve per image next to the prime curve every
#   build carries (secp160r1), the asm kernels, -Os, the library's AVR defaults (no
#   fixed-base table: SC_NO_EB_GTAB). ctest fw_footprint_<curve>
#   (tools/avrsim/footprint_binary.cmake) runs each under sc-avrsim and holds
#   .data + .bss + deepest stack to 2,048 bytes. -DSC_FPB_ANY_MCU=ON builds them for
#   another SC_AVR_MCU too (the atmega1281: figures of builds above the ATmega128's RAM).
set(SC_FPB_CURVES sect163k1 sect163r1 sect163r2 sect233k1 sect233r1)
if(SC_AVR_MCU STREQUAL "atmega128" OR SC_FPB_ANY_MCU)
  foreach(curve ${SC_FPB_CURVES})
    string(TOUPPER ${curve} CURVE)
    sc_fw_lib(sc_fwlib_fpb_${curve} DEFS SC_CURVES_ALL=0 SC_CURVE_SECP160R1=1 SC_CURVE_${CURVE}=1 ASM)
    sc_firmware(footprint_binary_${curve} footprint_binary.c)
    target_link_libraries(footprint_binary_${curve} PRIVATE sc_fwlib_fpb_${curve})
    target_compile_definitions(footprint_binary_${curve} PRIVATE SC_FPB_CURVE="${curve}")
  endforeach()
endif()
