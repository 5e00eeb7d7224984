/* mp: the switches of accel.h between the C products and the x86-64
 * MULX/ADCX/ADOX kernels, and between the C table scans and the AVX2 one,
 * and sc_mp_set_accel (mp.h), which sets them. */
#include <seacurve/mp.h>
#include "accel.h"

#ifdef SC_MP_HAVE_MULX
/* Default: probed (on where the CPU has BMI2 and ADX) with clang, whose C
 * 4-word products are slow (P-256 fp_mul 35 ns C, 24 ns MULX on the
 * development Xeon); off with gcc, whose C products measured as fast as the
 * MULX calls (fused with the reducer, no call) and faster on 3-word
 * Montgomery fields (17 vs 20 ns).  sc_mp_set_accel changes it. */
#if defined(__clang__)
atomic_int sc_mp_mulx_state = -1;
#else
atomic_int sc_mp_mulx_state = 0;
#endif

atomic_int sc_mp_fused_state = -1;

atomic_int sc_mp_avx2_state = -1;

/* port/x86_64/mp_select_avx2.c */
int sc_mp_avx2_available(void);
int sc_mp_select_avx2(uint64_t *r, const uint64_t *tab, unsigned n, unsigned idx, size_t len);

int sc_mp_select_accel(sc_word *r, const sc_word *tab, unsigned n, unsigned idx, size_t len)
{
    int m = atomic_load_explicit(&sc_mp_avx2_state, memory_order_relaxed);
    if (m < 0) {
        m = sc_mp_avx2_available();
        atomic_store_explicit(&sc_mp_avx2_state, m, memory_order_relaxed);
    }
    return m && sc_mp_select_avx2(r, tab, n, idx, len);
}

/* The return value says whether the MULX kernels are on; the AVX2 scan
 * follows enable where the CPU has it. */
int sc_mp_set_accel(int enable)
{
    int on = enable && sc_mp_mulx_available();
    atomic_store_explicit(&sc_mp_mulx_state, on, memory_order_relaxed);
    atomic_store_explicit(&sc_mp_fused_state, on, memory_order_relaxed);
    atomic_store_explicit(&sc_mp_avx2_state, enable && sc_mp_avx2_available(), memory_order_relaxed);
    return on;
}
#else
int sc_mp_set_accel(int enable)
{
    (void)enable;
    return 0;
}
#endif
