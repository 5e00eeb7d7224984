/* Fixed-base tables for each curve's generator (ec layer format), or NULL. */
#ifndef SC_CURVES_GTAB_H
#define SC_CURVES_GTAB_H

#define SC_GTAB_SECP160R1 NULL
#define SC_GTAB_SECP192R1 NULL
#define SC_GTAB_SECP224R1 NULL
#define SC_GTAB_SECP256R1 NULL
#define SC_GTAB_SECP256K1 NULL

#endif
