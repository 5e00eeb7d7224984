/** @file err.h
 * @brief Error codes: every seacurve function that can fail returns one. */
#ifndef SEACURVE_ERR_H
#define SEACURVE_ERR_H

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup err
 * @brief The error codes (sc_err) and their descriptions (sc_strerror).
 *
 * SC_OK is 0, SC_IN_PROGRESS (restartable operations only) is positive, every error
 * is negative, so `if (e < 0)` tests for failure.  A function that fails zeroes its
 * outputs.
 * @{ */

/** @brief The result of every function that can fail. */
typedef enum sc_err {
    SC_IN_PROGRESS = 1,       /**< a restartable operation is not finished yet (restart.h) */
    SC_OK = 0,                /**< success */
    SC_ERR_ARG = -1,          /**< NULL pointer or meaningless argument */
    SC_ERR_LENGTH = -2,       /**< input of the wrong length */
    SC_ERR_BUFFER = -3,       /**< output buffer too small */
    SC_ERR_CURVE = -4,        /**< unknown or unsupported curve */
    SC_ERR_CURVE_MISMATCH = -5, /**< key / point of another curve */
    SC_ERR_RANGE = -6,        /**< coordinate or field element >= p */
    SC_ERR_POINT = -7,        /**< point not on the curve / bad encoding of a point */
    SC_ERR_INFINITY = -8,     /**< point at infinity where a finite point is required */
    SC_ERR_SCALAR = -9,       /**< private key / scalar is 0 or >= n */
    SC_ERR_SIG_RANGE = -10,   /**< signature r or s is 0 or >= n */
    SC_ERR_ENCODING = -11,    /**< malformed DER / PEM / SEC1 encoding */
    SC_ERR_VERIFY = -12,      /**< signature does not verify */
    SC_ERR_RNG = -13,         /**< no source of randomness, it failed, or its output stayed unusable (rng.h) */
    SC_ERR_HASH = -14,        /**< unknown hash algorithm */
    SC_ERR_NOT_SQUARE = -15,  /**< no square root exists */
    SC_ERR_UNSUPPORTED = -16, /**< valid but unsupported input (e.g. explicit curve parameters) */
    SC_ERR_KEY_TYPE = -17,    /**< a public key where a private key is expected, or the reverse */
    SC_ERR_FAULT = -18        /**< a fault check failed: the computation was disturbed, nothing released (SC_FAULT_CHECKS) */
} sc_err;

/** @brief A short English description of an error code.
 * @param[in] e  any value, including values outside the enumeration.
 * @return a static string, never NULL. */
const char *sc_strerror(sc_err e);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
