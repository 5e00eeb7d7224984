# firmware/explore.cmake: the method-matrix images of `seacurve explore --target avr`
# (firmware/explore_avr.c, tools/explore/avr.c), included from firmware/CMakeLists.txt.
#
#   explore_secp160r1        every method x system x window, one scalar each
#   explore_secp160r1_quick  the rows of the papers' claims, four scalars each (ctest)
#
# atmega1281 (8 KiB of RAM: the largest windows' tables, and the registries' strings,
# which avr-gcc keeps in RAM); its cycle counts equal the ATmega128's (docs/mote.md).
# The library: secp160r1 with the method-matrix tables (SC_WITH_SCALARMUL_TABLES) and the
# asm kernels, as the benchmark image, and the C fallbacks of other sizes (SC_WITH_GENERIC_SIZES:
# the generic Montgomery reducers on the 20-byte p, which has no REDC kernel).
if(SC_AVR_MCU STREQUAL "atmega1281")
  sc_fw_lib(sc_fwlib_explore_160 DEFS SC_CURVES_ALL=0 SC_CURVE_SECP160R1=1 SC_WITH_SCALARMUL_TABLES=1
    SC_WITH_GENERIC_SIZES=1 ASM)
  sc_firmware(explore_secp160r1 explore_avr.c)
  target_link_libraries(explore_secp160r1 PRIVATE sc_fwlib_explore_160)
  sc_firmware(explore_secp160r1_quick explore_avr.c)
  target_link_libraries(explore_secp160r1_quick PRIVATE sc_fwlib_explore_160)
  target_compile_definitions(explore_secp160r1_quick PRIVATE SC_EXPLORE_QUICK=1)
endif()
