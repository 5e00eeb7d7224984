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

#define SEACURVE_VERSION "0.1.0"

#endif
