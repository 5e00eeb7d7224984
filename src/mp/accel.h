/* Internal: the run-time switches between the C products and the x86-64
 * MULX/ADCX/ADOX kernels (port/x86_64/mp_mulx.c for the products of
 * mul64.h; port/x86_64/mp_mont_mulx.c and mp_fused3_mulx.c for the fused
 * field multiplications of fp.c, port/x86_64/divsteps_x86_64.c for the
 * divsteps of the safegcd inversion), and between the portable
 * constant-time table scans and the AVX2 one (port/x86_64/mp_select_avx2.c), defined in
 * accel.c and set together by sc_mp_set_accel (mp.h).  Defined only where the kernels are compiled:
 * 64-bit limbs on x86-64 with gcc or clang (SC_MP_HAVE_MULX). */
#ifndef SEACURVE_MP_ACCEL_H
#define SEACURVE_MP_ACCEL_H

#include <seacurve/mp.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdatomic.h>
#define SC_MP_HAVE_MULX 1

/* port/x86_64/mp_mulx.c: 1 when CPUID reports BMI2 and ADX (probed once) */
int sc_mp_mulx_available(void);

/* The products: -1 not probed yet (then on where the CPU has BMI2 and ADX),
 * 0 the C products, 1 the MULX products. */
extern atomic_int sc_mp_mulx_state;
/* The fused field multiplications (and the safegcd divstep kernel): their
 * own switch, -1 not probed yet (then on where the CPU has BMI2 and ADX,
 * with gcc and clang alike), 0 off, 1 on. */
extern atomic_int sc_mp_fused_state;

/* The AVX2 table scan: -1 not probed yet (then on where CPUID reports AVX2
 * and the OS saves the ymm state), 0 off, 1 on. */
extern atomic_int sc_mp_avx2_state;

/* r = entry idx of a packed table of n entries of len words, by the AVX2
 * kernel where it is on and handles len (4, 6, 8, 9 or 12 words): every entry
 * is read, constant time in idx; returns 1 then, else 0 with nothing read or
 * written (the caller scans in C).  For the fixed-base and window tables of
 * src/ec/ec.c. */
int sc_mp_select_accel(sc_word *r, const sc_word *tab, unsigned n, unsigned idx, size_t len);

/* port/x86_64/divsteps_x86_64.c: 60 divsteps of the constant-time safegcd
 * inversion (src/fp/inv_safegcd.c, sg_run30) as two runs of 30 on the low
 * bits of f and g: the packed rows (f's, g's) of the first run's matrix,
 * then of the second's, in rows; returns eta.  Used where
 * sc_mp_fused_state is on (it needs no more than x86-64 itself, but
 * follows the field kernels' switch, so that tests run both paths). */
uint64_t sc_fp_divsteps60_x86_64(uint64_t eta, uint64_t inc, uint64_t f, uint64_t g, uint64_t rows[4]);

static inline int mp64_use_mulx(void)
{
    int m = atomic_load_explicit(&sc_mp_mulx_state, memory_order_relaxed);
    if (m < 0)
        m = sc_mp_set_accel(1);
    return m;
}

static inline int mp64_use_fused(void)
{
    int m = atomic_load_explicit(&sc_mp_fused_state, memory_order_relaxed);
    if (m < 0) {
        m = sc_mp_mulx_available();
        atomic_store_explicit(&sc_mp_fused_state, m, memory_order_relaxed);
    }
    return m;
}
#endif

#endif
