# firmware/bench.cmake: the benchmark images (one per curve) and the footprint
# images (docs/mote.md), included from firmware/CMakeLists.txt. Libraries come
# from sc_fw_lib (firmware/sclib.cmake); tools/mote_report.py runs the images and
# prints the tables of docs/mote.md ("Benchmarks", "Footprint").
#
# Benchmarks (firmware/bench_curve.c), with the asm kernels and the AVR default
# windows (SC_EC_MUL_W/WMAX/MUL2_WQ = 4), -Os:
#   atmega128:  bench_secp160r1, bench_secp192r1, bench_opf160, bench_opf192
#               (fit its 4 KiB of RAM)
#   atmega1281: bench_secp224r1, bench_secp256r1, bench_secp256k1, bench_opf224,
#               bench_opf256 (32-byte
#               elements: data + bss + stack above 4 KiB; the cycles are the same
#               on both MCUs, docs/mote.md)
# Footprint (firmware/footprint_ops.c), secp160r1 on atmega128, every curve on
# atmega1281:
#   small profile: -Os, C only (no asm kernels), windows 2 (SC_EC_MUL_W=2
#                  SC_EC_MUL_WMAX=2 SC_EC_MUL2_WQ=2)
#   fast profile:  -Os, asm kernels, windows 4 (the benchmark's library)
#   notab profile: the fast one without the table of G (secp160r1, ECDSA + ECDH)
#   footprint_<ecdsa_ecdh|ecdh|verify>_<small|fast>[_all].elf, footprint_ecdsa_ecdh_notab.elf

set(SC_BENCH_SMALL_DEFS SC_EC_MUL_W=2 SC_EC_MUL_WMAX=2 SC_EC_MUL2_WQ=2)

# sc_bench_fp(<name> <lib> <ops 1|2|3> [ALL]): one footprint image (the library
# hands its definitions on: the image sees the same configuration).
function(sc_bench_fp name lib ops)
  sc_firmware(${name} footprint_ops.c)
  target_link_libraries(${name} PRIVATE ${lib})
  target_compile_definitions(${name} PRIVATE SC_FP_OPS=${ops})
  if(ARGN STREQUAL "ALL")
    target_compile_definitions(${name} PRIVATE SC_FP_ALL_CURVES=1)
  endif()
endfunction()

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

if(SC_AVR_MCU STREQUAL "atmega128")
  sc_fw_lib(sc_fwlib_fp_small DEFS SC_CURVES_ALL=0 SC_CURVE_SECP160R1=1 ${SC_BENCH_SMALL_DEFS})
  set(_ops_names ecdsa_ecdh ecdh verify)
  foreach(ops 1 2 3)
    math(EXPR i "${ops} - 1")
    list(GET _ops_names ${i} opname)
    sc_bench_fp(footprint_${opname}_small sc_fwlib_fp_small ${ops})
    sc_bench_fp(footprint_${opname}_fast sc_fwlib_bench_secp160r1 ${ops})
  endforeach()
  # fast without the table of G (SC_NO_GTAB, parts with 32 KB of flash): k*G by sc_ec_mul
  sc_fw_lib(sc_fwlib_fp_notab DEFS SC_CURVES_ALL=0 SC_CURVE_SECP160R1=1 ASM)
  sc_bench_fp(footprint_ecdsa_ecdh_notab sc_fwlib_fp_notab 1)
else()
  sc_fw_lib(sc_fwlib_fp_small_all DEFS ${SC_FW_SEC2} ${SC_BENCH_SMALL_DEFS})
  sc_fw_lib(sc_fwlib_fp_fast_all DEFS ${SC_FW_SEC2} ASM)
  sc_bench_fp(footprint_ecdsa_ecdh_small_all sc_fwlib_fp_small_all 1 ALL)
  sc_bench_fp(footprint_ecdsa_ecdh_fast_all sc_fwlib_fp_fast_all 1 ALL)
endif()

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
