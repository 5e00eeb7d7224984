/** @file rng.h
 * @brief rng: the library's source of randomness (docs/rng.md).
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

/** @addtogroup rng
 * @brief The source of randomness: an application hook, else the OS (rng.h).
 * @{ */

/** @brief A source of randomness: fill out[0..len) with random bytes and return 0, or
 * return any other value on failure (the bytes written are then discarded).
 * @param ctx  the pointer given to sc_rng_set.
 * @param out  len bytes to fill.
 * @param len  their count. */
typedef int (*sc_rng_fn)(void *ctx, uint8_t *out, size_t len);

/** @brief Set the library's source of randomness (the first successful call wins).
 * @param[in] fn   the callback; not NULL.
 * @param[in] ctx  passed to every call of fn (may be NULL).
 * @retval SC_OK       the source is now (fn, ctx), or already was.
 * @retval SC_ERR_ARG  fn is NULL, or another source is already set (nothing changes). */
sc_err sc_rng_set(sc_rng_fn fn, void *ctx);

/** @brief Random bytes from the source set with sc_rng_set, else from the OS default.
 * @param[out] out  len bytes; zeroed on failure.
 * @param[in]  len  their count (0 is allowed).
 * @retval SC_OK       out holds len random bytes.
 * @retval SC_ERR_ARG  out is NULL and len > 0.
 * @retval SC_ERR_RNG  there is no source or the source failed. */
sc_err sc_random(uint8_t *out, size_t len);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
