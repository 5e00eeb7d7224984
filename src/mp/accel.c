/* mp: the switches of accel.h between the C products and the x86-64
 * MULX/ADCX/ADOX kernels, and sc_mp_set_accel (mp.h), which sets them. */
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

int sc_mp_set_accel(int enable)
{
    int on = enable && sc_mp_mulx_available();
    atomic_store_explicit(&sc_mp_mulx_state, on, memory_order_relaxed);
    atomic_store_explicit(&sc_mp_fused_state, on, memory_order_relaxed);
    return on;
}
#else
int sc_mp_set_accel(int enable)
{
    (void)enable;
    return 0;
}
#endif
