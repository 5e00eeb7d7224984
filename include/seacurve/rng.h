/* rng: the library's source of randomness (docs/rng.md).
 *
 * Everything in seacurve that needs fresh randomness (sc_keygen,
 * sc_ecdh_ephemeral) takes it from sc_random, and sc_random from one source:
 *
 *   - the callback set with sc_rng_set, once set;
 *   - otherwise the operating system: getrandom(2) on Linux, getentropy(3) on
 *     macOS and the BSDs;
 *   - otherwise (bare metal: AVR, MSP430, Cortex-M; or a build with
 *     SC_NO_OS_RNG) none: sc_random answers SC_ERR_RNG, and so does every
 *     function that needs randomness, until the application sets a source.
 *
 * Settable once: the first successful sc_rng_set wins for the life of the
 * program.  A later call with another (fn, ctx) answers SC_ERR_ARG and
 * changes nothing, so code linked into the application (another library, a
 * plug-in) cannot replace the source unnoticed; the same (fn, ctx) again
 * answers SC_OK.  There is no way to remove a source.
 *
 * Threads (the gateway): sc_rng_set and sc_random may be called from any
 * threads at once where the compiler has lock-free atomic pointers (gcc,
 * clang on every host target): exactly one sc_rng_set wins, and a thread that
 * sees the source set sees its ctx.  A call of sc_random that overlaps the
 * first sc_rng_set may still use the OS default (or fail on bare metal), so
 * set the source before starting the threads that use it.  The callback is
 * called from every thread that calls sc_random, concurrently: it must be
 * thread-safe itself (the OS defaults are).  Without lock-free atomics (AVR,
 * other compilers) the accesses are plain: on a mote, set the source before
 * enabling interrupts whose handlers use the library.
 *
 * No heap: the library keeps the two pointers in static storage. */
#ifndef SEACURVE_RNG_H
#define SEACURVE_RNG_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A source of randomness: fill out[0..len) with random bytes and return 0, or
 * return any other value on failure (the bytes written are then discarded).
 * ctx is the pointer given to sc_rng_set. */
typedef int (*sc_rng_fn)(void *ctx, uint8_t *out, size_t len);

/* Set the library's source of randomness (see above: the first call wins).
 * SC_OK, or SC_ERR_ARG if fn is NULL or another source is already set. */
sc_err sc_rng_set(sc_rng_fn fn, void *ctx);

/* len random bytes from the source set with sc_rng_set, else from the OS
 * default.  SC_ERR_ARG if out is NULL and len > 0; SC_ERR_RNG if there is no
 * source or the source fails, and then out[0..len) is zeroed. */
sc_err sc_random(uint8_t *out, size_t len);

#ifdef __cplusplus
}
#endif

#endif
