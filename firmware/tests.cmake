# firmware/tests.cmake: the test images (docs/mote.md, docs/mote-asm.md), included from
# firmware/CMakeLists.txt; tools/avrsim/CMakeLists.txt runs them as ctest fw_*.
#
#   kat_all_asm   atmega1281: all five curves, asm kernels  (test_kat.c)
#   kat_160_asm   atmega128:  secp160r1 only, asm kernels, fixed-base table of G
#                 (SC_WITH_GTAB: the benchmark's configuration)
#   kat_160_c     atmega128:  secp160r1 only, C only
#   kat_b163      atmega1281: sect163k1 and sect163r2 (and secp160r1's round trip)
#   ct_160_asm    atmega128:  secp160r1, asm kernels, table of G: same cycles for every secret
#   ct_160_c      atmega128:  secp160r1, C only           (test_ct_cycles.c)
#   kat_160_compact, ct_160_compact  atmega128: secp160r1, asm kernels with the compact
#                 multiply / squaring (SC_AVR_COMPACT), no table of G
#   ct_opf160_asm atmega128:  opf160, asm kernels, table of G
#   kat_opf_lo_asm, kat_opf_hi_asm  atmega1281: opf160 + opf192, opf224 + opf256, asm kernels
#                 (vectors computed in Python)
#   ct_256_asm    atmega1281: secp256r1, asm kernels, table of G
#   ct_b163       atmega1281: sect163r2 (NIST B-163)
#   restart_160   atmega128:  secp160r1, asm kernels, table of G: the restartable operations
#                 sliced at N = 1, 8, 32 against the one-shot calls, per-step cycles for
#                 eight secrets (restart_ops.c)
#   restart_256   atmega1281: the same on secp256r1
#   rng_160       atmega128:  secp160r1, asm kernels: no source, the ADC entropy source of
#                 examples/mote/entropy.c, sc_keygen, sc_ecdh_ephemeral (test_rng.c)
#
# The KAT images' libraries (and opf_asm's) define SC_WITH_GENERIC_SIZES (seacurve/config.h):
# test_kat.c runs sc_mp_mul and sc_fp_reduce_mont on every size up to SC_FP_MAXW against the C
# fallbacks, which a library with the kernels and prime curves alone leaves out by default.
#
# The KAT vectors are generated into the build directory at build time by
# tools/vectors/gen_fw_kat.py (nothing generated is committed); without a Python 3
# interpreter the KAT images are left out.
find_package(Python3 COMPONENTS Interpreter QUIET)

# sc_fw_kat(<name> <lib> <curves,comma,separated> <scale> <config text>)
function(sc_fw_kat name lib curves scale config)
  if(NOT Python3_Interpreter_FOUND)
    message(STATUS "firmware: python3 not found, ${name} (KAT image) not built")
    return()
  endif()
  set(gen ${SC_FW_ROOT}/tools/vectors/gen_fw_kat.py)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/${name}_gen)
  file(GLOB vecs ${SC_FW_ROOT}/tests/vectors/flat/*.txt ${SC_FW_ROOT}/tests/vectors/flat/*/*.txt)
  add_custom_command(OUTPUT ${dir}/fw_kat_vectors.h
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${Python3_EXECUTABLE} ${gen} --curves ${curves} --scale ${scale}
      --out ${dir}/fw_kat_vectors.h
    DEPENDS ${gen} ${vecs} VERBATIM)
  sc_firmware(${name} test_kat.c ${dir}/fw_kat_vectors.h)
  target_include_directories(${name} PRIVATE ${dir})
  target_link_libraries(${name} PRIVATE ${lib})
  target_compile_definitions(${name} PRIVATE SC_KAT_CONFIG="${config}")
endfunction()

