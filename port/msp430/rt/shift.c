/* port/msp430/rt/shift.c: the shift helpers clang's msp430 target calls for shifts by a
 * variable count (MSP430 EABI, TI SLAA664 6.3: __mspabi_sl* / __mspabi_sr*, 16 and 32
 * bits; the 64-bit ones under libgcc's names __ashldi3 / __lshrdi3 / __ashrdi3).
 *
 * The MSP430 shifts one bit per instruction (rla / rrc / rra), so each helper loops
 * `count` times: the time depends on the count.  The library shifts by secret-
 * independent counts only (bit positions of public sizes and loop indices); counts of
 * the width or more give the C semantics of the loop (all bits shifted out).  Shifts by
 * one are written out, which the compiler expands inline. */
#include <stdint.h>

uint16_t __mspabi_slli(uint16_t a, int16_t n);
uint16_t __mspabi_srli(uint16_t a, int16_t n);
int16_t __mspabi_srai(int16_t a, int16_t n);
uint32_t __mspabi_slll(uint32_t a, int16_t n);
uint32_t __mspabi_srll(uint32_t a, int16_t n);
int32_t __mspabi_sral(int32_t a, int16_t n);
uint64_t __ashldi3(uint64_t a, int16_t n);
uint64_t __lshrdi3(uint64_t a, int16_t n);
int64_t __ashrdi3(int64_t a, int16_t n);

uint16_t __mspabi_slli(uint16_t a, int16_t n)
{
    while (n-- > 0)
        a = (uint16_t)(a << 1);
    return a;
}

uint16_t __mspabi_srli(uint16_t a, int16_t n)
{
    while (n-- > 0)
        a >>= 1;
    return a;
}

int16_t __mspabi_srai(int16_t a, int16_t n)
{
    while (n-- > 0)
        a = (int16_t)(a >> 1);
    return a;
}

uint32_t __mspabi_slll(uint32_t a, int16_t n)
{
    while (n-- > 0)
        a <<= 1;
    return a;
}

uint32_t __mspabi_srll(uint32_t a, int16_t n)
{
    while (n-- > 0)
        a >>= 1;
    return a;
}

int32_t __mspabi_sral(int32_t a, int16_t n)
{
    while (n-- > 0)
        a >>= 1;
    return a;
}

uint64_t __ashldi3(uint64_t a, int16_t n)
{
    while (n-- > 0)
        a <<= 1;
    return a;
}

uint64_t __lshrdi3(uint64_t a, int16_t n)
{
    while (n-- > 0)
        a >>= 1;
    return a;
}

int64_t __ashrdi3(int64_t a, int16_t n)
{
    while (n-- > 0)
        a >>= 1;
    return a;
}
