/* seacurve: elliptic-curve cryptography for sensor networks.  Umbrella header. */
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

/* The release, as in CMakeLists.txt's project(VERSION): CMake refuses to configure when they
 * differ, and tools/version.py sets and checks every copy (CHANGELOG.md, "Releasing"). */
#define SEACURVE_VERSION "0.1.0"
#define SEACURVE_VERSION_MAJOR 0
#define SEACURVE_VERSION_MINOR 1
#define SEACURVE_VERSION_PATCH 0

#ifdef __cplusplus
}
#endif

#endif
