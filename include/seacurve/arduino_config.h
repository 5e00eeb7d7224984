/** @file arduino_config.h
 * @ingroup config
 * @brief seacurve's configuration in an Arduino build (config.h includes this file when ARDUINO is
 * defined; docs/integration.md).  The Arduino IDE compiles a library without -D flags, so
 * the options of config.h and docs/mote-port.md are set here: edit this file in the
 * installed library (libraries/seacurve/src/seacurve/arduino_config.h) to change them.  The
 * sketches and the library both include it, so they always agree.
 *
 * Defaults: secp160r1 alone, no table of G (it alone is 21 KB of flash), and
 *   - on parts with 64 KB of flash or more (ATmega644P, ATmega128x, ATmega1284P,
 *     ATmega256x): the AVR assembly kernels (SC_AVR_ASM, docs/mote-asm.md) and the default
 *     windows, for speed;
 *   - on smaller parts (ATmega328P: the Uno, 32 KB of flash, 2 KB of RAM): C only and
 *     windows of 2, the small profile of docs/mote.md, for size. */
#ifndef SEACURVE_ARDUINO_CONFIG_H
#define SEACURVE_ARDUINO_CONFIG_H

#ifdef __cplusplus
extern "C" {
#endif

/* Curves: SC_CURVES_ALL 0, then SC_CURVE_<NAME> 1 for each curve kept (config.h lists
 * them: SECP160R1, SECP192R1, SECP224R1, SECP256R1, SECP256K1, OPF160 ... OPF256). */
#ifndef SC_CURVES_ALL
#  define SC_CURVES_ALL 0      /**< Arduino default: only the curves named below */
#  define SC_CURVE_SECP160R1 1 /**< Arduino default: secp160r1 */
#endif

#if defined(__AVR_ATmega644P__) || defined(__AVR_ATmega644__) || defined(__AVR_ATmega1284P__) || \
    defined(__AVR_ATmega1284__) || defined(__AVR_ATmega128__) || defined(__AVR_ATmega1280__) || \
    defined(__AVR_ATmega1281__) || defined(__AVR_ATmega2560__) || defined(__AVR_ATmega2561__)
#  ifndef SC_AVR_ASM
#    define SC_AVR_ASM 1
#  endif
#else
#  ifndef SC_EC_MUL_W
#    define SC_EC_MUL_W 2    /**< small parts: window 2 for k*P (ec.h) */
#    define SC_EC_MUL_WMAX 2 /**< small parts: largest window of sc_ec_mul_fixwin */
#    define SC_EC_MUL2_WQ 2  /**< small parts: wNAF width 2 for Q in verification */
#  endif
#endif

/* The precomputed table of G in flash (faster signing and key generation, 21-30 KB per
 * curve, docs/mote-port.md) is left out; define SC_WITH_GTAB here to keep it. */

#ifdef __cplusplus
}
#endif

#endif
