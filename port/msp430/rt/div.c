/* port/msp430/rt/div.c: the division helpers clang's msp430 target calls (MSP430 EABI,
 * TI SLAA664 6.3: __mspabi_div* / __mspabi_rem*, 16, 32 and 64 bits, signed and unsigned).
 *
 * Restoring binary long division (Knuth, TAOCP vol. 2, 4.3.1), one quotient bit per
 * step, a fixed number of steps per width: the time depends on the width only.  The
 * library divides only public values (sizes, bit counts, decimal printing); division by
 * zero returns quotient all-ones and remainder the dividend, as the loop gives.  Only
 * shifts by one and subtractions inside, so no helper calls itself. */
#include <stdint.h>

static uint16_t udiv16(uint16_t n, uint16_t d, uint16_t *rem)
{
    uint16_t q = 0, r = 0;
    int i;
    for (i = 15; i >= 0; i--) {
        r = (uint16_t)(r << 1 | (n >> 15));
        n = (uint16_t)(n << 1);
        q = (uint16_t)(q << 1);
        if (r >= d) {
            r = (uint16_t)(r - d);
            q |= 1;
        }
    }
    *rem = r;
    return q;
}

static uint32_t udiv32(uint32_t n, uint32_t d, uint32_t *rem)
{
    uint32_t q = 0, r = 0;
    int i;
    for (i = 31; i >= 0; i--) {
        r = r << 1 | (n >> 31);
        n <<= 1;
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1;
        }
    }
    *rem = r;
    return q;
}

static uint64_t udiv64(uint64_t n, uint64_t d, uint64_t *rem)
{
    uint64_t q = 0, r = 0;
    int i;
    for (i = 63; i >= 0; i--) {
        r = r << 1 | (n >> 63);
        n <<= 1;
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1;
        }
    }
    *rem = r;
    return q;
}

uint16_t __mspabi_divu(uint16_t n, uint16_t d);
uint16_t __mspabi_remu(uint16_t n, uint16_t d);
int16_t __mspabi_divi(int16_t n, int16_t d);
int16_t __mspabi_remi(int16_t n, int16_t d);
uint32_t __mspabi_divul(uint32_t n, uint32_t d);
uint32_t __mspabi_remul(uint32_t n, uint32_t d);
int32_t __mspabi_divli(int32_t n, int32_t d);
int32_t __mspabi_remli(int32_t n, int32_t d);
uint64_t __mspabi_divull(uint64_t n, uint64_t d);
uint64_t __mspabi_remull(uint64_t n, uint64_t d);
int64_t __mspabi_divlli(int64_t n, int64_t d);
int64_t __mspabi_remlli(int64_t n, int64_t d);

uint16_t __mspabi_divu(uint16_t n, uint16_t d)
{
    uint16_t r;
    return udiv16(n, d, &r);
}

uint16_t __mspabi_remu(uint16_t n, uint16_t d)
{
    uint16_t r;
    udiv16(n, d, &r);
    return r;
}

/* C11 6.5.5: the quotient truncates toward zero, the remainder takes the dividend's sign */
int16_t __mspabi_divi(int16_t n, int16_t d)
{
    uint16_t r, un = n < 0 ? (uint16_t)-(uint16_t)n : (uint16_t)n;
    uint16_t ud = d < 0 ? (uint16_t)-(uint16_t)d : (uint16_t)d;
    uint16_t q = udiv16(un, ud, &r);
    return (int16_t)((n < 0) != (d < 0) ? (uint16_t)-q : q);
}

int16_t __mspabi_remi(int16_t n, int16_t d)
{
    uint16_t r, un = n < 0 ? (uint16_t)-(uint16_t)n : (uint16_t)n;
    uint16_t ud = d < 0 ? (uint16_t)-(uint16_t)d : (uint16_t)d;
    udiv16(un, ud, &r);
    return (int16_t)(n < 0 ? (uint16_t)-r : r);
}

uint32_t __mspabi_divul(uint32_t n, uint32_t d)
{
    uint32_t r;
    return udiv32(n, d, &r);
}

uint32_t __mspabi_remul(uint32_t n, uint32_t d)
{
    uint32_t r;
    udiv32(n, d, &r);
    return r;
}

int32_t __mspabi_divli(int32_t n, int32_t d)
{
    uint32_t r, un = n < 0 ? -(uint32_t)n : (uint32_t)n, ud = d < 0 ? -(uint32_t)d : (uint32_t)d;
    uint32_t q = udiv32(un, ud, &r);
    return (int32_t)((n < 0) != (d < 0) ? -q : q);
}

int32_t __mspabi_remli(int32_t n, int32_t d)
{
    uint32_t r, un = n < 0 ? -(uint32_t)n : (uint32_t)n, ud = d < 0 ? -(uint32_t)d : (uint32_t)d;
    udiv32(un, ud, &r);
    return (int32_t)(n < 0 ? -r : r);
}

uint64_t __mspabi_divull(uint64_t n, uint64_t d)
{
    uint64_t r;
    return udiv64(n, d, &r);
}

uint64_t __mspabi_remull(uint64_t n, uint64_t d)
{
    uint64_t r;
    udiv64(n, d, &r);
    return r;
}

int64_t __mspabi_divlli(int64_t n, int64_t d)
{
    uint64_t r, un = n < 0 ? -(uint64_t)n : (uint64_t)n, ud = d < 0 ? -(uint64_t)d : (uint64_t)d;
    uint64_t q = udiv64(un, ud, &r);
    return (int64_t)((n < 0) != (d < 0) ? -q : q);
}

int64_t __mspabi_remlli(int64_t n, int64_t d)
{
    uint64_t r, un = n < 0 ? -(uint64_t)n : (uint64_t)n, ud = d < 0 ? -(uint64_t)d : (uint64_t)d;
    udiv64(un, ud, &r);
    return (int64_t)(n < 0 ? -r : r);
}
