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

#define SEACURVE_VERSION "0.1.0"

#ifdef __cplusplus
}
#endif

#endif