set(SC_FW_160 SC_CURVES_ALL=0 SC_CURVE_SECP160R1=1)
if(SC_AVR_MCU STREQUAL "atmega1281")
  sc_fw_lib(sc_fwlib_test_all_asm DEFS ${SC_FW_SEC2} SC_WITH_GENERIC_SIZES=1 ASM)
  sc_fw_kat(kat_all_asm sc_fwlib_test_all_asm
    secp160r1,secp192r1,secp224r1,secp256r1,secp256k1 1 "all curves, asm")
  # the kernels' full comparison runs in kat_160_asm (same AVR core): a short one here
  # and the SHA-256 comparison (section 5, which links the C block function beside the
  # asm one) only there: kat_all_asm fills the ATmega1281's 128 KiB of flash
  target_compile_definitions(kat_all_asm PRIVATE SC_KAT_ASM_ROUNDS=20 SC_KAT_SHA=0)
  sc_fw_lib(sc_fwlib_test_256_asm DEFS SC_CURVES_ALL=0 SC_CURVE_SECP256R1=1 SC_WITH_GTAB=1 ASM)
  sc_firmware(ct_256_asm test_ct_cycles.c)
  target_link_libraries(ct_256_asm PRIVATE sc_fwlib_test_256_asm)
  sc_firmware(restart_256 restart_ops.c)
  target_link_libraries(restart_256 PRIVATE sc_fwlib_test_256_asm)
  # The 163-bit binary curves (NIST K-163, B-163; the required prime curve beside
  # them): CAVP SigGen with k, KeyPair, RFC 6979, round trips
  sc_fw_lib(sc_fwlib_test_b163k_asm DEFS SC_CURVES_ALL=0 SC_CURVE_SECP160R1=1 SC_CURVE_SECT163K1=1
    SC_CURVE_SECT163R2=1 ASM)
  sc_fw_kat(kat_b163 sc_fwlib_test_b163k_asm sect163k1,sect163r2 1 "K-163 and B-163")
  target_compile_definitions(kat_b163 PRIVATE SC_KAT_ASM_ROUNDS=20)
  # B-163 (sect163r2; the required prime curve beside it): the ladder and the comb
  # with direct table lookups (src/fb/fb.c) in constant cycles
  sc_fw_lib(sc_fwlib_test_b163_asm DEFS SC_CURVES_ALL=0 SC_CURVE_SECP160R1=1 SC_CURVE_SECT163R2=1 ASM)
  sc_firmware(ct_b163 test_ct_cycles.c)
  target_link_libraries(ct_b163 PRIVATE sc_fwlib_test_b163_asm)
  target_compile_definitions(ct_b163 PRIVATE SC_CT_CURVE="sect163r2")
  # The four OPF curves (docs/opf.md), two per image (their asm kernels, 12 KB for the
  # four sizes, do not fit in one): vectors computed by gen_fw_kat.py in Python
  sc_fw_lib(sc_fwlib_test_opf_lo_asm DEFS SC_CURVES_ALL=0 SC_CURVE_OPF160=1 SC_CURVE_OPF192=1 SC_WITH_GENERIC_SIZES=1 ASM)
  sc_fw_kat(kat_opf_lo_asm sc_fwlib_test_opf_lo_asm opf160,opf192 1 "opf160 and opf192, asm")
  sc_fw_lib(sc_fwlib_test_opf_hi_asm DEFS SC_CURVES_ALL=0 SC_CURVE_OPF224=1 SC_CURVE_OPF256=1 SC_WITH_GENERIC_SIZES=1
    ASM)
  sc_fw_kat(kat_opf_hi_asm sc_fwlib_test_opf_hi_asm opf224,opf256 1 "opf224 and opf256, asm")
  target_compile_definitions(kat_opf_lo_asm PRIVATE SC_KAT_ASM_ROUNDS=20 SC_KAT_SHA=0)
  target_compile_definitions(kat_opf_hi_asm PRIVATE SC_KAT_ASM_ROUNDS=20 SC_KAT_SHA=0)
else()
  sc_fw_lib(sc_fwlib_test_160_asm DEFS ${SC_FW_160} SC_WITH_GTAB=1 SC_WITH_GENERIC_SIZES=1 ASM)
  sc_fw_lib(sc_fwlib_test_160_c DEFS ${SC_FW_160})
  sc_fw_kat(kat_160_asm sc_fwlib_test_160_asm secp160r1 3 "secp160r1, asm")
  sc_fw_kat(kat_160_c sc_fwlib_test_160_c secp160r1 3 "secp160r1, C")
  sc_firmware(ct_160_asm test_ct_cycles.c)
  target_link_libraries(ct_160_asm PRIVATE sc_fwlib_test_160_asm)
  sc_firmware(ct_160_c test_ct_cycles.c)
  target_link_libraries(ct_160_c PRIVATE sc_fwlib_test_160_c)
  sc_firmware(restart_160 restart_ops.c)
  target_link_libraries(restart_160 PRIVATE sc_fwlib_test_160_asm)
  # the compact 160-bit kernels (SC_AVR_COMPACT, the default of a mote build without the
  # table of G): the kernel comparison of section 3 and every known answer, and constant cycles
  sc_fw_lib(sc_fwlib_test_160_compact DEFS ${SC_FW_160} SC_AVR_COMPACT=1 SC_WITH_GENERIC_SIZES=1 ASM)
  sc_fw_kat(kat_160_compact sc_fwlib_test_160_compact secp160r1 1 "secp160r1, asm, compact kernels")
  sc_firmware(ct_160_compact test_ct_cycles.c)
  target_link_libraries(ct_160_compact PRIVATE sc_fwlib_test_160_compact)
  # opf160: the OPF kernels, the table of G, the same cycles for every secret
  sc_fw_lib(sc_fwlib_test_opf160_asm DEFS SC_CURVES_ALL=0 SC_CURVE_OPF160=1 SC_WITH_GTAB=1 ASM)
  sc_firmware(ct_opf160_asm test_ct_cycles.c)
  target_link_libraries(ct_opf160_asm PRIVATE sc_fwlib_test_opf160_asm)
  target_compile_definitions(ct_opf160_asm PRIVATE SC_CT_CURVE="opf160")
  # the source of randomness, key generation and ephemeral ECDH on the mote
  sc_firmware(rng_160 test_rng.c ${SC_FW_ROOT}/examples/mote/entropy.c)
  target_include_directories(rng_160 PRIVATE ${SC_FW_ROOT}/examples/mote)
  target_link_libraries(rng_160 PRIVATE sc_fwlib_test_160_asm)
endif()

# opf_asm (atmega128): the kernels for optimal prime fields (port/avr/gen/fp_opf<N>.S) against
# the C reducer and product, and their cycles (test_opf.c; tools/avrsim/opf_cycles.cmake).
# All curves (SC_FP_MAXW = 32, every size); SC_FP_OPF_AVR=1: sc_fp_mul / sc_fp_sqr call the
# kernels directly for OPF fields (src/fp/opf_avr.h) although no OPF curve is built.
if(SC_AVR_MCU STREQUAL "atmega128")
  sc_fw_lib(sc_fwlib_test_opf_asm DEFS SC_FP_OPF_AVR=1 SC_WITH_GENERIC_SIZES=1 ASM)
  sc_firmware(opf_asm test_opf.c)
  target_link_libraries(opf_asm PRIVATE sc_fwlib_test_opf_asm)
endif()
