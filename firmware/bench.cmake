# firmware/bench.cmake: the benchmark images (one per curve), included from
# firmware/CMakeLists.txt. Libraries come from sc_fw_lib (firmware/sclib.cmake);
# tools/mote_report.py runs the images and prints the tables of docs/mote.md
# ("Benchmarks"). The footprint table's images are applications built against an
# installed library (examples/footprint, tools/footprint.py), not images of this project.
#
# Benchmarks (firmware/bench_curve.c), with the asm kernels and the AVR default
# windows (SC_EC_MUL_W = 3, SC_EC_MUL_WMAX = SC_EC_MUL2_WQ = 4), -Os:
#   atmega128:  bench_secp160r1, bench_secp192r1, bench_opf160, bench_opf192
#               (fit its 4 KiB of RAM)
#   atmega1281: bench_secp224r1, bench_secp256r1, bench_secp256k1, bench_opf224,
#               bench_opf256 (32-byte
#               elements: data + bss + stack above 4 KiB; the cycles are the same
#               on both MCUs, docs/mote.md)
# The fixed-base table of G (src/curves/gen/gtab_<curve>.c, the AVR widths w = 5/5/4/3/3:
# 21.1 / 30.0 / 25.5 / 22.0 / 22.0 KB of flash; the opf* curves of the same sizes
# likewise; SC_WITH_GTAB) for every curve.
set(SC_BENCH_GTAB_CURVES secp160r1 secp192r1 secp224r1 secp256r1 secp256k1 opf160 opf192 opf224 opf256)
if(SC_AVR_MCU STREQUAL "atmega128")
  set(SC_BENCH_CURVES secp160r1 secp192r1 opf160 opf192)
else()
  set(SC_BENCH_CURVES secp224r1 secp256r1 secp256k1 opf224 opf256)
endif()

foreach(curve ${SC_BENCH_CURVES})
  string(TOUPPER ${curve} CURVE)
  set(gtab "")
  if(curve IN_LIST SC_BENCH_GTAB_CURVES)
    set(gtab SC_WITH_GTAB=1)
  endif()
  sc_fw_lib(sc_fwlib_bench_${curve} DEFS SC_CURVES_ALL=0 SC_CURVE_${CURVE}=1 ${gtab} ASM)
  sc_firmware(bench_${curve} bench_curve.c)
  target_link_libraries(bench_${curve} PRIVATE sc_fwlib_bench_${curve})
  target_compile_definitions(bench_${curve} PRIVATE SC_BENCH_CURVE="${curve}")
  # the stack of each public ec / ep / pk function (firmware/stack_ops.c)
  sc_firmware(stack_${curve} stack_ops.c)
  target_link_libraries(stack_${curve} PRIVATE sc_fwlib_bench_${curve})
  target_compile_definitions(stack_${curve} PRIVATE SC_BENCH_CURVE="${curve}")
endforeach()

# Binary curves (firmware/bench_binary.c; docs/binary.md), on the ATmega1281: GF(2^m)
# elements are sized for the largest field (409 bits), which puts data + bss + stack
# above the ATmega128's 4 KiB (the cycles are the same on both MCUs). sect163r2 =
# NIST B-163, the reference point of [Aranha10] (B-163 ECDH in 0.40 s on a MICAz);
# sect163k1 = K-163 (tau-adic NAF in the variable-time paths). With the asm kernels
# for the required prime curve (secp160r1); GF(2^m) itself is the portable comb
# (the AVR has no carry-less multiplier).
if(SC_AVR_MCU STREQUAL "atmega1281")
  foreach(curve sect163k1 sect163r2)
    string(TOUPPER ${curve} CURVE)
    sc_fw_lib(sc_fwlib_bench_${curve} DEFS SC_CURVES_ALL=0 SC_CURVE_SECP160R1=1 SC_CURVE_${CURVE}=1 ASM)
    sc_firmware(bench_${curve} bench_binary.c)
    target_link_libraries(bench_${curve} PRIVATE sc_fwlib_bench_${curve})
    target_compile_definitions(bench_${curve} PRIVATE SC_BENCH_CURVE="${curve}")
  endforeach()
endif()
