/** @file seacurve.h
 * @brief seacurve: elliptic-curve cryptography for sensor networks.  Umbrella header.
 *
 * Includes the user API: configuration, errors, helpers, hashes, randomness, curves,
 * keys / ECDSA / ECDH, encodings and the restartable operations.  The arithmetic layers
 * (mp, fp, fb, ep, eb, ec) and the method matrix have headers of their own.
 * @ingroup api */
#ifndef SEACURVE_H
#define SEACURVE_H

#include "config.h"
#include "err.h"
#include "util.h"
#include "hash.h"
#include "rng.h"
#include "curves.h"
#include "pk.h"
#include "encoding.h"
#include "restart.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The library version, "MAJOR.MINOR.PATCH", as in CMakeLists.txt's project(VERSION):
 * CMake refuses to configure when they differ, and tools/version.py sets and checks every copy
 * (CHANGELOG.md, "Releasing"). @ingroup api */
#define SEACURVE_VERSION "0.1.0"
/** @brief The version's major number. @ingroup api */
#define SEACURVE_VERSION_MAJOR 0
/** @brief The version's minor number. @ingroup api */
#define SEACURVE_VERSION_MINOR 1
/** @brief The version's patch number. @ingroup api */
#define SEACURVE_VERSION_PATCH 0

#ifdef __cplusplus
}
#endif

#endif
