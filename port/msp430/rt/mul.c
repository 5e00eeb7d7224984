/* port/msp430/rt/mul.c: the multiplication helpers clang's msp430 target calls, on the
 * hardware multiplier (TI SLAA664, MSP430 EABI 6.3; register maps: MSP430x1xx Family
 * User's Guide SLAU049 ch. 7 "Hardware Multiplier", MSP430x5xx/6xx SLAU208 "MPY32").
 *
 * SC_MSP430_HWMULT selects the multiplier, as clang's -mhwmult does the helpers' names:
 *   16  the 16 x 16 peripheral of the MSP430F1xx (F1611) at 0x0130: __mspabi_mpy*_hw;
 *   32  the MPY32 of the F5xx/F6xx (F5438) at 0x04C0: __mspabi_mpy*_f5hw.
 * Each helper writes its operands and reads the product; its instructions and their
 * number never depend on the operands (a multiply takes the same cycles for every
 * operand), so constant-time code stays constant time through them.  The multiplier's
 * registers are shared state: an interrupt handler that multiplies must save and
 * restore them (the images run without interrupts).  Built with -fno-builtin and no
 * C multiplication inside: the compiler would call the helpers from themselves. */
#include <stdint.h>

#define SC_REG16(a) (*(volatile uint16_t *)(uintptr_t)(a))

#if SC_MSP430_HWMULT == 16

#define MPY SC_REG16(0x0130)
#define OP2 SC_REG16(0x0138)
#define RESLO SC_REG16(0x013A)
#define RESHI SC_REG16(0x013C)

/* a * b, 16 x 16 -> 32 bits */
static inline uint32_t mul16(uint16_t a, uint16_t b)
{
    MPY = a;
    OP2 = b;
    return (uint32_t)RESHI << 16 | RESLO;
}

/* the low 16 bits of a * b */
static inline uint16_t mul16lo(uint16_t a, uint16_t b)
{
    MPY = a;
    OP2 = b;
    return RESLO;
}

uint16_t __mspabi_mpyi_hw(uint16_t a, uint16_t b);
uint32_t __mspabi_mpyl_hw(uint32_t a, uint32_t b);
uint64_t __mspabi_mpyll_hw(uint64_t a, uint64_t b);

uint16_t __mspabi_mpyi_hw(uint16_t a, uint16_t b)
{
    return mul16lo(a, b);
}

/* a * b mod 2^32 = a0 b0 + (a1 b0 + a0 b1) 2^16 (16-bit halves) */
uint32_t __mspabi_mpyl_hw(uint32_t a, uint32_t b)
{
    uint16_t a0 = (uint16_t)a, a1 = (uint16_t)(a >> 16), b0 = (uint16_t)b, b1 = (uint16_t)(b >> 16);
    uint32_t p = mul16(a0, b0);
    uint16_t hi = (uint16_t)(p >> 16);
    hi = (uint16_t)(hi + mul16lo(a1, b0));
    hi = (uint16_t)(hi + mul16lo(a0, b1));
    return (uint32_t)hi << 16 | (uint16_t)p;
}

/* a * b mod 2^64: the ten 16 x 16 products a_i b_j with i + j < 4, summed by column
 * (schoolbook): each product's low and high halves go to separate 32-bit column sums,
 * which cannot overflow (at most 4 halves and a carry below 2^18), so no carry test. */
uint64_t __mspabi_mpyll_hw(uint64_t a, uint64_t b)
{
    uint16_t x[4] = {(uint16_t)a, (uint16_t)(a >> 16), (uint16_t)(a >> 32), (uint16_t)(a >> 48)};
    uint16_t y[4] = {(uint16_t)b, (uint16_t)(b >> 16), (uint16_t)(b >> 32), (uint16_t)(b >> 48)};
    uint16_t r[4];
    uint32_t lo = 0, hi = 0;
    int k, i;
    for (k = 0; k < 4; k++) {
        for (i = 0; i <= k; i++) {
            uint32_t p = mul16(x[i], y[k - i]);
            lo += (uint16_t)p;
            hi += p >> 16;
        }
        r[k] = (uint16_t)lo;
        lo = (lo >> 16) + hi;
        hi = 0;
    }
    return (uint64_t)r[3] << 48 | (uint64_t)r[2] << 32 | (uint64_t)r[1] << 16 | r[0];
}

#elif SC_MSP430_HWMULT == 32

#define MPY SC_REG16(0x04C0)
#define OP2 SC_REG16(0x04C8)
#define RESLO SC_REG16(0x04CA)
#define MPY32L SC_REG16(0x04D0)
#define MPY32H SC_REG16(0x04D2)
#define OP2L SC_REG16(0x04E0)
#define OP2H SC_REG16(0x04E2)
#define RES0 SC_REG16(0x04E4)
#define RES1 SC_REG16(0x04E6)
#define RES2 SC_REG16(0x04E8)
#define RES3 SC_REG16(0x04EA)

/* a * b, 32 x 32 -> 64 bits (writing OP2H starts the product) */
static inline uint64_t mul32(uint32_t a, uint32_t b)
{
    MPY32L = (uint16_t)a;
    MPY32H = (uint16_t)(a >> 16);
    OP2L = (uint16_t)b;
    OP2H = (uint16_t)(b >> 16);
    return (uint64_t)RES3 << 48 | (uint64_t)RES2 << 32 | (uint64_t)RES1 << 16 | RES0;
}

uint16_t __mspabi_mpyi_f5hw(uint16_t a, uint16_t b);
uint32_t __mspabi_mpyl_f5hw(uint32_t a, uint32_t b);
uint64_t __mspabi_mpyll_f5hw(uint64_t a, uint64_t b);

uint16_t __mspabi_mpyi_f5hw(uint16_t a, uint16_t b)
{
    MPY = a;
    OP2 = b;
    return RESLO;
}

uint32_t __mspabi_mpyl_f5hw(uint32_t a, uint32_t b)
{
    MPY32L = (uint16_t)a;
    MPY32H = (uint16_t)(a >> 16);
    OP2L = (uint16_t)b;
    OP2H = (uint16_t)(b >> 16);
    return (uint32_t)RES1 << 16 | RES0;
}

/* a * b mod 2^64 = a0 b0 + (a1 b0 + a0 b1) 2^32 (32-bit halves) */
uint64_t __mspabi_mpyll_f5hw(uint64_t a, uint64_t b)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t p = mul32(a0, b0);
    uint32_t hi = (uint32_t)(p >> 32) + (uint32_t)mul32(a1, b0) + (uint32_t)mul32(a0, b1);
    return (uint64_t)hi << 32 | (uint32_t)p;
}

#else
#error "SC_MSP430_HWMULT must be 16 (MSP430F1xx multiplier) or 32 (MPY32)"
#endif
