/* Internal: the Montgomery reductions in C (generic and OPF).  sc_fp_reduce_mont uses
 * faster versions where it has them (64-bit limbs: reduce64.h; AVR firmware:
 * port/avr/gen/fp_redc<N>.S); this one stays callable so the tests can compare. */
#ifndef SEACURVE_FP_REDUCE_MONT_H
#define SEACURVE_FP_REDUCE_MONT_H

#include <seacurve/fp.h>

/* r = t R^-1 mod p, R = 2^(SC_WORD_BITS nw), for 0 <= t < p R (2 nw words, clobbered). */
void sc_fp_reduce_mont_c(sc_word *r, sc_word *t, const sc_fp_field *f);
/* The same for an optimal prime p = u 2^k + 1 (sc_fp_is_opf): the low-weight
 * rows of fp/reduce_opf.c, which sc_fp_reduce_opf runs where no assembly
 * kernel takes over.  0 <= t < p^2. */
void sc_fp_reduce_opf_c(sc_word *r, sc_word *t, const sc_fp_field *f);
/* For an optimal prime: the index of the first nonzero word of p above word 0
 * (the top word or words that hold u 2^(k mod W)); public. */
size_t sc_fp_opf_top_index(const sc_fp_field *f);
/* 1 when sc_fp_reduce_mont reduces modulo f's p in this build: always, except
 * with SC_FP_GENERIC_SIZES = 0 (config.h: an AVR build with the kernels),
 * where it serves the moduli of its REDC kernels only and writes zeros
 * otherwise. */
int sc_fp_reduce_mont_serves(const sc_fp_field *f);

#endif
