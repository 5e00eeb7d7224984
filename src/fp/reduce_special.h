/* Internal: the 32-bit-chunk special reducers (every limb width).  At
 * 64-bit limbs the public sc_fp_reduce_* use word-based versions instead;
 * the chunk versions stay callable so the tests can compare the two. */
#ifndef SEACURVE_FP_REDUCE_SPECIAL_H
#define SEACURVE_FP_REDUCE_SPECIAL_H

#include <seacurve/fp.h>

void sc_fp_reduce_secp160r1_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f);
void sc_fp_reduce_p192_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f);
void sc_fp_reduce_p224_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f);
void sc_fp_reduce_p256_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f);
void sc_fp_reduce_secp256k1_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f);
/* 16-bit limbs: the same folds over 16-bit words with 32-bit accumulators
 * (reduce_special16.c), which sc_fp_reduce_secp160r1 / sc_fp_reduce_p256 use there. */
void sc_fp_reduce_secp160r1_w16(sc_word *r, const sc_word *t, const sc_fp_field *f);
void sc_fp_reduce_p256_w16(sc_word *r, const sc_word *t, const sc_fp_field *f);

#endif
